import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  frameOf as frameOfWith,
  network,
  ready as readyWith,
  settle,
  setUp as setUpWith,
  signIn,
  startProjectServer,
  watch,
} from './test-support/frameStandIn.js';

/*
 * The embedded wallet's clocks, with the defaults an integrator gets (no timeout options given), moved by fake timers:
 * what the visitor or the calling app has at each boundary, one millisecond before it and on it. The frame is a
 * stand-in window that records what the page posts and answers as the frame would.
 */

let server: Awaited<ReturnType<typeof startProjectServer>>;
let serviceUrl: string;

beforeAll(async () => {
  // The service's public project settings, read (with real timers) before each test moves the clock.
  server = await startProjectServer();
  serviceUrl = server.serviceUrl;
});
afterAll(() => server.close());

afterEach(() => {
  vi.useRealTimers();
  for (const frame of document.querySelectorAll('iframe')) frame.remove();
});

const setUp = () => setUpWith(serviceUrl);
const frameOf = () => frameOfWith(serviceUrl);
const ready = () => readyWith(serviceUrl);

describe('the embedded wallet against the clock (defaults: 20 s frame load, 500 ms ready delay, 30 s request, 3 s sign-out)', () => {
  it('a frame that never says ready: nothing at 19 999 ms; at 20 s the §8 network error, and the frame is gone', async () => {
    const { controller } = await setUp();
    const started = watch(controller.startEmail('ada@example.com'));
    const { iframe } = await frameOf();
    await vi.advanceTimersByTimeAsync(19_999);
    expect(started().done).toBe(false);
    expect(iframe.isConnected).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(started()).toMatchObject({
      done: true,
      error: { message: 'Network Error - Could not load embedded wallet', alert: 'Network Error - Could not load embedded wallet' },
    });
    expect(iframe.isConnected).toBe(false);
  });

  it('ready is the frame saying so plus 500 ms: no hello at 499 ms, hello at 500 ms', async () => {
    const { controller } = await setUp();
    watch(controller.startEmail('ada@example.com'));
    const frame = await frameOf();
    frame.deliver('0'.repeat(32), 'frame:ready');
    await vi.advanceTimersByTimeAsync(499);
    expect(frame.last('frame:hello')).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(frame.last('frame:hello')).toMatchObject({ payload: { projectId: 'demo' } });
  });

  it('a request with no reply: pending at 29 999 ms; at 30 s "Embedded Wallet Request Timed Out" (its §8 alert)', async () => {
    const { controller, frame } = await ready();
    const verifying = watch(controller.verifyOtp('123456'));
    await settle();
    expect(frame.last('email:otp')).toMatchObject({ payload: { otp: '123456' } });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(verifying().done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(verifying()).toMatchObject({
      done: true,
      error: { message: 'Embedded Wallet Request Timed Out', alert: 'Embedded Wallet Request Timed Out', code: 'iframe_request_timeout' },
    });
  });

  it('a social sign-in waits for the visitor, not for the 30 s request timeout', async () => {
    const { controller } = await ready();
    const waiting = watch(controller.waitSocial('a'.repeat(32)));
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(waiting().done).toBe(false);
  });

  it('sign-out forgets the session at once and waits at most 3 s for a frame that does not answer', async () => {
    const { controller, frame } = await ready();
    const signingOut = watch(controller.signOut());
    await settle();
    expect(frame.last('signout')).toBeDefined();
    expect(controller.state.email).toBeUndefined();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(signingOut().done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signingOut()).toEqual({ value: undefined, done: true });
  });
});

/** Signed in: the code answered with CONNECT, and the kernel's session made. */
async function signedIn() {
  const setup = await signIn(serviceUrl);
  const session = await setup.controller.session({ namespaces: { eip155: [network] } });
  const provider = session.namespaces.eip155?.provider as { request(args: { method: string; params?: unknown }): Promise<unknown> };
  return { ...setup, provider };
}

describe('what the embedded wallet tells the visitor by itself', () => {
  it('a method it does not answer: the caller gets 4200 at once, the modal opens, and "Action not allowed" shows 300 ms later', async () => {
    const { provider, notices } = await signedIn();
    const start = Date.now();
    await expect(
      provider.request({ method: 'eth_sign', params: ['0x00000000000000000000000000000000000000a1', '0x00'] }),
    ).rejects.toMatchObject({
      code: 4200,
      message: 'Requested RPC call is not allowed: the embedded wallet does not support eth_sign',
    });
    await settle();
    expect(notices).toEqual([{ at: start, notice: { open: true } }]);
    await vi.advanceTimersByTimeAsync(299);
    expect(notices).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(notices[1]).toEqual({ at: start + 300, notice: { snack: 'Action not allowed' } });
  });

  it('the frame says the session expired: the session ends for the kernel and the modal opens with the §8 "Session Expired" alert', async () => {
    const { frame, events, notices, provider, controller } = await signedIn();
    frame.deliver('e'.repeat(32), 'session:expired');
    await settle();
    expect(events).toEqual([{ type: 'disconnected' }]);
    expect(notices).toEqual([
      {
        at: expect.any(Number),
        notice: {
          open: true,
          alert: {
            id: 'SESSION_EXPIRED',
            title: 'Session Expired',
            description: 'Invalid session found: check your time settings and connect again',
          },
        },
      },
    ]);
    expect(controller.state.user).toBeUndefined();
    await expect(provider.request({ method: 'eth_accounts' })).rejects.toMatchObject({ code: 4900 });
  });
});
