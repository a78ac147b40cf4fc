import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SiwxSession } from '../session.js';
import type { SiwxServer } from './createSiwxServer.js';
import { createMemorySessionStore, type SiwxSessionStore } from './sessionStore.js';
import { SiwxVerificationError } from './SiwxVerificationError.js';

export interface SiwxHttpHandlerOptions {
  /** Where the routes live. Default `/siwx`. */
  basePath?: string;
  /** The session cookie's name. Default `latch-siwx`. */
  cookieName?: string;
  /** Add `Secure` to the cookie (do, behind https). Default false. */
  secureCookie?: boolean;
  sessionStore?: SiwxSessionStore;
  /** The clock, for expiring sessions. Default `Date.now`. */
  now?: () => number;
}

/** Answers a request under `basePath` and resolves true, or resolves false for the next handler. */
export type SiwxHttpHandler = (request: IncomingMessage, response: ServerResponse) => Promise<boolean>;

const BODY_LIMIT = 16 * 1024;

function send(response: ServerResponse, status: number, body?: unknown, cookie?: string): void {
  response.statusCode = status;
  response.setHeader('Cache-Control', 'no-store');
  if (cookie) response.setHeader('Set-Cookie', cookie);
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

/**
 * The routes the default client config talks to: `GET nonce`, `POST verify` (sets the session
 * cookie), `GET sessions` (`?caipNetworkId=&address=`), `POST sign-out`. POSTs must be JSON, which
 * a cross-site form cannot send; the cookie is HttpOnly and SameSite=Lax.
 */
export function createSiwxHttpHandler(server: SiwxServer, options: SiwxHttpHandlerOptions = {}): SiwxHttpHandler {
  const base = (options.basePath ?? '/siwx').replace(/\/$/, '');
  const cookieName = options.cookieName ?? 'latch-siwx';
  const store = options.sessionStore ?? createMemorySessionStore();
  const now = options.now ?? Date.now;
  const cookie = (id: string, maxAge: number) =>
    `${cookieName}=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${options.secureCookie ? '; Secure' : ''}`;

  async function liveSessions(id: string | undefined): Promise<readonly SiwxSession[]> {
    if (!id) return [];
    return ((await store.get(id)) ?? []).filter((session) => Date.parse(session.expiresAt) > now());
  }

  async function route(request: IncomingMessage, response: ServerResponse, path: string, url: URL): Promise<void> {
    const id = cookieValue(request, cookieName);
    if (path === '/nonce' && request.method === 'GET') return send(response, 200, await server.createNonce());
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
    if (path === '/sign-out') {
      if (id) await store.delete(id);
      return send(response, 204, undefined, cookie('', 0));
    }
    const body = (await readJson(request)) as { message?: unknown; signature?: unknown } | null;
    if (typeof body?.message !== 'string' || typeof body.signature !== 'string') {
      throw new SiwxVerificationError('MALFORMED_MESSAGE', 'Send { message, signature } as strings');
    }
    const session = await server.verify({ message: body.message, signature: body.signature });
    const sessionId = id && (await store.get(id)) ? id : crypto.randomUUID();
    await store.set(sessionId, [...(await liveSessions(sessionId)).filter((known) => !sameAccount(known, session)), session]);
    const maxAge = Math.max(0, Math.floor((Date.parse(session.expiresAt) - now()) / 1000));
    return send(response, 200, { session }, cookie(sessionId, maxAge));
  }

  return async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== base && !url.pathname.startsWith(`${base}/`)) return false;
    try {
      await route(request, response, url.pathname.slice(base.length), url);
    } catch (error) {
      if (error instanceof SiwxVerificationError) {
        send(response, error.code === 'MALFORMED_MESSAGE' ? 400 : 401, { error: error.message, code: error.code });
      } else {
        send(response, 500, { error: error instanceof Error ? error.message : 'Sign-in failed' });
      }
    }
    return true;
  };
}
