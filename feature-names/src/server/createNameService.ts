import type { IncomingMessage, ServerResponse } from 'node:http';
import { getAddress, isAddress } from 'viem';
import { nameLabelProblem } from '../nameRules.js';
import { type DatabaseOption, type NameTable, openDatabase } from './database.js';
import { type AllowedOrigins, DEFAULT_PROJECT_ID, type NameProject, originAllowed, resolveProjects } from './projects.js';
import { createRegistrationCheck, NameServiceError, parseRegisterRequest, type SignatureCheckOptions } from './registration.js';

export interface NameServiceOptions extends SignatureCheckOptions {
  /** An open PGlite, or a Postgres connection string. Default: a new in-memory PGlite. */
  database?: DatabaseOption;
  /** Several integrators on one service, keyed by project id (`?projectId=`). */
  projects?: Readonly<Record<string, NameProject>>;
  /** Shorthand for one project (id 'default', used when a request names none). */
  suffix?: string;
  allowedOrigins?: AllowedOrigins;
  /** Largest request body, in bytes. Default 16 KiB. */
  maxBodyBytes?: number;
  /** At most this many suggestions. Default 5. */
  maxSuggestions?: number;
  /** The clock (ms), for the message's freshness. Default `Date.now`. */
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

function send(response: ServerResponse, status: number, body: unknown): void {
  response.statusCode = status;
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('Content-Type', 'application/json');
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage, limit: number): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new NameServiceError(413, 'The request body is too large');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new NameServiceError(400, 'The request body is not JSON');
  }
}

/**
 * The reference name service (§7 name API): look up a name, reverse-resolve an address, suggest
 * free names, register a name with a signed message. Stores in PGlite or Postgres through Kysely;
 * the schema is brought up to date before it resolves.
 */
export async function createNameService(options: NameServiceOptions = {}): Promise<NameService> {
  const projects = resolveProjects(options);
  const now = options.now ?? Date.now;
  const maxBody = options.maxBodyBytes ?? 16 * 1024;
  const maxSuggestions = options.maxSuggestions ?? 5;
  const checkRegistration = createRegistrationCheck(options);
  const { db, close } = await openDatabase(options.database);

  function projectOf(url: URL): [string, NameProject] {
    const id = url.searchParams.get('projectId') ?? (projects.size === 1 ? [...projects.keys()][0] : DEFAULT_PROJECT_ID);
    const project = id === undefined ? undefined : projects.get(id);
    if (!project || id === undefined) throw new NameServiceError(404, `Unknown project '${url.searchParams.get('projectId') ?? ''}'`);
    return [id, project];
  }

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

  async function route(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const [projectId, project] = projectOf(url);
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!originAllowed(project, origin)) throw new NameServiceError(403, 'Origin not allowed');
      response.setHeader('Access-Control-Allow-Origin', origin);
      response.setHeader('Vary', 'Origin');
    }
    if (request.method === 'OPTIONS') {
      response.setHeader('Access-Control-Allow-Methods', 'GET, POST');
      response.setHeader('Access-Control-Allow-Headers', 'Content-Type');
      response.setHeader('Access-Control-Max-Age', '600');
      response.statusCode = 204;
      return void response.end();
    }
    const path = url.pathname.slice(PREFIX.length);
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
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
        .execute();
      return send(response, 200, { names: rows.map(nameRecord) });
    }
    if (request.method === 'GET' && path === '/suggestions') {
      const query = url.searchParams.get('name') ?? '';
      return send(response, 200, { suggestions: (await suggestions(projectId, project, query)).map((name) => ({ name })) });
    }
    if (request.method === 'POST' && path === '/names') {
      if (!/^application\/json\b/.test(request.headers['content-type'] ?? '')) throw new NameServiceError(415, 'Send JSON');
      const body = parseRegisterRequest(await readJson(request, maxBody));
      const registration = await checkRegistration(body, project.suffix, now());
      // The primary key settles a race between two registrations of one name.
      const row = await db
        .insertInto('latch_names')
        .values({
          name: registration.name,
          project_id: projectId,
          address: registration.address,
          coin_type: String(registration.coinType),
          message: body.message,
          signature: body.signature,
        })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .returning(['name', 'address', 'coin_type', 'created_at'])
        .executeTakeFirst();
      if (!row) throw new NameServiceError(409, `Name ${registration.name} is already taken`);
      return send(response, 201, nameRecord(row));
    }
    throw new NameServiceError(404, 'Not found');
  }

  return {
    async handle(request, response) {
      const url = new URL(request.url ?? '/', 'http://localhost');
      try {
        if (url.pathname !== PREFIX && !url.pathname.startsWith(`${PREFIX}/`)) throw new NameServiceError(404, 'Not found');
        await route(request, response, url);
      } catch (error) {
        if (response.headersSent) return void response.destroy();
        const known = error instanceof NameServiceError;
        send(response, known ? error.status : 500, { reasons: [{ description: known ? error.message : 'The name service failed' }] });
        if (!known) console.error('[name service]', error);
      }
    },
    close,
  };
}
