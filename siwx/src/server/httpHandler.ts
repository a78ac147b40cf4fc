import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SiwxServer } from './createSiwxServer.js';
import { clientKey, createMemoryRateLimitStore, type SiwxRateLimitStore } from './rateLimit.js';
import { createMemorySessionStore, type SiwxSessionStore } from './sessionStore.js';
import { SiwxVerificationError } from './SiwxVerificationError.js';
import type { SiwxNamespaceAccount, SiwxSession } from '../session.js';
import { readSignOut } from './signOut.js';
import { invalidOption } from '@latch/kernel';

export interface SiwxHttpHandlerOptions {
  /** Where the routes live. Default `/siwx`. */
  basePath?: string;
  /**
   * The session cookie's name. Default `latch-siwx`; with `secureCookie` (the default) it is sent as
   * `__Host-latch-siwx`, which browsers accept only over https, for this host alone, on every path.
   */
  cookieName?: string;
  /**
   * `Secure` cookie with the `__Host-` prefix. Default true; set false only for development over plain
   * http on another host than localhost (browsers keep Secure cookies of http://localhost).
   */
  secureCookie?: boolean;
  /** Where sessions live. Default: this process's memory (createMemorySessionStore); several instances need a shared one. */
  sessionStore?: SiwxSessionStore;
  /** How many nonces one client may ask for per window; `false` turns the limit off. Default 30 per minute. */
  nonceLimit?: { max: number; windowMs: number } | false;
  /** Where the limit counts. Default: this process's memory, each instance counting alone (createKyselyRateLimitStore shares it). */
  rateLimitStore?: SiwxRateLimitStore;
  /**
   * How many proxies (load balancers) stand in front of this server. The client is then the right-most
   * X-Forwarded-For entry they did not add; with 0 (the default) it is the connection's peer and the header is ignored.
   */
  trustProxy?: number;
  /** Told of every unexpected failure (a store or node that fails), which the client only sees as 'Sign-in failed'. Default `console.error`. */
  onError?: (error: unknown) => void;
  /** The clock, for expiring sessions and counting requests. Default `Date.now`. */
  now?: () => number;
}

/** Answers a request under `basePath` and resolves true, or resolves false for the next handler. */
export type SiwxHttpHandler = (request: IncomingMessage, response: ServerResponse) => Promise<boolean>;

const BODY_LIMIT = 16 * 1024;
const STATUS: Partial<Record<SiwxVerificationError['code'], number>> = { MALFORMED_MESSAGE: 400, TOO_MANY_REQUESTS: 429, STORE_FULL: 503 };

function send(response: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  response.statusCode = status;
  response.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  if (body === undefined) return void response.end();
  response.setHeader('Content-Type', 'application/json');
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) throw new SiwxVerificationError('MALFORMED_MESSAGE', 'The request body is too large');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new SiwxVerificationError('MALFORMED_MESSAGE', 'The request body is not JSON');
  }
}

function cookieValue(request: IncomingMessage, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

const sameAccount = (a: SiwxSession, b: SiwxSession) => a.data.caipNetworkId === b.data.caipNetworkId && a.data.address === b.data.address;
const isOf = (session: SiwxSession, account: SiwxNamespaceAccount) =>
  session.data.address === account.address && session.data.caipNetworkId.startsWith(`${account.namespace}:`);

/** The cookie's name as sent: `__Host-` + name when Secure, the bare name otherwise (the prefix requires Secure). */
function cookieNameFor(name: string, secure: boolean): string {
  const prefixed = /^__(Host|Secure)-/i.test(name);
  if (!secure && prefixed) throw invalidOption(`createSiwxHttpHandler: the cookie ${name} needs secureCookie (its prefix requires Secure)`);
  return secure && !prefixed ? `__Host-${name}` : name;
}

/**
 * The routes the default client config talks to: `GET nonce`, `POST verify` (sets the session
 * cookie), `GET sessions` (`?caipNetworkId=&address=`), `POST sign-out` (`{ accounts? }`). POSTs must
 * be JSON, which a cross-site form cannot send; the cookie is HttpOnly, SameSite=Lax and, by default,
 * `__Host-` and Secure.
 */
export function createSiwxHttpHandler(server: SiwxServer, options: SiwxHttpHandlerOptions = {}): SiwxHttpHandler {
  const base = (options.basePath ?? '/siwx').replace(/\/$/, '');
  const secure = options.secureCookie ?? true;
  const cookieName = cookieNameFor(options.cookieName ?? 'latch-siwx', secure);
  const now = options.now ?? Date.now;
  const store = options.sessionStore ?? createMemorySessionStore({ now });
  const limit = options.nonceLimit ?? { max: 30, windowMs: 60_000 };
  const counts = options.rateLimitStore ?? createMemoryRateLimitStore({ now });
  const onError = options.onError ?? ((error: unknown) => console.error('[siwx] sign-in failed:', error));
  const cookie = (id: string, maxAge: number) => ({
    'Set-Cookie': `${cookieName}=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`,
  });

  async function liveSessions(id: string | undefined): Promise<readonly SiwxSession[]> {
    if (!id) return [];
    return ((await store.get(id)) ?? []).filter((session) => Date.parse(session.expiresAt) > now());
  }

  /** Refuses a client over its nonce limit (429 with Retry-After). */
  async function countNonce(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    if (limit === false) return true;
    const time = now();
    const windowStart = time - (time % limit.windowMs);
    if ((await counts.hit(`nonce:${clientKey(request, options.trustProxy ?? 0)}`, windowStart, limit.windowMs)) <= limit.max) return true;
    const error = { error: 'Too many sign-in attempts from this address; try again shortly', code: 'TOO_MANY_REQUESTS' };
    send(response, 429, error, { 'Retry-After': String(Math.ceil((windowStart + limit.windowMs - time) / 1000)) });
    return false;
  }

  async function verify(request: IncomingMessage, response: ServerResponse, id: string | undefined): Promise<void> {
    const body = (await readJson(request)) as { message?: unknown; signature?: unknown } | null;
    if (typeof body?.message !== 'string' || typeof body.signature !== 'string') {
      throw new SiwxVerificationError('MALFORMED_MESSAGE', 'Send { message, signature } as strings');
    }
    const session = await server.verify({ message: body.message, signature: body.signature });
    // A fresh id at every sign-in: an id planted in the visitor's browser never names a signed-in session.
    const sessionId = crypto.randomUUID();
    await store.set(sessionId, [...(await liveSessions(id)).filter((known) => !sameAccount(known, session)), session]);
    if (id) await store.delete(id);
    const maxAge = Math.max(0, Math.floor((Date.parse(session.expiresAt) - now()) / 1000));
    send(response, 200, { session }, cookie(sessionId, maxAge));
  }

  /** Forgets the named accounts' sessions (every network of their namespace), or all of them; the cookie goes with the last. */
  async function signOut(request: IncomingMessage, response: ServerResponse, id: string | undefined): Promise<void> {
    const { accounts } = readSignOut(await readJson(request));
    const kept = accounts ? (await liveSessions(id)).filter((session) => !accounts.some((account) => isOf(session, account))) : [];
    if (id && kept.length > 0) {
      await store.set(id, kept);
      return send(response, 204);
    }
    if (id) await store.delete(id);
    send(response, 204, undefined, cookie('', 0));
  }

  async function route(request: IncomingMessage, response: ServerResponse, path: string, url: URL): Promise<void> {
    const id = cookieValue(request, cookieName);
    if (path === '/nonce' && request.method === 'GET') {
      if (await countNonce(request, response)) send(response, 200, await server.createNonce());
      return;
    }
    if (path === '/sessions' && request.method === 'GET') {
      const caipNetworkId = url.searchParams.get('caipNetworkId');
      const address = url.searchParams.get('address');
      const sessions = (await liveSessions(id)).filter(
        (session) => (!caipNetworkId || session.data.caipNetworkId === caipNetworkId) && (!address || session.data.address === address),
      );
      return send(response, 200, { sessions });
    }
    if (request.method !== 'POST' || (path !== '/verify' && path !== '/sign-out')) return send(response, 404, { error: 'Not found' });
    if (!/^application\/json\b/.test(request.headers['content-type'] ?? '')) return send(response, 415, { error: 'Send JSON' });
    return path === '/verify' ? verify(request, response, id) : signOut(request, response, id);
  }

  return async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== base && !url.pathname.startsWith(`${base}/`)) return false;
    try {
      await route(request, response, url.pathname.slice(base.length), url);
    } catch (error) {
      if (error instanceof SiwxVerificationError) {
        send(response, STATUS[error.code] ?? 401, { error: error.message, code: error.code });
      } else {
        // A store's or a node's own words (hosts, ports, keys in URLs) stay in the server's log.
        onError(error);
        send(response, 500, { error: 'Sign-in failed' });
      }
    }
    return true;
  };
}
