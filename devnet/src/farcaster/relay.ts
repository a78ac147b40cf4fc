import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Address, createPublicClient, http, parseAbi } from 'viem';
import { generateSiweNonce } from 'viem/siwe';
import { readBodyUpTo } from '@latch/testkit';
import { FARCASTER_ID_REGISTRY_ADDRESS } from './idRegistry.js';
import { AUTHENTICATE_SCHEMA, CREATE_CHANNEL_SCHEMA, validateBody } from './relaySchemas.js';

export interface FarcasterRelayOptions {
  /** How long a channel lives, in seconds, from its creation (the relay's CHANNEL_TTL). Default 3600. */
  ttlSeconds?: number;
  /** The connect URL's base, `<urlBase>?channelToken=…` (the relay's URL_BASE). Default 'https://farcaster.xyz/~/siwf'. */
  urlBase?: string;
  /** When set, `POST /v1/channel/authenticate` needs it in `X-Farcaster-Auth-Relay-Key` (the relay's AUTH_KEY). */
  authKey?: string;
  /** A JSON-RPC URL with the Id Registry (see deployFarcasterIdRegistry): the relay reports `custodyOf(fid)` as
   * `custody`, as the real one reads it from OP mainnet. Without it, completed channels carry no `custody`. */
  rpcUrl?: string;
  /** Verified addresses per fid, reported as `verifications` (the real relay asks a hub). Default none. */
  verifications?: Readonly<Record<number, readonly string[]>>;
  /** The relay's clock (ms), for TTL tests. Default `Date.now`. */
  now?: () => number;
  /** Port on 127.0.0.1; default 0, a free one. */
  port?: number;
}

/** What the relay keeps per channel (its RelaySession). */
export interface FarcasterRelayChannel {
  state: 'pending' | 'completed';
  nonce: string;
  url: string;
  connectUri: string;
  message?: string;
  signature?: string;
  authMethod?: 'custody' | 'authAddress';
  fid?: number;
  username?: string;
  bio?: string;
  displayName?: string;
  pfpUrl?: string;
  verifications?: string[];
  custody?: Address;
  signatureParams: Record<string, unknown>;
  metadata: { ip: string; userAgent: string };
  acceptAuthAddress: boolean;
}

export interface FarcasterRelay {
  /** `http://127.0.0.1:<port>`: auth-client's `relay` option. */
  readonly url: string;
  readonly port: number;
  /** A live channel's state, by channel token (undefined once expired or read as completed). */
  channel(channelToken: string): FarcasterRelayChannel | undefined;
  /** Live channels right now. */
  channelCount(): number;
  /** Every request, as 'METHOD /path', in order. */
  readonly requests: readonly string[];
  close(): Promise<void>;
}

// The relay's channel token alphabet and length (auth-relay src/tokens.ts).
const TOKEN_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const RESTRICTED_DOMAINS = ['farcaster.xyz'];
const CUSTODY_ABI = parseAbi(['function custodyOf(uint256 fid) view returns (address)']);

function channelToken(): string {
  return [...randomBytes(8)].map((byte) => TOKEN_ALPHABET[byte % TOKEN_ALPHABET.length]).join('');
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

/**
 * A Farcaster auth relay on 127.0.0.1 speaking the real one's HTTP API (farcasterxyz/auth-monorepo apps/relay):
 * `POST /v1/channel` → 201 `{ channelToken, url, connectUri, nonce }`; `POST /v1/channel/authenticate` (bearer
 * channel token, `X-Farcaster-Auth-Relay-Key`) → 201 the completed channel; `GET /v1/channel/status` (bearer) →
 * 202 pending / 200 completed (and the channel is closed); 401 for a missing or unknown token; 400
 * `{ error: 'Validation error', message }` as its JSON Schema answers. Channels live in memory for `ttlSeconds`.
 */
export async function startFarcasterRelay(options: FarcasterRelayOptions = {}): Promise<FarcasterRelay> {
  const ttlMs = (options.ttlSeconds ?? 3600) * 1000;
  const urlBase = options.urlBase ?? 'https://farcaster.xyz/~/siwf';
  const now = options.now ?? Date.now;
  const channels = new Map<string, { expiresAt: number; session: FarcasterRelayChannel }>();
  const requests: string[] = [];
  const chain = options.rpcUrl ? createPublicClient({ transport: http(options.rpcUrl, { retryCount: 0 }) }) : undefined;

  const read = (token: string) => {
    const entry = channels.get(token);
    if (entry && entry.expiresAt <= now()) channels.delete(token);
    return entry && entry.expiresAt > now() ? entry.session : undefined;
  };

  async function readJson(request: IncomingMessage): Promise<{ ok: true; body: unknown } | { ok: false; status: number; error: string }> {
    const text = await readBodyUpTo(request, 1024 * 1024);
    if (text === undefined) return { ok: false, status: 413, error: 'Request body is too large' };
    const type = String(request.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim();
    if (type === 'application/json') {
      if (text === '') return { ok: false, status: 400, error: "Body cannot be empty when content-type is set to 'application/json'" };
      try {
        return { ok: true, body: JSON.parse(text) };
      } catch {
        return { ok: false, status: 400, error: "Body is not valid JSON but content-type is set to 'application/json'" };
      }
    }
    if (type === 'text/plain') return { ok: true, body: text };
    if (text === '' && !type) return { ok: true, body: undefined };
    return { ok: false, status: 415, error: `Unsupported Media Type: ${type}` };
  }

  /** The bearer's token, as the relay takes it: the second word of `Authorization`, whatever the scheme. */
  const bearer = (request: IncomingMessage) => String(request.headers.authorization ?? '').split(' ')[1];

  async function createChannel(request: IncomingMessage, response: ServerResponse) {
    const parsed = await readJson(request);
    if (!parsed.ok) return send(response, parsed.status, { error: parsed.error });
    const valid = validateBody<{ domain: string; nonce?: string; acceptAuthAddress?: boolean }>(CREATE_CHANNEL_SCHEMA, parsed.body);
    if (!valid.ok) return send(response, 400, { error: 'Validation error', message: valid.message });
    const body = valid.value;
    if (RESTRICTED_DOMAINS.some((domain) => body.domain.includes(domain))) return send(response, 400, { error: 'Domain not allowed' });
    const token = channelToken();
    const nonce = body.nonce ?? generateSiweNonce();
    const url = `${urlBase}?${new URLSearchParams({ channelToken: token })}`;
    channels.set(token, {
      expiresAt: now() + ttlMs,
      session: {
        state: 'pending',
        nonce,
        url,
        connectUri: url,
        acceptAuthAddress: body.acceptAuthAddress ?? true,
        signatureParams: { ...body, nonce },
        metadata: { userAgent: String(request.headers['user-agent'] ?? 'Unknown'), ip: request.socket.remoteAddress ?? '' },
      },
    });
    send(response, 201, { channelToken: token, url, connectUri: url, nonce });
  }

  async function authenticate(request: IncomingMessage, response: ServerResponse) {
    const parsed = await readJson(request);
    if (!parsed.ok) return send(response, parsed.status, { error: parsed.error });
    type Body = Pick<FarcasterRelayChannel, 'message' | 'signature' | 'authMethod' | 'username' | 'bio' | 'displayName' | 'pfpUrl'> & {
      fid: number;
    };
    const valid = validateBody<Body>(AUTHENTICATE_SCHEMA, parsed.body);
    if (!valid.ok) return send(response, 400, { error: 'Validation error', message: valid.message });
    const token = bearer(request);
    if (!token) return send(response, 401, { error: 'Unauthorized ' });
    const key = request.headers['x-farcaster-auth-relay-key'] ?? request.headers['x-farcaster-connect-auth-key'];
    if (key !== options.authKey) return send(response, 401, { error: 'Unauthorized' });
    const { message, signature, authMethod, fid, username, displayName, bio, pfpUrl } = valid.value;
    let custody: Address | undefined;
    try {
      custody = chain
        ? await chain.readContract({
            address: FARCASTER_ID_REGISTRY_ADDRESS,
            abi: CUSTODY_ABI,
            functionName: 'custodyOf',
            args: [BigInt(fid)],
          })
        : undefined;
    } catch (error) {
      return send(response, 500, { error: error instanceof Error ? error.message : String(error) });
    }
    const session = read(token);
    if (!session) return send(response, 401, { error: 'Unauthorized ' });
    Object.assign(session, {
      state: 'completed',
      message,
      signature,
      authMethod: authMethod ?? 'custody',
      fid,
      username,
      displayName,
      bio,
      pfpUrl,
      custody,
      verifications: [...(options.verifications?.[fid] ?? [])],
    } satisfies Partial<FarcasterRelayChannel>);
    send(response, 201, session);
  }

  function status(request: IncomingMessage, response: ServerResponse) {
    const token = bearer(request);
    if (!token) return send(response, 401, { error: 'Unauthorized ' });
    const session = read(token);
    if (!session) return send(response, 401, { error: 'Unauthorized' });
    const { url: _url, connectUri: _connectUri, ...rest } = session;
    if (session.state === 'completed') {
      channels.delete(token);
      return send(response, 200, rest);
    }
    send(response, 202, rest);
  }

  async function route(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? '/', 'http://relay').pathname;
    const method = request.method ?? 'GET';
    requests.push(`${method} ${path}`);
    if (method === 'GET' && path === '/healthcheck') return send(response, 200, { status: 'OK' });
    if (method === 'POST' && path === '/v1/channel') return createChannel(request, response);
    if (method === 'POST' && path === '/v1/channel/authenticate') return authenticate(request, response);
    if (method === 'GET' && path === '/v1/channel/status') return status(request, response);
    send(response, 404, { message: `Route ${method}:${path} not found`, error: 'Not Found', statusCode: 404 });
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { error: error instanceof Error ? error.message : String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    channel: read,
    channelCount() {
      for (const token of [...channels.keys()]) read(token);
      return channels.size;
    },
    requests,
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      return closed;
    },
  };
}
