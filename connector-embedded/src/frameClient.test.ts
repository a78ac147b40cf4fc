import { isLatchError } from '@latch/kernel';
import { pollUntil } from '@latch/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { toEmbeddedError } from './controller.js';
import { ProviderRpcError, USER_REJECTED } from './errors.js';
import { createFrameClient, FrameError, type FrameClient, LOAD_FAILED, REQUEST_TIMED_OUT } from './frameClient.js';

// The host side of the channel, driven by MessageEvents as the browser delivers them (origin and source set by
// the browser, not by the sender): only the service's origin and the frame's own window are listened to.

const SERVICE = 'http://127.0.0.1:9';

interface Posted {
  id: string;
  type: string;
  payload: unknown;
}

/** Starts a client; `frame` is what the frame would do: it sees each posted request and answers through `reply`. */
function start(options: { loadTimeoutMs?: number; requestTimeoutMs?: number } = {}) {
  const posted: Posted[] = [];
  const client = createFrameClient({
    serviceUrl: SERVICE,
    projectId: 'demo',
    chainId: 'eip155:1',
    sdkVersion: 'test',
    loadTimeoutMs: options.loadTimeoutMs ?? 1_000,
    requestTimeoutMs: options.requestTimeoutMs ?? 1_000,
  });
  const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-latch-embedded="frame"]') as HTMLIFrameElement;
  // happy-dom loads no page into a frame: the frame's window is this stand-in, which records what the host posts.
  const target = { postMessage: (message: Posted) => void posted.push(message) };
  Object.defineProperty(iframe, 'contentWindow', { value: target });
  const deliver = (data: unknown, { origin = SERVICE, source = target as unknown }: { origin?: string; source?: unknown } = {}) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
  const envelope = (id: string, type: string, payload: object = {}) => ({ latch: 'embedded', v: 1, id, type, payload });
  const ready = () => deliver(envelope('0'.repeat(32), 'frame:ready'));
  return { client, iframe, posted, deliver, envelope, ready };
}

async function connected(s: ReturnType<typeof start>): Promise<FrameClient> {
  s.ready();
  const hello = await pollUntil(() => s.posted.find((p) => p.type === 'frame:hello'), 'the frame to be sent frame:hello');
  s.deliver(s.envelope(hello.id, 'frame:hello:success', { allowed: true }));
  return s.client;
}

afterEach(() => {
  for (const frame of document.querySelectorAll('iframe')) frame.remove();
});

describe('the frame client', () => {
  it('creates one hidden, titled, sandboxed frame on the service origin, with the §7 query', async () => {
    const s = start();
    const url = new URL(s.iframe.src);
    expect(url.origin + url.pathname).toBe(`${SERVICE}/frame`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ projectId: 'demo', chainId: 'eip155:1', v: '1' });
    expect(s.iframe.title).toBe('Embedded wallet');
    expect(s.iframe.getAttribute('aria-hidden')).toBe('true');
    expect(s.iframe.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin');
    (await connected(s)).destroy();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('matches replies by id, and ignores other origins, other windows and malformed messages', async () => {
    const s = start();
    const client = await connected(s);
    const answer = client.request('email:connect', { email: 'ada@example.com' });
    const sent = await pollUntil(() => s.posted.find((p) => p.type === 'email:connect'), 'the frame to be sent email:connect');
    expect(sent.id).toMatch(/^[0-9a-f]{32}$/);
    const forged = s.envelope(sent.id, 'email:connect:error', { message: 'forged' });
    s.deliver(forged, { origin: 'http://evil.example' }); // wrong origin
    s.deliver(forged, { source: window }); // right origin claimed, but not the frame's window
    s.deliver({ ...forged, v: 2 }); // malformed envelope
    s.deliver(s.envelope('f'.repeat(32), 'email:connect:success', { action: 'VERIFY_OTP' })); // unknown id
    s.deliver({ ...s.envelope(sent.id, 'email:connect:success', { action: 'VERIFY_OTP' }), pad: 'x'.repeat(70_000) }); // > 64 KiB
    s.deliver(s.envelope(sent.id, 'email:connect:success', { action: 'VERIFY_OTP' }));
    await expect(answer).resolves.toEqual({ action: 'VERIFY_OTP' });
    client.destroy();
  });

  it("gives the frame's error message, or 'An error occurred' when it has none, with its code", async () => {
    const s = start();
    const client = await connected(s);
    const first = client.request('email:otp', { otp: '123456' });
    const a = await pollUntil(() => s.posted.find((p) => p.type === 'email:otp'), 'the frame to be sent email:otp');
    s.deliver(s.envelope(a.id, 'email:otp:error', { code: 'invalid_otp', message: 'Invalid code' }));
    await expect(first).rejects.toMatchObject({ message: 'Invalid code', code: 'invalid_otp' });
    const second = client.request('user:get', {});
    const b = await pollUntil(() => s.posted.find((p) => p.type === 'user:get'), 'the frame to be sent user:get');
    s.deliver(s.envelope(b.id, 'user:get:error', { message: '' }));
    await expect(second).rejects.toThrow('An error occurred');
    client.destroy();
  });

  it('§8 timeouts: no frame:ready → "Network Error - Could not load embedded wallet"; no reply → "Embedded Wallet Request Timed Out"', async () => {
    await expect(start({ loadTimeoutMs: 50 }).client).rejects.toMatchObject({ message: LOAD_FAILED, code: 'iframe_load_failed' });
    expect(document.querySelector('iframe')).toBeNull();
    const s = start({ requestTimeoutMs: 50 });
    const client = await connected(s);
    await expect(client.request('user:get', {})).rejects.toMatchObject({ message: REQUEST_TIMED_OUT, code: 'iframe_request_timeout' });
    client.destroy();
  });

  it('a frame that posts no frame:ready (it could not name this page, and never posts to *) starts on its load event', async () => {
    const s = start({ loadTimeoutMs: 10_000 });
    s.iframe.dispatchEvent(new Event('load'));
    // The first hello may reach a frame that is not listening yet: it is posted again until answered.
    const hello = await pollUntil(
      () => (s.posted.filter((p) => p.type === 'frame:hello').length >= 2 ? s.posted.at(-1) : undefined),
      'the second frame:hello',
    );
    expect(new Set(s.posted.filter((p) => p.type === 'frame:hello').map((p) => p.id)).size).toBe(1);
    s.deliver(s.envelope(hello.id, 'frame:hello:success', { allowed: true }));
    const client = await s.client;
    const count = s.posted.length;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(s.posted.length).toBe(count);
    client.destroy();
  });

  it("passes the frame's approval events on: a request that waits for the visitor, then settled", async () => {
    const s = start();
    const client = await connected(s);
    const events: unknown[] = [];
    client.onEvent((event) => events.push(event));
    s.deliver(s.envelope('1'.repeat(32), 'approval:required', { requestId: '2'.repeat(32), kind: 'transaction' }));
    s.deliver(s.envelope('3'.repeat(32), 'approval:required', { requestId: '2'.repeat(32), kind: 'nonsense' }));
    s.deliver(s.envelope('4'.repeat(32), 'approval:settled', { requestId: '2'.repeat(32) }));
    expect(events).toEqual([
      expect.objectContaining({ type: 'approval:required', payload: { requestId: '2'.repeat(32), kind: 'transaction' } }),
      expect.objectContaining({ type: 'approval:settled', payload: { requestId: '2'.repeat(32) } }),
    ]);
    client.destroy();
  });

  it('refuses an oversized request before posting it', async () => {
    const s = start();
    const client = await connected(s);
    await expect(
      client.request('rpc:request', { namespace: 'eip155', chainId: 1, method: 'personal_sign', params: ['x'.repeat(70_000)] }),
    ).rejects.toThrow('The request is too large for the embedded wallet');
    expect(s.posted.some((p) => p.type === 'rpc:request')).toBe(false);
    client.destroy();
  });
});

describe("the connector's errors", () => {
  it('are LatchErrors an app can catch as one family, each keeping its name, code and message', () => {
    const frame = new FrameError('', 'rate_limited', 27);
    const embedded = toEmbeddedError(new FrameError(LOAD_FAILED, 'iframe_load_failed'));
    const rejected = new ProviderRpcError(4001, USER_REJECTED);
    for (const [error, name] of [
      [frame, 'FrameError'],
      [embedded, 'EmbeddedError'],
      [rejected, 'ProviderRpcError'],
    ] as const) {
      expect(isLatchError(error), name).toBe(true);
      expect(error.name).toBe(name);
    }
    expect(frame).toMatchObject({ message: 'An error occurred', code: 'rate_limited', retryAfter: 27, category: 'CONNECTOR_ERROR' });
    expect(embedded).toMatchObject({ message: LOAD_FAILED, alert: LOAD_FAILED, code: 'iframe_load_failed', category: 'CONNECTOR_ERROR' });
    expect(rejected).toMatchObject({ code: 4001, message: 'User rejected the request.', category: 'RPC_ERROR' });
  });
});
