// A loopback stand-in for Coinbase Onramp and Meld, for `npm start`, the e2e suite and the session
// handler's tests. Coinbase's session token API as Coinbase documents it: `POST /onramp/v1/token` with
// `Authorization: Bearer <JWT>` signed by a CDP secret key (ES256 or EdDSA; header kid and nonce;
// claims iss "cdp", sub, nbf, exp at most two minutes on, uris ["POST <host>/onramp/v1/token"]) and a
// JSON body `{ addresses: [{ address, blockchains }], assets?, clientIp }`; it answers
// `{ token, channel_id }`, or Coinbase's error shape `{ code, message, details }`. The widgets read
// each provider's real query (Coinbase `sessionToken`, used once, within five minutes, then
// `defaultNetwork`, `presetFiatAmount`…; Meld `publicKey`, `walletAddress`, `sourceAmount`…),
// refuse a request missing its key fields (400), and "complete the purchase" by sending the
// amount's ETH from an anvil account to the address.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { jwtVerify } from 'jose';

/** What the stand-in sells: 1 ETH per 1000 of fiat, so 25 USD buys 0.025 ETH. */
export const WEI_PER_FIAT_UNIT = 10n ** 15n;

function fiatToWei(amount) {
  const [whole = '0', cents = ''] = amount.split('.');
  return (BigInt(whole) * 100n + BigInt(cents.padEnd(2, '0') || '0')) * (WEI_PER_FIAT_UNIT / 100n);
}

async function sendOnAnvil(rpcUrl, transaction) {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendTransaction', params: [transaction] }),
  });
  const body = await response.json();
  if (body.error) throw new Error(`anvil refused the payment: ${body.error.message}`);
  return body.result;
}

/** Two CDP secret keys as the portal hands them out: an Ed25519 one (base64 seed + public key) and an EC PEM. */
function makeCdpKeys() {
  const ed = generateKeyPairSync('ed25519');
  const { d, x } = ed.privateKey.export({ format: 'jwk' });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const id = () => `organizations/${randomBytes(8).toString('hex')}/apiKeys/${randomBytes(8).toString('hex')}`;
  return {
    ed25519: {
      apiKeyId: id(),
      apiKeySecret: Buffer.concat([Buffer.from(d, 'base64url'), Buffer.from(x, 'base64url')]).toString('base64'),
      publicKey: ed.publicKey,
      alg: 'EdDSA',
    },
    ec: { apiKeyId: id(), apiKeySecret: ec.privateKey.export({ format: 'pem', type: 'sec1' }), publicKey: ec.publicKey, alg: 'ES256' },
  };
}

const TOKEN_LIFETIME_MS = 5 * 60_000;
const coinbaseError = (code, message) => ({ code, message, details: [] });

async function readBody(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** Checks the bearer JWT as Coinbase does; returns the key's id, or throws with the reason. */
async function verifyCdpJwt(authorization, keys, uri, seenNonces) {
  const jwt = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  if (!jwt) throw new Error('missing bearer token');
  const kid = JSON.parse(Buffer.from(jwt.split('.')[0] ?? '', 'base64url').toString('utf8')).kid;
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

function checkTokenBody(body) {
  const { addresses, assets, clientIp } = body ?? {};
  const strings = (list) => Array.isArray(list) && list.length > 0 && list.every((item) => typeof item === 'string' && item);
  if (!Array.isArray(addresses) || addresses.length === 0) return 'addresses is required';
  if (!addresses.every((a) => typeof a?.address === 'string' && a.address && strings(a.blockchains)))
    return 'each address needs blockchains';
  if (assets !== undefined && !strings(assets)) return 'assets must be a list of tickers';
  if (typeof clientIp !== 'string' || !clientIp) return 'clientIp is required';
  return undefined;
}

function widgetRequest(url, sessions) {
  const query = Object.fromEntries(url.searchParams);
  if (url.pathname === '/coinbase/buy') {
    const session = sessions.get(query.sessionToken ?? '');
    const fresh = session && !session.used && session.expiresAt > Date.now();
    if (fresh) session.used = true;
    const entry = fresh ? session.addresses.find((a) => a.blockchains.includes(query.defaultNetwork)) : undefined;
    return { provider: 'coinbase', query, key: query.sessionToken, address: entry?.address, amount: query.presetFiatAmount, session };
  }
  if (url.pathname === '/meld/')
    return { provider: 'meld', query, key: query.publicKey, address: query.walletAddress, amount: query.sourceAmount };
  return undefined;
}

/** Starts the stand-in on 127.0.0.1 (a free port); `from` is an unlocked anvil account that pays. */
export async function startOnrampStandIn({ rpcUrl, from }) {
  const requests = [];
  const tokenRequests = [];
  const sessions = new Map();
  const seenNonces = new Set();
  const cdpKeys = makeCdpKeys();
  let host;
  async function issueToken(request, response) {
    const reply = (status, body) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const text = await readBody(request);
    let apiKeyId;
    try {
      apiKeyId = await verifyCdpJwt(request.headers.authorization, cdpKeys, `POST ${host}/onramp/v1/token`, seenNonces);
    } catch (error) {
      tokenRequests.push({ status: 401, reason: error.message });
      return reply(401, coinbaseError(16, `Unauthenticated: ${error.message}`));
    }
    let body;
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
    sessions.set(token, { ...body, used: false, expiresAt: Date.now() + TOKEN_LIFETIME_MS });
    tokenRequests.push({ status: 200, apiKeyId, body, token });
    return reply(200, { token, channel_id: '' });
  }
  async function handle(request, response) {
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
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const base = `http://127.0.0.1:${server.address().port}`;
  host = `127.0.0.1:${server.address().port}`;
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
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
