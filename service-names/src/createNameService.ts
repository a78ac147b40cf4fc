import type { IncomingMessage, ServerResponse } from 'node:http';
import { isAddress } from 'viem';
import { type DatabaseOption, type OpenDatabase, openDatabase } from './database.js';
import { pathSegments, readJson, send } from './httpJson.js';
import { createRateCounter, type NameServiceLimits, resolveLimits } from './limits.js';
import { lookupName, nameRecord, namesOf, storeName, suggestNames } from './nameStore.js';
import { type AllowedOrigins, DEFAULT_PROJECT_ID, type NameProject, originAllowed, resolveProjects } from './projects.js';
import { createRegistrationCheck, NameServiceError, parseRegisterRequest, type SignatureCheckOptions } from './registration.js';
import { requestOrigin } from '@latch/service-kit';
import { clientKey } from './requestSource.js';
import { invalidOption } from '@latch/kernel';

export interface NameServiceOptions extends SignatureCheckOptions {
  /** An open PGlite, or a Postgres connection string. Default: a new in-memory PGlite. */
  database?: DatabaseOption;
  /** Several integrators on one service, keyed by project id (`?projectId=`). */
  projects?: Readonly<Record<string, NameProject>>;
  /** Shorthand for one project (id 'default', used when a request names none). */
  suffix?: string;
  allowedOrigins?: AllowedOrigins;
  /**
   * The URLs clients reach this service at (what they pass as `serviceUrl`), e.g. `['https://names.example.com']`.
   * A registration signed for another service is refused, and pages of these origins may call. Default: the
   * origin each request was sent to (its Host header), which a client can set: give it in production.
   */
  publicUrls?: readonly string[];
  /** How many reverse proxies in front of the service append to `X-Forwarded-For`. Default 0: the socket's peer is the client. */
  trustProxy?: number;
  /** Rate limits and the per-address cap (see `NameServiceLimits` for the defaults). */
  limits?: NameServiceLimits;
  /** Largest request body, in bytes. Default 16 KiB. */
  maxBodyBytes?: number;
  /** At most this many suggestions. Default 5. */
  maxSuggestions?: number;
  /** The clock (ms), for the message's freshness and the limits' windows. Default `Date.now`. */
  now?: () => number;
}

/** Answers the §7 name API (see the README for the routes); `close` frees the database. */
export interface NameService {
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

const PREFIX = '/v1';

/** What the routes work with: the resolved options and the open database. */
interface NameServiceState {
  readonly projects: ReturnType<typeof resolveProjects>;
  readonly limits: ReturnType<typeof resolveLimits>;
  readonly ownOrigins: string[] | undefined;
  readonly trustProxy: number;
  readonly now: () => number;
  readonly maxBody: number;
  readonly maxSuggestions: number;
  readonly checkRegistration: ReturnType<typeof createRegistrationCheck>;
  readonly database: OpenDatabase;
  readonly count: ReturnType<typeof createRateCounter>;
}

function publicOrigins(urls: readonly string[] | undefined): string[] | undefined {
  if (urls === undefined) return undefined;
  return urls.map((url) => {
    try {
      return new URL(url).origin;
    } catch {
      throw invalidOption(`createNameService: publicUrls holds '${url}', which is not a URL`);
    }
  });
}

function projectOf({ projects }: NameServiceState, url: URL): [string, NameProject] {
  const id = url.searchParams.get('projectId') ?? (projects.size === 1 ? [...projects.keys()][0] : DEFAULT_PROJECT_ID);
  const project = id === undefined ? undefined : projects.get(id);
  if (!project || id === undefined) throw new NameServiceError(404, `Unknown project '${url.searchParams.get('projectId') ?? ''}'`);
  return [id, project];
}

const serviceOrigins = ({ ownOrigins, trustProxy }: NameServiceState, request: IncomingMessage) =>
  ownOrigins ?? [requestOrigin(request, trustProxy)].filter((o) => o !== undefined);
const inProject = (name: string, project: NameProject) => name.toLowerCase().endsWith(`.${project.suffix}`);

/** Sets the CORS headers of a request from a page, and answers a preflight (then returns true). */
function answerCors(state: NameServiceState, request: IncomingMessage, response: ServerResponse, project: NameProject): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    response.setHeader('Vary', 'Origin');
    // A page of the service's own origin needs no CORS; any other must be allowed (none is by default).
    if (!serviceOrigins(state, request).includes(origin)) {
      if (!originAllowed(project, origin)) throw new NameServiceError(403, 'Origin not allowed');
      response.setHeader('Access-Control-Allow-Origin', origin);
      response.setHeader('Access-Control-Expose-Headers', 'Retry-After');
    }
  }
  if (request.method !== 'OPTIONS') return false;
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST');
  response.setHeader('Access-Control-Allow-Headers', 'Content-Type');
  response.setHeader('Access-Control-Max-Age', '600');
  response.statusCode = 204;
  response.end();
  return true;
}

/** POST /names: a signed registration, counted against the client's network, checked, then stored. */
async function register(
  state: NameServiceState,
  request: IncomingMessage,
  url: URL,
  [projectId, project]: [string, NameProject],
  client: string,
) {
  const { limits, count, now } = state;
  if (limits.registrationsPerIp) {
    const refusal = (wait: string) => `Too many registrations from your network: try again in ${wait}`;
    await count(`registrations-ip:${client}`, limits.registrationsPerIp, now(), refusal);
  }
  if (!/^application\/json\b/.test(request.headers['content-type'] ?? '')) throw new NameServiceError(415, 'Send JSON');
  const body = parseRegisterRequest(await readJson(request, state.maxBody));
  const context = {
    suffix: project.suffix,
    projectId: url.searchParams.get('projectId') ?? undefined,
    serviceOrigins: serviceOrigins(state, request),
  };
  const registration = await state.checkRegistration(body, context, now());
  return nameRecord(await storeName(state.database, limits, now(), projectId, registration, body));
}

async function route(state: NameServiceState, request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
  const [projectId, project] = projectOf(state, url);
  if (answerCors(state, request, response, project)) return;
  const { limits, database } = state;
  const client = clientKey(request, state.trustProxy);
  if (request.method === 'GET' && limits.lookupsPerIp) {
    await state.count(
      `lookups-ip:${client}`,
      limits.lookupsPerIp,
      state.now(),
      (wait) => `Too many requests from your network: try again in ${wait}`,
    );
  }
  const path = url.pathname.slice(PREFIX.length);
  const parts = pathSegments(path);
  if (request.method === 'GET' && parts[0] === 'names' && parts.length === 2) {
    const name = parts[1] as string;
    const row = inProject(name, project) ? await lookupName(database, projectId, name) : undefined;
    if (!row) throw new NameServiceError(404, `Name ${name} is not registered`);
    return send(response, 200, nameRecord(row));
  }
  if (request.method === 'GET' && parts[0] === 'addresses' && parts[2] === 'names' && parts.length === 3) {
    const address = parts[1] as string;
    if (!isAddress(address, { strict: false })) throw new NameServiceError(400, 'address must be an EVM address');
    return send(response, 200, { names: (await namesOf(database, projectId, address)).map(nameRecord) });
  }
  if (request.method === 'GET' && path === '/suggestions') {
    const query = url.searchParams.get('name') ?? '';
    const names = await suggestNames(database, projectId, project, query, state.maxSuggestions);
    return send(response, 200, { suggestions: names.map((name) => ({ name })) });
  }
  if (request.method === 'POST' && path === '/names') {
    return send(response, 201, await register(state, request, url, [projectId, project], client));
  }
  throw new NameServiceError(404, 'Not found');
}

/**
 * The reference name service (§7 name API): look up a name, reverse-resolve an address, suggest
 * free names, register a name with a signed message. Stores in PGlite or Postgres through Kysely;
 * the schema is brought up to date before it resolves. Limits are counted in the database, so
 * several instances on one Postgres enforce them together.
 */
export async function createNameService(options: NameServiceOptions = {}): Promise<NameService> {
  const projects = resolveProjects(options);
  const limits = resolveLimits(options.limits);
  const ownOrigins = publicOrigins(options.publicUrls);
  const trustProxy = options.trustProxy ?? 0;
  if (!Number.isSafeInteger(trustProxy) || trustProxy < 0)
    throw invalidOption('createNameService: trustProxy must be a whole number of proxies');
  const checkRegistration = createRegistrationCheck(options);
  const database = await openDatabase(options.database);
  const state: NameServiceState = {
    projects,
    limits,
    ownOrigins,
    trustProxy,
    now: options.now ?? Date.now,
    maxBody: options.maxBodyBytes ?? 16 * 1024,
    maxSuggestions: options.maxSuggestions ?? 5,
    checkRegistration,
    database,
    count: createRateCounter(database.db),
  };

  return {
    async handle(request, response) {
      try {
        const url = new URL(request.url ?? '/', 'http://localhost');
        if (url.pathname !== PREFIX && !url.pathname.startsWith(`${PREFIX}/`)) throw new NameServiceError(404, 'Not found');
        await route(state, request, response, url);
      } catch (error) {
        if (response.headersSent) return void response.destroy();
        const known = error instanceof NameServiceError;
        if (known && error.retryAfterSeconds !== undefined) response.setHeader('Retry-After', String(error.retryAfterSeconds));
        send(response, known ? error.status : 500, { reasons: [{ description: known ? error.message : 'The name service failed' }] });
        if (!known) console.error('[name service]', error);
      }
    },
    close: database.close,
  };
}
