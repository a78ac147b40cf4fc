import { describe, it, expect, vi, beforeAll, afterAll } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpClient } from './httpClient.js';

interface ReceivedRequest {
  method: string;
  path: string;
  query: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const received: ReceivedRequest[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const entry: ReceivedRequest = {
        method: request.method ?? '',
        path: url.pathname,
        query: url.search,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(entry);
      if (url.pathname.endsWith('/fail')) {
        response.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":"boom"}');
      } else if (url.pathname.endsWith('/missing')) {
        response.writeHead(404).end('not here');
      } else if (url.pathname.endsWith('/empty')) {
        response.writeHead(204).end();
      } else {
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(entry));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('createHttpClient', () => {
  it('GETs the path with only the truthy query params', async () => {
    const client = createHttpClient({ baseUrl });
    const echo = await client.get<ReceivedRequest>('/v1/balance', {
      params: {
        address: '0xabc',
        chainId: 'eip155:1',
        cursor: '',
        limit: 0,
        hint: undefined,
        next: null,
        force: false,
        page: 2,
        live: true,
      },
    });
    expect(echo.method).toBe('GET');
    expect(echo.path).toBe('/v1/balance');
    expect(echo.query).toBe('?address=0xabc&chainId=eip155%3A1&page=2&live=true');
    expect(echo.body).toBe('');
  });

  it('adds no query string when every param is falsy', async () => {
    const echo = await createHttpClient({ baseUrl }).get<ReceivedRequest>('/plain', {
      params: { a: '', b: 0 },
    });
    expect(echo.query).toBe('');
  });

  it('POSTs a JSON body with a JSON content type', async () => {
    const body = { name: 'alice', attributes: {}, timestamp: 1_700_000_000 };
    const echo = await createHttpClient({ baseUrl }).post<ReceivedRequest>('/names', { body });
    expect(echo.method).toBe('POST');
    expect(echo.headers['content-type']).toBe('application/json');
    expect(JSON.parse(echo.body)).toEqual(body);
  });

  it('sends PUT and DELETE with their methods', async () => {
    const client = createHttpClient({ baseUrl });
    const put = await client.put<ReceivedRequest>('/item/1', { body: { on: true } });
    const removed = await client.delete<ReceivedRequest>('/item/1');
    expect(put.method).toBe('PUT');
    expect(JSON.parse(put.body)).toEqual({ on: true });
    expect(removed.method).toBe('DELETE');
    expect(removed.path).toBe('/item/1');
  });

  it('keeps a base path and merges client and request headers', async () => {
    const client = createHttpClient({
      baseUrl: `${baseUrl}/api/`,
      headers: { 'x-sdk': 'latch', 'x-over': 'client' },
    });
    const echo = await client.get<ReceivedRequest>('names', { headers: { 'x-over': 'request' } });
    expect(echo.path).toBe('/api/names');
    expect(echo.headers['x-sdk']).toBe('latch');
    expect(echo.headers['x-over']).toBe('request');
  });

  it('throws exactly "HTTP status code: {n}" on a non-OK reply', async () => {
    const client = createHttpClient({ baseUrl });
    await expect(client.post('/fail', { body: {} })).rejects.toThrowError(/^HTTP status code: 500$/);
    await expect(client.get('/missing')).rejects.toThrowError(/^HTTP status code: 404$/);
  });

  it('resolves undefined for an empty reply', async () => {
    await expect(createHttpClient({ baseUrl }).delete('/empty')).resolves.toBeUndefined();
  });

  it('uses the injected fetch', async () => {
    const spyFetch = vi.fn<typeof fetch>((input, init) => fetch(input, init));
    await createHttpClient({ baseUrl, fetch: spyFetch }).get('/spied', { params: { q: 'x' } });
    expect(spyFetch).toHaveBeenCalledTimes(1);
    expect(String(spyFetch.mock.calls[0]?.[0])).toBe(`${baseUrl}/spied?q=x`);
  });

  it('honours an abort signal without reaching the server', async () => {
    const before = received.length;
    const request = createHttpClient({ baseUrl }).get('/aborted', { signal: AbortSignal.abort() });
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    expect(received.length).toBe(before);
  });
});
