// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OnrampStandIn, startOnrampStandIn } from '@latch/devnet/services';
import { createOnrampSessionHandler, type OnrampSessionHandlerOptions } from './index.js';

const PAGE = 'http://127.0.0.1:5173';
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const request = { addresses: [{ address: ADDRESS, blockchains: ['base'] }], assets: ['USDC'] };

let coinbase: OnrampStandIn;
const servers: Server[] = [];

beforeAll(async () => {
  // The token endpoint needs no chain; the widget (which pays on anvil) is not used here.
  coinbase = await startOnrampStandIn({ rpcUrl: 'http://127.0.0.1:9', from: '0x0000000000000000000000000000000000000000' });
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
  await coinbase.close();
});

/** The handler on a node:http server of its own (loopback, free port), as an integrator mounts it. */
async function serve(options: Partial<OnrampSessionHandlerOptions> = {}) {
  const handler = createOnrampSessionHandler({
    ...coinbase.cdpKeys.ed25519,
    tokenUrl: coinbase.coinbaseTokenUrl,
    allowedOrigins: [PAGE],
    ...options,
  });
  const server = createServer((req, res) => void handler.node(req, res));
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/onramp/session`;
  return (init: { origin?: string | undefined; body?: unknown; method?: string; contentType?: string } = {}) =>
    fetch(url, {
      method: init.method ?? 'POST',
      headers: {
        ...(init.origin === undefined && 'origin' in init ? {} : { origin: init.origin ?? PAGE }),
        'content-type': init.contentType ?? 'application/json',
      },
      ...((init.method ?? 'POST') === 'POST' ? { body: JSON.stringify(init.body ?? request) } : {}),
    });
}

describe('the Coinbase session token handler (against a stand-in speaking Coinbase’s API)', () => {
  it.each(['ed25519', 'ec'] as const)('signs with a %s CDP key, adds the visitor’s IP and answers the one-time token', async (kind) => {
    const post = await serve({ ...coinbase.cdpKeys[kind] });
    const before = coinbase.tokenRequests.length;
    const response = await post();
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(PAGE);
    const { token } = (await response.json()) as { token: string };
    // The stand-in checked the JWT (kid, nonce, iss, sub, two-minute lifetime, uris) with the key's public half.
    expect(coinbase.tokenRequests.slice(before)).toEqual([
      { status: 200, apiKeyId: coinbase.cdpKeys[kind].apiKeyId, token, body: { ...request, clientIp: '127.0.0.1' } },
    ]);
  });

  it('answers the preflight for an allowed origin only, never with a wildcard', async () => {
    const post = await serve();
    const allowed = await post({ method: 'OPTIONS' });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(allowed.headers.get('access-control-allow-methods')).toBe('POST');
    const other = await post({ method: 'OPTIONS', origin: 'https://evil.example' });
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it.each([
    ['another origin', { origin: 'https://evil.example' }, 403, 'This origin may not ask for an on-ramp session'],
    ['no origin', { origin: undefined }, 403, 'This origin may not ask for an on-ramp session'],
    ['a form post', { contentType: 'application/x-www-form-urlencoded' }, 415, 'Send JSON'],
    ['no addresses', { body: { addresses: [] } }, 400, 'addresses must list 1 to 8 entries'],
    ['a bad address', { body: { addresses: [{ address: '<script>', blockchains: ['base'] }] } }, 400, 'an address is missing or invalid'],
    ['no networks', { body: { addresses: [{ address: ADDRESS, blockchains: [] }] } }, 400, 'blockchains must list 1 to 16 names'],
    ['a bad asset', { body: { ...request, assets: ['U SDC'] } }, 400, 'assets holds an invalid name'],
  ] as const)('refuses %s with a clear error and asks Coinbase nothing', async (_, init, status, error) => {
    const post = await serve();
    const before = coinbase.tokenRequests.length;
    const response = await post(init);
    expect([response.status, await response.json()]).toEqual([status, { error }]);
    expect(coinbase.tokenRequests.length).toBe(before);
  });

  it('refuses a visitor your authorize check refuses (401)', async () => {
    const post = await serve({ authorize: (req) => req.headers.get('cookie') === 'session=ok' });
    const before = coinbase.tokenRequests.length;
    const response = await post();
    expect([response.status, await response.json()]).toEqual([401, { error: 'Sign in first' }]);
    expect(coinbase.tokenRequests.length).toBe(before);
  });

  it('passes on Coinbase’s refusal (an unknown key) as 502 with Coinbase’s message', async () => {
    const unknown = { apiKeyId: 'organizations/x/apiKeys/unknown', apiKeySecret: coinbase.cdpKeys.ed25519.apiKeySecret };
    const post = await serve(unknown);
    const response = await post();
    expect([response.status, await response.json()]).toEqual([
      502,
      { error: 'Coinbase refused the session token (status 401): Unauthenticated: unknown API key' },
    ]);
  });

  it('says so when Coinbase cannot be reached (502)', async () => {
    const post = await serve({ tokenUrl: 'http://127.0.0.1:9/onramp/v1/token' });
    const response = await post();
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: string }).error).toMatch(/^Coinbase could not be reached: /);
  });

  it.each([
    [{ allowedOrigins: ['*'] }, "'*' is not an exact origin"],
    [{ allowedOrigins: [] }, 'allowedOrigins must list the page origins'],
    [{ apiKeySecret: 'not a key' }, 'apiKeySecret must be an EC PEM key or a base64 Ed25519 key (64 bytes)'],
    [{ apiKeyId: '' }, 'apiKeyId is required'],
  ])('refuses bad configuration %#', (options, message) => {
    expect(() =>
      createOnrampSessionHandler({
        ...coinbase.cdpKeys.ed25519,
        allowedOrigins: [PAGE],
        ...(options as Partial<OnrampSessionHandlerOptions>),
      }),
    ).toThrow(message);
  });
});
