import type { IncomingMessage, ServerResponse } from 'node:http';
import { LatchError, invalidOption } from '@latch/kernel';
import type { OnrampSessionRequest } from '../providers.js';
import { type CdpApiKey, createCdpJwtSigner } from './coinbaseJwt.js';

/** Coinbase's session token endpoint. */
export const COINBASE_TOKEN_URL = 'https://api.developer.coinbase.com/onramp/v1/token';

export interface OnrampSessionHandlerOptions extends CdpApiKey {
  /** Exact origins of the pages allowed to ask for a token (`https://app.example`); never a wildcard. */
  allowedOrigins: readonly string[];
  /**
   * Your own check of the visitor (a session cookie, a bearer token…): resolve false to refuse with 401.
   * Coinbase holds you liable for tokens made for anyone, so check who asks.
   */
  authorize?: (request: Request) => boolean | Promise<boolean>;
  /**
   * The visitor's IP address, which Coinbase requires and binds the token to. The node:http handler
   * passes the socket's address; behind a proxy, return the address your proxy appended (never a header
   * the client can set).
   */
  clientIp?: (request: Request, socketAddress: string | undefined) => string | undefined;
  /** The token endpoint (default Coinbase's); tests point it at a loopback stand-in. */
  tokenUrl?: string;
  /** The fetch used to reach Coinbase (default the global one). */
  fetch?: typeof fetch;
}

export interface OnrampSessionHandler {
  /** A fetch-style handler: POST (and its CORS preflight) at any path you mount it on. */
  fetch(request: Request, socketAddress?: string): Promise<Response>;
  /** The same for node:http: answers every request it is given. */
  node(request: IncomingMessage, response: ServerResponse): Promise<void>;
}

const BODY_LIMIT = 8 * 1024;
const ADDRESS = /^[A-Za-z0-9:._-]{1,128}$/;
const NAME = /^[A-Za-z0-9-]{1,64}$/;

/** A request body the handler refuses with 400 and this message. */
class BadRequest extends LatchError {
  override readonly name: string = 'BadRequest';
  constructor(message: string) {
    super(message, { category: 'VALIDATION_ERROR' });
  }
}

function stringList(value: unknown, field: string, max: number): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > max) throw new BadRequest(`${field} must list 1 to ${max} names`);
  for (const item of value) if (typeof item !== 'string' || !NAME.test(item)) throw new BadRequest(`${field} holds an invalid name`);
  return value as string[];
}

/** The browser's request, checked: the addresses and networks to fund, and optionally the assets. */
function readSessionRequest(body: unknown): OnrampSessionRequest {
  const { addresses, assets } = (body ?? {}) as Record<string, unknown>;
  if (!Array.isArray(addresses) || addresses.length === 0 || addresses.length > 8)
    throw new BadRequest('addresses must list 1 to 8 entries');
  const checked = addresses.map((entry) => {
    const { address, blockchains } = (entry ?? {}) as Record<string, unknown>;
    if (typeof address !== 'string' || !ADDRESS.test(address)) throw new BadRequest('an address is missing or invalid');
    return { address, blockchains: stringList(blockchains, 'blockchains', 16) };
  });
  return assets === undefined ? { addresses: checked } : { addresses: checked, assets: stringList(assets, 'assets', 32) };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers } });

/**
 * The reference server side of Coinbase Onramp's session tokens: the modal's `getSessionToken` POSTs
 * `{ addresses: [{ address, blockchains }], assets? }` here; this checks the origin, your `authorize`
 * and the body, adds the visitor's IP, signs a JWT with your CDP secret key and asks Coinbase for a
 * one-time token, and answers `{ token }`. Your key never leaves the server.
 */
export function createOnrampSessionHandler(options: OnrampSessionHandlerOptions): OnrampSessionHandler {
  const sign = createCdpJwtSigner(options);
  const origins = options.allowedOrigins;
  if (!Array.isArray(origins) || origins.length === 0)
    throw invalidOption('createOnrampSessionHandler: allowedOrigins must list the page origins');
  const exact = (origin: unknown) => {
    try {
      return typeof origin === 'string' && new URL(origin).origin === origin;
    } catch {
      return false;
    }
  };
  for (const origin of origins) {
    if (!exact(origin)) {
      throw invalidOption(`createOnrampSessionHandler: '${origin}' is not an exact origin (scheme://host[:port])`);
    }
  }
  const tokenUrl = new URL(options.tokenUrl ?? COINBASE_TOKEN_URL);
  const send = options.fetch ?? fetch;

  async function handle(request: Request, socketAddress?: string): Promise<Response> {
    const origin = request.headers.get('origin');
    if (!origin || !origins.includes(origin)) return json(403, { error: 'This origin may not ask for an on-ramp session' });
    const cors = { 'access-control-allow-origin': origin, vary: 'Origin' };
    if (request.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: {
          ...cors,
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': 'Content-Type',
          'access-control-max-age': '600',
        },
      });
    }
    if (request.method !== 'POST') return json(405, { error: 'Use POST' }, { ...cors, allow: 'POST, OPTIONS' });
    if (!/^application\/json\b/.test(request.headers.get('content-type') ?? '')) return json(415, { error: 'Send JSON' }, cors);
    if (options.authorize && !(await options.authorize(request))) return json(401, { error: 'Sign in first' }, cors);
    const clientIp = options.clientIp ? options.clientIp(request, socketAddress) : socketAddress;
    if (!clientIp) return json(500, { error: "The visitor's IP address is unknown (configure clientIp)" }, cors);
    let session: OnrampSessionRequest;
    try {
      const text = await request.text();
      if (text.length > BODY_LIMIT) throw new BadRequest('The request body is too large');
      session = readSessionRequest(JSON.parse(text));
    } catch (error) {
      return json(400, { error: error instanceof BadRequest ? error.message : 'The request body is not JSON' }, cors);
    }
    let reply: Response;
    try {
      reply = await send(tokenUrl, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await sign('POST', tokenUrl)}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ ...session, clientIp }),
      });
    } catch (error) {
      return json(502, { error: `Coinbase could not be reached: ${(error as Error).message}` }, cors);
    }
    const answer = (await reply.json().catch(() => undefined)) as { token?: unknown; message?: unknown } | undefined;
    if (!reply.ok || typeof answer?.token !== 'string' || !answer.token) {
      const reason = typeof answer?.message === 'string' ? `: ${answer.message}` : '';
      return json(502, { error: `Coinbase refused the session token (status ${reply.status})${reason}` }, cors);
    }
    return json(200, { token: answer.token }, cors);
  }

  async function node(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        response.writeHead(413, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'The request body is too large' }));
        return;
      }
      chunks.push(chunk);
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(', '));
    }
    const method = request.method ?? 'GET';
    const body = method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(chunks);
    const reply = await handle(
      new Request(new URL(request.url ?? '/', 'http://localhost'), { method, headers, body }),
      request.socket.remoteAddress,
    );
    response.writeHead(reply.status, Object.fromEntries(reply.headers));
    response.end(Buffer.from(await reply.arrayBuffer()));
  }

  return { fetch: handle, node };
}
