import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddress, forwardedEntries, requestOrigin } from './index.js';

// A real server on 127.0.0.1: each request says, for the number of trusted proxies in its query, which client and
// which origin the helpers read from it (the socket's peer is this test's own connection, 127.0.0.1).
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((request, response) => {
    const trusted = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('trust'));
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ client: clientAddress(request, trusted), origin: requestOrigin(request, trusted) ?? null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Sends one GET with exactly these headers (a header given twice is sent as two lines). */
function ask(trust: number, headers: Record<string, string | string[]>): Promise<{ client: string; origin: string | null }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port, path: `/?trust=${trust}`, headers }, (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve(JSON.parse(body)));
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('clientAddress (the right-most X-Forwarded-For rule)', () => {
  it('trusts no header when no proxy is trusted: the socket peer', async () => {
    expect((await ask(0, { 'x-forwarded-for': '203.0.113.7' })).client).toBe('127.0.0.1');
  });

  it('behind one proxy: the entry that proxy appended, never the entries the client wrote to its left', async () => {
    expect((await ask(1, { 'x-forwarded-for': '6.6.6.6, 198.51.100.4' })).client).toBe('198.51.100.4');
  });

  it('behind two proxies: the entry the outer proxy appended', async () => {
    expect((await ask(2, { 'x-forwarded-for': '6.6.6.6, 198.51.100.4, 10.0.0.2' })).client).toBe('198.51.100.4');
  });

  it('reads a header sent on several lines as one list', async () => {
    expect((await ask(2, { 'x-forwarded-for': ['6.6.6.6, 198.51.100.4', '10.0.0.2'] })).client).toBe('198.51.100.4');
  });

  it('with fewer entries than proxies, the left-most entry', async () => {
    expect((await ask(3, { 'x-forwarded-for': '198.51.100.4' })).client).toBe('198.51.100.4');
  });

  it('with proxies trusted but no header, the socket peer', async () => {
    expect((await ask(1, {})).client).toBe('127.0.0.1');
  });
});

describe('requestOrigin', () => {
  it('is Host and the socket scheme when no proxy is trusted (forwarded headers ignored)', async () => {
    const { origin } = await ask(0, { host: 'service.test:8080', 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'https' });
    expect(origin).toBe('http://service.test:8080');
  });

  it('behind a trusted proxy: the right-most X-Forwarded-Host and X-Forwarded-Proto', async () => {
    const { origin } = await ask(1, {
      host: 'internal:3000',
      'x-forwarded-host': 'evil.test, names.example',
      'x-forwarded-proto': 'https',
    });
    expect(origin).toBe('https://names.example');
  });

  it('is undefined when the host cannot make an origin', async () => {
    expect((await ask(1, { host: 'internal', 'x-forwarded-host': 'bad host^' })).origin).toBeNull();
  });
});

describe('forwardedEntries', () => {
  it('trims, drops empty entries and keeps the order proxies wrote', () => {
    expect(forwardedEntries(' a ,, b,c ')).toEqual(['a', 'b', 'c']);
    expect(forwardedEntries(['a, b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(forwardedEntries(undefined)).toEqual([]);
  });
});
