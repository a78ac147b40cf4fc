import type { IncomingMessage } from 'node:http';
import { anvilAccounts } from '@latch/testkit';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { signedMessage, startSiwxApp, visitor } from '../test-support/siwxHttp.js';
import { createMemoryNonceStore } from './nonceStore.js';
import { clientKey } from './rateLimit.js';

const account = privateKeyToAccount(anvilAccounts()[5]!.privateKey);
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A clock the test moves. */
function clock(start = Date.parse('2030-01-01T00:00:00Z')) {
  let time = start;
  return { now: () => time, advance: (ms: number) => void (time += ms) };
}

const statuses = async (requests: Promise<Response>[]) => (await Promise.all(requests)).map((response) => response.status);

describe('GET /siwx/nonce limits', () => {
  it('refuses a client past its limit per window with 429 and Retry-After; another client and the next window are served', async () => {
    const time = clock();
    const app = await startSiwxApp({ handler: { nonceLimit: { max: 3, windowMs: 60_000 }, now: time.now }, server: { now: time.now } });
    closers.push(app.close);
    const one = visitor(app.base);
    expect(await statuses([1, 2, 3].map(() => one.request('/siwx/nonce')))).toEqual([200, 200, 200]);
    time.advance(20_000);
    const refused = await one.request('/siwx/nonce');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('40');
    expect(await refused.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      error: 'Too many sign-in attempts from this address; try again shortly',
    });
    time.advance(40_000);
    expect((await one.request('/siwx/nonce')).status).toBe(200);
  });

  it('behind trustProxy proxies counts the right-most X-Forwarded-For entry they did not add, never the first one', async () => {
    const behindOne = await startSiwxApp({ handler: { nonceLimit: { max: 2, windowMs: 60_000 }, trustProxy: 1 } });
    closers.push(behindOne.close);
    const from = (forwardedFor: string) => visitor(behindOne.base, { 'x-forwarded-for': forwardedFor }).request('/siwx/nonce');
    // The client writes whatever it likes left of what the proxy appended: rotating it changes nothing.
    expect(await statuses([from('6.6.6.1, 203.0.113.7'), from('6.6.6.2, 203.0.113.7'), from('6.6.6.3, 203.0.113.7')])).toEqual([
      200, 200, 429,
    ]);
    expect((await from('203.0.113.8')).status).toBe(200);

    // Without trustProxy the header is the client's own words: ignored, every request counts against the peer.
    const direct = await startSiwxApp({ handler: { nonceLimit: { max: 2, windowMs: 60_000 } } });
    closers.push(direct.close);
    const spoof = (forwardedFor: string) => visitor(direct.base, { 'x-forwarded-for': forwardedFor }).request('/siwx/nonce');
    expect(await statuses([spoof('1.1.1.1'), spoof('2.2.2.2'), spoof('3.3.3.3')])).toEqual([200, 200, 429]);
  });

  it('keys IPv4 by address and IPv6 by /64, whatever the notation', () => {
    const request = (remoteAddress: string, forwardedFor?: string) =>
      ({ socket: { remoteAddress }, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} }) as unknown as IncomingMessage;
    expect(clientKey(request('::ffff:198.51.100.4'), 0)).toBe('198.51.100.4');
    expect(clientKey(request('2001:db8:aa:bb:1:2:3:4'), 0)).toBe('2001:db8:aa:bb::/64');
    expect(clientKey(request('2001:db8:aa:bb::9'), 0)).toBe('2001:db8:aa:bb::/64');
    expect(clientKey(request('2001:0db8:00aa::'), 0)).toBe('2001:db8:aa:0::/64');
    expect(clientKey(request('10.0.0.2', '2001:db8::1, 10.0.0.1'), 2)).toBe('2001:db8:0:0::/64');
    // Fewer entries than proxies: the farthest hop there is.
    expect(clientKey(request('10.0.0.2', '198.51.100.9'), 3)).toBe('198.51.100.9');
  });

  it('refuses new nonces with 503 once the memory store is full, and issues again when one is used or expires', async () => {
    const time = clock();
    const nonceStore = createMemoryNonceStore({ maxNonces: 2, now: time.now });
    const app = await startSiwxApp({ server: { nonceStore, now: time.now, nonceTtlMs: 60_000 }, handler: { nonceLimit: false } });
    closers.push(app.close);
    const browser = visitor(app.base);
    const first = await browser.nonce();
    expect((await browser.request('/siwx/nonce')).status).toBe(200);
    const full = await browser.request('/siwx/nonce');
    expect(full.status).toBe(503);
    expect(await full.json()).toEqual({ code: 'STORE_FULL', error: 'Too many sign-ins are waiting; try again in a few minutes' });
    const site = { domain: app.domain, uri: app.base, issuedAt: new Date(time.now()).toISOString() };
    expect((await browser.request('/siwx/verify', { body: await signedMessage(account, first, site) })).status).toBe(200);
    expect(await statuses([browser.request('/siwx/nonce')])).toEqual([200]);
    expect(await statuses([browser.request('/siwx/nonce')])).toEqual([503]);
    time.advance(60_000);
    // Both waiting ones expired: the next issue sweeps them.
    expect(await statuses([browser.request('/siwx/nonce'), browser.request('/siwx/nonce')])).toEqual([200, 200]);
  });
});
