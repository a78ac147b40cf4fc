import type { IncomingMessage, ServerResponse } from 'node:http';
import { getAddress, isAddress } from 'viem';
import { nameLabelProblem } from '@latch/feature-names/protocol';
import { type DatabaseOption, type NameTable, openDatabase } from './database.js';
import { pathSegments, readJson, send } from './httpJson.js';
import { checkRecentRegistrations, createRateCounter, type NameServiceLimits, resolveLimits } from './limits.js';
import { type AllowedOrigins, DEFAULT_PROJECT_ID, type NameProject, originAllowed, resolveProjects } from './projects.js';
import {
  createRegistrationCheck,
  NameServiceError,
  parseRegisterRequest,
  type RegisterRequest,
  type SignatureCheckOptions,
  type VerifiedRegistration,
} from './registration.js';
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
const SUGGESTION_ENDINGS = ['', '1', '2', '3', '-id', '-web3', '-app'];

type NameRow = Pick<NameTable, 'name' | 'address' | 'coin_type'> & { created_at: Date };

/** §7 lookup reply: the name's address per coin type. */
function nameRecord(row: NameRow) {
  return {
    name: row.name,
    addresses: { [String(row.coin_type)]: { address: row.address } },
    attributes: {},
    createdAt: new Date(row.created_at).toISOString(),
  };
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
  const now = options.now ?? Date.now;
  const maxBody = options.maxBodyBytes ?? 16 * 1024;
  const maxSuggestions = options.maxSuggestions ?? 5;
  const checkRegistration = createRegistrationCheck(options);
  const { db, exclusive, close } = await openDatabase(options.database);
  const count = createRateCounter(db);

  function projectOf(url: URL): [string, NameProject] {
    const id = url.searchParams.get('projectId') ?? (projects.size === 1 ? [...projects.keys()][0] : DEFAULT_PROJECT_ID);
    const project = id === undefined ? undefined : projects.get(id);
    if (!project || id === undefined) throw new NameServiceError(404, `Unknown project '${url.searchParams.get('projectId') ?? ''}'`);
    return [id, project];
  }

  const serviceOrigins = (request: IncomingMessage) => ownOrigins ?? [requestOrigin(request, trustProxy)].filter((o) => o !== undefined);
  const inProject = (name: string, project: NameProject) => name.toLowerCase().endsWith(`.${project.suffix}`);

  async function lookup(projectId: string, name: string) {
    return db
      .selectFrom('latch_names')
      .select(['name', 'address', 'coin_type', 'created_at'])
      .where('project_id', '=', projectId)
      .where('name', '=', name.toLowerCase())
      .executeTakeFirst();
  }

  async function suggestions(projectId: string, project: NameProject, query: string) {
    const label = query.toLowerCase().replace(new RegExp(`\\.${project.suffix.replace(/\./g, '\\.')}$`), '');
    const base = label.replace(/[^a-z0-9-]/g, '');
    const candidates = [...new Set(SUGGESTION_ENDINGS.map((ending) => `${base}${ending}`))]
      .filter((candidate) => base && !nameLabelProblem(candidate))
      .map((candidate) => `${candidate}.${project.suffix}`);
    if (candidates.length === 0) return [];
    const taken = await db
      .selectFrom('latch_names')
      .select('name')
      .where('project_id', '=', projectId)
      .where('name', 'in', candidates)
      .execute();
    const takenNames = new Set(taken.map((row) => row.name));
    return candidates.filter((name) => !takenNames.has(name)).slice(0, maxSuggestions);
  }

  /** Stores a checked registration unless the name is taken, the address holds its share, or the service its window's. */
  async function store(projectId: string, registration: VerifiedRegistration, body: RegisterRequest): Promise<NameRow> {
    const nowMs = now();
    const { namesPerAddress, registrations } = limits;
    // One address's registrations one at a time (across instances), and, when limited, everyone's.
    const keys = [`address:${projectId}:${registration.address}`, ...(registrations ? ['registrations'] : [])];
    return exclusive(keys, async (trx) => {
      const taken = new NameServiceError(409, `Name ${registration.name} is already taken`);
      if (await trx.selectFrom('latch_names').select('name').where('name', '=', registration.name).executeTakeFirst()) throw taken;
      if (namesPerAddress !== false) {
        const held = await trx
          .selectFrom('latch_names')
          .select('name')
          .where('project_id', '=', projectId)
          .where('address', '=', registration.address)
          .orderBy('created_at')
          .limit(namesPerAddress)
          .execute();
        if (held.length >= namesPerAddress) {
          throw new NameServiceError(
            409,
            namesPerAddress === 1
              ? `The address ${registration.address} already has a name here: ${held[0]?.name}`
              : `The address ${registration.address} already has ${namesPerAddress} names here, the most one address may hold`,
          );
        }
      }
      if (registrations) await checkRecentRegistrations(trx, registrations, nowMs);
      // The primary key settles a race with a registration of the same name by another address.
      const row = await trx
        .insertInto('latch_names')
        .values({
          name: registration.name,
          project_id: projectId,
          address: registration.address,
          coin_type: String(registration.coinType),
          message: body.message,
          signature: body.signature,
          created_at: new Date(nowMs),
        })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .returning(['name', 'address', 'coin_type', 'created_at'])
        .executeTakeFirst();
      if (!row) throw taken;
      return row;
    });
  }

  async function route(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const [projectId, project] = projectOf(url);
    const origin = request.headers.origin;
    if (origin !== undefined) {
      response.setHeader('Vary', 'Origin');
      // A page of the service's own origin needs no CORS; any other must be allowed (none is by default).
      if (!serviceOrigins(request).includes(origin)) {
        if (!originAllowed(project, origin)) throw new NameServiceError(403, 'Origin not allowed');
        response.setHeader('Access-Control-Allow-Origin', origin);
        response.setHeader('Access-Control-Expose-Headers', 'Retry-After');
      }
    }
    if (request.method === 'OPTIONS') {
      response.setHeader('Access-Control-Allow-Methods', 'GET, POST');
      response.setHeader('Access-Control-Allow-Headers', 'Content-Type');
      response.setHeader('Access-Control-Max-Age', '600');
      response.statusCode = 204;
      return void response.end();
    }
    const client = clientKey(request, trustProxy);
    if (request.method === 'GET' && limits.lookupsPerIp) {
      await count(
        `lookups-ip:${client}`,
        limits.lookupsPerIp,
        now(),
        (wait) => `Too many requests from your network: try again in ${wait}`,
      );
    }
    const path = url.pathname.slice(PREFIX.length);
    const parts = pathSegments(path);
    if (request.method === 'GET' && parts[0] === 'names' && parts.length === 2) {
      const name = parts[1] as string;
      const row = inProject(name, project) ? await lookup(projectId, name) : undefined;
      if (!row) throw new NameServiceError(404, `Name ${name} is not registered`);
      return send(response, 200, nameRecord(row));
    }
    if (request.method === 'GET' && parts[0] === 'addresses' && parts[2] === 'names' && parts.length === 3) {
      const address = parts[1] as string;
      if (!isAddress(address, { strict: false })) throw new NameServiceError(400, 'address must be an EVM address');
      const rows = await db
        .selectFrom('latch_names')
        .select(['name', 'address', 'coin_type', 'created_at'])
        .where('project_id', '=', projectId)
        .where('address', '=', getAddress(address))
        .orderBy('created_at', 'desc')
        .orderBy('name')
        .execute();
      return send(response, 200, { names: rows.map(nameRecord) });
    }
    if (request.method === 'GET' && path === '/suggestions') {
      const query = url.searchParams.get('name') ?? '';
      return send(response, 200, { suggestions: (await suggestions(projectId, project, query)).map((name) => ({ name })) });
    }
    if (request.method === 'POST' && path === '/names') {
      if (limits.registrationsPerIp) {
        const refusal = (wait: string) => `Too many registrations from your network: try again in ${wait}`;
        await count(`registrations-ip:${client}`, limits.registrationsPerIp, now(), refusal);
      }
      if (!/^application\/json\b/.test(request.headers['content-type'] ?? '')) throw new NameServiceError(415, 'Send JSON');
      const body = parseRegisterRequest(await readJson(request, maxBody));
      const context = {
        suffix: project.suffix,
        projectId: url.searchParams.get('projectId') ?? undefined,
        serviceOrigins: serviceOrigins(request),
      };
      const registration = await checkRegistration(body, context, now());
      return send(response, 201, nameRecord(await store(projectId, registration, body)));
    }
    throw new NameServiceError(404, 'Not found');
  }

  return {
    async handle(request, response) {
      try {
        const url = new URL(request.url ?? '/', 'http://localhost');
        if (url.pathname !== PREFIX && !url.pathname.startsWith(`${PREFIX}/`)) throw new NameServiceError(404, 'Not found');
        await route(request, response, url);
      } catch (error) {
        if (response.headersSent) return void response.destroy();
        const known = error instanceof NameServiceError;
        if (known && error.retryAfterSeconds !== undefined) response.setHeader('Retry-After', String(error.retryAfterSeconds));
        send(response, known ? error.status : 500, { reasons: [{ description: known ? error.message : 'The name service failed' }] });
        if (!known) console.error('[name service]', error);
      }
    },
    close,
  };
}
