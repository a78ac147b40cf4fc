import { describe, it, expect, vi, beforeAll, afterAll, beforeEach, afterEach } from 'vitest';
import { startLoopbackServer, type CapturedRequest } from '../test-support/loopbackServer.js';
import { LatchError } from '../primitives.js';
import { ERROR_TELEMETRY_LIMIT, ERROR_TELEMETRY_WINDOW_MS, createTelemetry, type TelemetryOptions } from './telemetry.js';

interface ReceivedRequest {
  method: string;
  path: string;
  query: Array<[string, string]>;
  contentType: string | undefined;
  body: unknown;
}

let replyStatus = 204;
let server: Awaited<ReturnType<typeof startLoopbackServer>>;
let endpoint: string;
/** The server's captures, in the shape these tests assert on. */
const received = (): ReceivedRequest[] => server.requests.map(toReceived);

function toReceived(request: CapturedRequest): ReceivedRequest {
  return {
    method: request.method,
    path: request.path,
    query: [...new URLSearchParams(request.search).entries()],
    contentType: request.headers['content-type'],
    body: JSON.parse(request.body),
  };
}

beforeAll(async () => {
  server = await startLoopbackServer(() => ({ status: replyStatus }));
  endpoint = server.url;
});

afterAll(() => server.close());

beforeEach(() => {
  server.requests.length = 0;
  replyStatus = 204;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function telemetryFor(overrides: Partial<TelemetryOptions> = {}) {
  let nextId = 0;
  return createTelemetry({
    endpoint,
    projectId: 'project-1',
    sdkType: 'latch-react',
    sdkVersion: '1.2.3',
    now: () => 1_700_000_000_000,
    location: () => ({ href: 'https://shop.example/checkout?step=2', host: 'shop.example' }),
    randomId: () => `event-${++nextId}`,
    ...overrides,
  });
}

describe('analytics events', () => {
  it('POSTs /e with projectId, st and sv and the documented body', async () => {
    const telemetry = telemetryFor();
    await telemetry.sendEvent({ event: 'MODAL_OPEN', properties: { connected: false }, address: '0xabc' });
    expect(received()).toEqual([
      {
        method: 'POST',
        path: '/e',
        query: [
          ['projectId', 'project-1'],
          ['st', 'latch-react'],
          ['sv', '1.2.3'],
        ],
        contentType: 'application/json',
        body: {
          eventId: 'event-1',
          url: 'https://shop.example/checkout?step=2',
          domain: 'shop.example',
          timestamp: 1_700_000_000_000,
          props: { connected: false, event: 'MODAL_OPEN', address: '0xabc' },
        },
      },
    ]);
  });

  it('tolerates a trailing slash on the endpoint and bigint properties', async () => {
    await telemetryFor({ endpoint: `${endpoint}/` }).sendEvent({
      event: 'SEND',
      properties: { amount: 10n ** 18n },
    });
    expect(received()[0]?.path).toBe('/e');
    expect(received()[0]?.body).toMatchObject({ props: { amount: '1000000000000000000', event: 'SEND' } });
  });

  it('is not rate limited like error telemetry', async () => {
    const telemetry = telemetryFor();
    for (let i = 0; i <= ERROR_TELEMETRY_LIMIT; i++) await telemetry.sendEvent({ event: `E${i}` });
    expect(received()).toHaveLength(ERROR_TELEMETRY_LIMIT + 1);
  });

  it('sends nothing when the analytics feature is off, but still reports errors', async () => {
    const telemetry = telemetryFor({ analytics: false });
    await telemetry.sendEvent({ event: 'MODAL_OPEN' });
    expect(received()).toHaveLength(0);
    await telemetry.sendError(new Error('x'), 'CONNECT_ERROR');
    expect(received()).toHaveLength(1);
  });

  it('reads the page location lazily, at send time', async () => {
    const telemetry = telemetryFor({ location: undefined });
    vi.stubGlobal('location', { href: 'https://late.example/a', host: 'late.example' });
    await telemetry.sendEvent({ event: 'MODAL_OPEN' });
    expect(received()[0]?.body).toMatchObject({ url: 'https://late.example/a', domain: 'late.example' });
  });

  it('sends empty url and domain outside a browser', async () => {
    await telemetryFor({ location: undefined }).sendEvent({ event: 'MODAL_OPEN' });
    expect(received()[0]?.body).toMatchObject({ url: '', domain: '' });
  });
});

describe('error telemetry', () => {
  it('reports a LatchError with its category, message and stack', async () => {
    const error = new LatchError('Failed to fetch transactions', { category: 'API_ERROR' });
    await telemetryFor().sendError(error, 'FETCH_TRANSACTIONS');
    expect(received()[0]?.body).toEqual({
      eventId: 'event-1',
      url: 'https://shop.example/checkout?step=2',
      domain: 'shop.example',
      timestamp: 1_700_000_000_000,
      props: {
        type: 'error',
        event: 'FETCH_TRANSACTIONS',
        errorType: 'API_ERROR',
        errorMessage: 'Failed to fetch transactions',
        stackTrace: error.stack,
      },
    });
    expect(error.stack).toMatch(/\S/);
  });

  it('uses the error name for other errors and empty stack for non-errors', async () => {
    const telemetry = telemetryFor();
    await telemetry.sendError(new TypeError('bad'), 'A');
    await telemetry.sendError(null, 'B');
    expect(received()[0]?.body).toMatchObject({ props: { errorType: 'TypeError', errorMessage: 'bad' } });
    expect(received()[1]?.body).toMatchObject({
      props: { errorType: 'INTERNAL_SDK_ERROR', errorMessage: 'Unknown error', stackTrace: '' },
    });
  });

  it(`sends at most ${ERROR_TELEMETRY_LIMIT} per ${ERROR_TELEMETRY_WINDOW_MS} ms, sliding`, async () => {
    expect(ERROR_TELEMETRY_LIMIT).toBe(5);
    expect(ERROR_TELEMETRY_WINDOW_MS).toBe(60_000);
    let clock = 0;
    const telemetry = telemetryFor({ now: () => clock });
    for (let i = 0; i < 5; i++) {
      clock = i * 1_000;
      await telemetry.sendError(new Error(`e${i}`), 'E');
    }
    expect(received()).toHaveLength(5);

    clock = 10_000;
    await telemetry.sendError(new Error('sixth'), 'E');
    expect(received()).toHaveLength(5);

    clock = 59_999;
    await telemetry.sendError(new Error('still inside the window'), 'E');
    expect(received()).toHaveLength(5);

    clock = 60_000; // the first report (t=0) leaves the window
    await telemetry.sendError(new Error('allowed again'), 'E');
    expect(received()).toHaveLength(6);
    expect(received()[5]?.body).toMatchObject({ props: { errorMessage: 'allowed again' } });

    await telemetry.sendError(new Error('window full again'), 'E');
    expect(received()).toHaveLength(6);
  });
});

describe('privacy and robustness', () => {
  it('makes no request at all without an endpoint', async () => {
    const spyFetch = vi.fn<typeof fetch>();
    const telemetry = telemetryFor({ endpoint: undefined, fetch: spyFetch });
    expect(telemetry.enabled).toBe(false);
    await telemetry.sendEvent({ event: 'MODAL_OPEN' });
    await telemetry.sendError(new Error('x'), 'E');
    expect(spyFetch).not.toHaveBeenCalled();
    expect(received()).toHaveLength(0);
  });

  it('treats a blank endpoint as absent', async () => {
    const spyFetch = vi.fn<typeof fetch>();
    const telemetry = telemetryFor({ endpoint: '  ', fetch: spyFetch });
    await telemetry.sendError(new Error('x'), 'E');
    expect(telemetry.enabled).toBe(false);
    expect(spyFetch).not.toHaveBeenCalled();
  });

  it('calls onForbidden on a 403 reply, and not otherwise', async () => {
    const onForbidden = vi.fn();
    const telemetry = telemetryFor({ onForbidden });
    await telemetry.sendEvent({ event: 'MODAL_OPEN' });
    expect(onForbidden).not.toHaveBeenCalled();
    replyStatus = 403;
    await telemetry.sendEvent({ event: 'MODAL_OPEN' });
    expect(onForbidden).toHaveBeenCalledTimes(1);
  });

  it('resolves without throwing when the endpoint is unreachable', async () => {
    const closed = await startLoopbackServer();
    await closed.close();
    const telemetry = telemetryFor({ endpoint: closed.url });
    await expect(telemetry.sendEvent({ event: 'MODAL_OPEN' })).resolves.toBeUndefined();
    await expect(telemetry.sendError(new Error('x'), 'E')).resolves.toBeUndefined();
  });

  it('swallows failures of fetch, serialisation and onForbidden', async () => {
    const throwingFetch = vi.fn<typeof fetch>(() => {
      throw new TypeError('fetch unavailable');
    });
    await expect(telemetryFor({ fetch: throwingFetch }).sendError(new Error('x'), 'E')).resolves.toBeUndefined();
    expect(throwingFetch).toHaveBeenCalledTimes(1);

    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(telemetryFor().sendEvent({ event: 'E', properties: circular })).resolves.toBeUndefined();

    replyStatus = 403;
    const onForbidden = vi.fn(() => {
      throw new Error('host handler failed');
    });
    await expect(telemetryFor({ onForbidden }).sendEvent({ event: 'E' })).resolves.toBeUndefined();
    expect(onForbidden).toHaveBeenCalledTimes(1);
  });
});
