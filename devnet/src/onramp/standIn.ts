// A loopback stand-in for Coinbase Onramp and Meld, for `npm start`, the e2e suite and the session
// handler's tests (feature-onramp). Coinbase's session token API as Coinbase documents it: `POST /onramp/v1/token` with
// `Authorization: Bearer <JWT>` signed by a CDP secret key (ES256 or EdDSA; header kid and nonce;
// claims iss "cdp", sub, nbf, exp at most two minutes on, uris ["POST <host>/onramp/v1/token"]) and a
// JSON body `{ addresses: [{ address, blockchains }], assets?, clientIp }`; it answers
// `{ token, channel_id }`, or Coinbase's error shape `{ code, message, details }`. The widgets read
// each provider's real query (Coinbase `sessionToken`, used once, within five minutes, then
// `defaultNetwork`, `presetFiatAmount`…; Meld `publicKey`, `walletAddress`, `sourceAmount`…),
// refuse a request missing its key fields (400), and "complete the purchase" by sending the
// amount's ETH from an anvil account to the address.
import { generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { jwtVerify } from 'jose';

/** One widget request the stand-in received: its provider, path and query as the page sent them. */
export interface OnrampRequest {
  provider: 'coinbase' | 'meld';
  path: string;
  query: Record<string, string>;
  /** The transaction that paid the address on anvil. */
  hash: string;
}

/** One call to the stand-in's Coinbase session token endpoint: what it answered and why. */
export interface CoinbaseTokenRequest {
  status: number;
  reason?: string;
  apiKeyId?: string;
  body?: TokenBody;
  token?: string;
}

interface TokenBody {
  addresses: { address: string; blockchains: string[] }[];
  assets?: string[];
  clientIp: string;
}

export interface OnrampStandIn {
  /** The widget URLs to configure: Coinbase Onramp's query at `/coinbase/buy`, Meld's at `/meld/`. */
  coinbaseUrl: string;
  meldUrl: string;
  /** Coinbase's session token endpoint (`POST /onramp/v1/token`). */
  coinbaseTokenUrl: string;
  /** CDP secret keys the endpoint accepts, as the portal gives them: Ed25519 (base64) and EC (SEC1 PEM). */
  cdpKeys: Record<'ed25519' | 'ec', { apiKeyId: string; apiKeySecret: string }>;
  tokenRequests: CoinbaseTokenRequest[];
  requests: OnrampRequest[];
  close(): Promise<void>;
}

/** What the stand-in sells: 1 ETH per 1000 of fiat, so 25 USD buys 0.025 ETH. */
export const WEI_PER_FIAT_UNIT = 10n ** 15n;

function fiatToWei(amount: string): bigint {
  const [whole = '0', cents = ''] = amount.split('.');
  return (BigInt(whole) * 100n + BigInt(cents.padEnd(2, '0') || '0')) * (WEI_PER_FIAT_UNIT / 100n);
}

async function sendOnAnvil(rpcUrl: string, transaction: { from: string; to: string; value: string }): Promise<string> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendTransaction', params: [transaction] }),
  });
  const body = (await response.json()) as { result?: string; error?: { message: string } };
  if (body.error) throw new Error(`anvil refused the payment: ${body.error.message}`);
  return body.result as string;
}

interface CdpKey {
  apiKeyId: string;
  apiKeySecret: string;
  publicKey: KeyObject;
  alg: 'EdDSA' | 'ES256';
}

/** Two CDP secret keys as the portal hands them out: an Ed25519 one (base64 seed + public key) and an EC PEM. */
function makeCdpKeys(): Record<'ed25519' | 'ec', CdpKey> {
  const ed = generateKeyPairSync('ed25519');
  const { d, x } = ed.privateKey.export({ format: 'jwk' });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const id = () => `organizations/${randomBytes(8).toString('hex')}/apiKeys/${randomBytes(8).toString('hex')}`;
  return {
    ed25519: {
      apiKeyId: id(),
      apiKeySecret: Buffer.concat([Buffer.from(d ?? '', 'base64url'), Buffer.from(x ?? '', 'base64url')]).toString('base64'),
      publicKey: ed.publicKey,
      alg: 'EdDSA',
    },
    ec: {
      apiKeyId: id(),
      apiKeySecret: ec.privateKey.export({ format: 'pem', type: 'sec1' }).toString(),
      publicKey: ec.publicKey,
      alg: 'ES256',
    },
  };
}

const TOKEN_LIFETIME_MS = 5 * 60_000;
const coinbaseError = (code: number, message: string) => ({ code, message, details: [] });

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Checks the bearer JWT as Coinbase does; returns the key's id, or throws with the reason. */
async function verifyCdpJwt(
  authorization: string | undefined,
  keys: Record<string, CdpKey>,
  uri: string,
  seenNonces: Set<unknown>,
): Promise<string> {
  const jwt = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  if (!jwt) throw new Error('missing bearer token');
  const kid = JSON.parse(Buffer.from(jwt.split('.')[0] ?? '', 'base64url').toString('utf8')).kid as string;
  const key = Object.values(keys).find((k) => k.apiKeyId === kid);
  if (!key) throw new Error('unknown API key');
  const { payload, protectedHeader } = await jwtVerify(jwt, key.publicKey, {
    issuer: 'cdp',
    subject: kid,
    algorithms: [key.alg],
    typ: 'JWT',
  });
  if (!/^[0-9a-f]{32}$/.test(String(protectedHeader.nonce)) || seenNonces.has(protectedHeader.nonce))
    throw new Error('bad or reused nonce');
  seenNonces.add(protectedHeader.nonce);
  if (typeof payload.nbf !== 'number' || typeof payload.exp !== 'number' || payload.exp - payload.nbf > 120)
    throw new Error('lifetime over two minutes');
  if (!isDeepStrictEqual(payload.uris, [uri])) throw new Error(`uris must be ["${uri}"]`);
  return kid;
}

function checkTokenBody(body: unknown): string | undefined {
  const { addresses, assets, clientIp } = (body ?? {}) as Partial<Record<keyof TokenBody, unknown>>;
  const strings = (list: unknown) => Array.isArray(list) && list.length > 0 && list.every((item) => typeof item === 'string' && item);
  if (!Array.isArray(addresses) || addresses.length === 0) return 'addresses is required';
  if (!addresses.every((a) => typeof a?.address === 'string' && a.address && strings(a.blockchains)))
    return 'each address needs blockchains';
  if (assets !== undefined && !strings(assets)) return 'assets must be a list of tickers';
  if (typeof clientIp !== 'string' || !clientIp) return 'clientIp is required';
  return undefined;
}

type Session = TokenBody & { used: boolean; expiresAt: number };

function widgetRequest(url: URL, sessions: Map<string, Session>) {
  const query: Record<string, string> = Object.fromEntries(url.searchParams);
  if (url.pathname === '/coinbase/buy') {
    const session = sessions.get(query.sessionToken ?? '');
    const fresh = session && !session.used && session.expiresAt > Date.now();
    if (fresh) session.used = true;
    const entry = fresh ? session.addresses.find((a) => a.blockchains.includes(query.defaultNetwork ?? '')) : undefined;
    return { provider: 'coinbase' as const, query, key: query.sessionToken, address: entry?.address, amount: query.presetFiatAmount };
  }
  if (url.pathname === '/meld/')
    return { provider: 'meld' as const, query, key: query.publicKey, address: query.walletAddress, amount: query.sourceAmount };
  return undefined;
}

/** Starts the stand-in on 127.0.0.1 (a free port); `from` is an unlocked anvil account that pays. */
export async function startOnrampStandIn({ rpcUrl, from }: { rpcUrl: string; from: string }): Promise<OnrampStandIn> {
  const requests: OnrampRequest[] = [];
  const tokenRequests: CoinbaseTokenRequest[] = [];
  const sessions = new Map<string, Session>();
  const seenNonces = new Set<unknown>();
  const cdpKeys = makeCdpKeys();
  let host = '';
  async function issueToken(request: IncomingMessage, response: ServerResponse) {
    const reply = (status: number, body: unknown) =>
      void response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const text = await readBody(request);
    let apiKeyId: string;
    try {
      apiKeyId = await verifyCdpJwt(request.headers.authorization, cdpKeys, `POST ${host}/onramp/v1/token`, seenNonces);
    } catch (error) {
      const reason = (error as Error).message;
      tokenRequests.push({ status: 401, reason });
      return reply(401, coinbaseError(16, `Unauthenticated: ${reason}`));
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const problem = request.headers['content-type']?.startsWith('application/json') ? checkTokenBody(body) : 'send JSON';
    if (problem) {
      tokenRequests.push({ status: 400, reason: problem, apiKeyId });
      return reply(400, coinbaseError(3, problem));
    }
    const token = randomBytes(24).toString('base64url');
    sessions.set(token, { ...(body as TokenBody), used: false, expiresAt: Date.now() + TOKEN_LIFETIME_MS });
    tokenRequests.push({ status: 200, apiKeyId, body: body as TokenBody, token });
    return reply(200, { token, channel_id: '' });
  }
  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/onramp/v1/token' && request.method === 'POST') return issueToken(request, response);
    const widget = widgetRequest(url, sessions);
    if (!widget) return void response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    const { provider, query, key, address, amount } = widget;
    if (!key || !address || !amount || !/^\d+(\.\d{1,2})?$/.test(amount)) {
      return void response.writeHead(400, { 'content-type': 'text/plain' }).end('Bad widget request');
    }
    const hash = await sendOnAnvil(rpcUrl, { from, to: address, value: `0x${fiatToWei(amount).toString(16)}` });
    requests.push({ provider, path: url.pathname, query, hash });
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html lang="en"><title>${provider} stand-in</title><h1>Purchase sent</h1><p id="hash">${hash}</p></html>`);
  }
  const server = createServer((request, response) => {
    handle(request, response).catch((error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  host = `127.0.0.1:${port}`;
  const { ed25519, ec } = cdpKeys;
  return {
    coinbaseUrl: `${base}/coinbase/buy`,
    meldUrl: `${base}/meld/`,
    coinbaseTokenUrl: `${base}/onramp/v1/token`,
    cdpKeys: {
      ed25519: { apiKeyId: ed25519.apiKeyId, apiKeySecret: ed25519.apiKeySecret },
      ec: { apiKeyId: ec.apiKeyId, apiKeySecret: ec.apiKeySecret },
    },
    tokenRequests,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
