import { describe, it, expect, vi, beforeAll, afterAll } from 'vitest';
import { startLoopbackServer, type CapturedRequest } from '../test-support/loopbackServer.js';
import { createHttpClient } from './httpClient.js';

type ReceivedRequest = CapturedRequest & { query: string };

let server: Awaited<ReturnType<typeof startLoopbackServer>>;
let received: CapturedRequest[] = [];
let baseUrl: string;

beforeAll(async () => {
  server = await startLoopbackServer((request) => {
    if (request.path.endsWith('/fail')) return { status: 500, headers: { 'Content-Type': 'application/json' }, body: '{"error":"boom"}' };
    if (request.path.endsWith('/missing')) return { status: 404, body: 'not here' };
    if (request.path.endsWith('/empty')) return { status: 204 };
    const entry: ReceivedRequest = { ...request, query: request.search };
    return { status: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(entry) };
  });
  received = server.requests;
  baseUrl = server.url;
});

afterAll(() => server.close());

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
    await expect(client.get('/missing')).rejects.toMatchObject({ name: 'LatchError', category: 'API_ERROR', code: 'HTTP_STATUS' });
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
