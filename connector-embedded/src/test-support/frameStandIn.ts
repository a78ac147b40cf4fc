import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CaipNetwork, ConnectorContext, ConnectorNotice, ConnectorPluginEvent } from '@latch/kernel';
import { expect, vi } from 'vitest';
import type { EmbeddedController } from '../controller.js';
import { createEmbeddedWalletConnector, type EmbeddedWalletOptions } from '../index.js';

/*
 * The embedded wallet's page side against a stand-in frame: a window that records what the page posts and answers as
 * the frame would. The clock is faked once the project settings were read, so a test moves it itself.
 */

export const network = {
  id: 31337,
  name: 'Local Devnet',
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
} as unknown as CaipNetwork;

export const USER = {
  email: 'ada@example.com',
  addresses: { eip155: '0x00000000000000000000000000000000000000a1', solana: '11111111111111111111111111111111' },
};

export interface Posted {
  id: string;
  type: string;
  payload: unknown;
}

/** The service's public project settings on loopback, this page's origin allowed. */
export async function startProjectServer(): Promise<{ serviceUrl: string; close(): Promise<void> }> {
  const server = createServer((_request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify({ allowedOrigins: [location.origin], socials: [], farcaster: false }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    serviceUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Lets pending promise callbacks run without moving the fake clock. */
export async function settle() {
  for (let i = 0; i < 30; i++) await Promise.resolve();
}

/** Watches a promise without awaiting it: `state()` is pending, or how it settled. */
export function watch<T>(promise: Promise<T>) {
  let outcome: { value?: T; error?: unknown; done: boolean } = { done: false };
  promise.then(
    (value) => (outcome = { value, done: true }),
    (error: unknown) => (outcome = { error, done: true }),
  );
  return () => outcome;
}

/** The connector (its defaults, plus `options`), its project settings fetched; then the clock is faked. */
export async function setUp(serviceUrl: string, options: Partial<EmbeddedWalletOptions> = {}) {
  const events: ConnectorPluginEvent[] = [];
  const notices: { at: number; notice: ConnectorNotice }[] = [];
  const plugin = createEmbeddedWalletConnector({ serviceUrl, projectId: 'demo', ...options });
  const values = new Map<string, unknown>();
  const context: ConnectorContext = {
    namespaces: ['eip155'],
    networks: () => [network],
    storage: { get: (k) => values.get(k), set: (k, v) => void values.set(k, v), remove: (k) => void values.delete(k) },
    emit: (event) => void events.push(event),
    notify: async (notice) => void notices.push({ at: Date.now(), notice }),
  };
  plugin.setup?.(context);
  const controller: EmbeddedController = await plugin.embedded.controller();
  await controller.projectConfig();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  return { plugin, controller, events, notices, stored: values };
}

/** The frame the controller just inserted, wired to a stand-in window: `posted` records, `deliver` answers. */
export async function frameOf(serviceUrl: string) {
  await settle();
  const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-latch-embedded="frame"]');
  if (!iframe) throw new Error('no frame was inserted');
  const posted: Posted[] = [];
  const target = { postMessage: (message: Posted) => void posted.push(message) };
  Object.defineProperty(iframe, 'contentWindow', { value: target });
  const origin = new URL(serviceUrl).origin;
  const envelope = (id: string, type: string, payload: object = {}) => ({ latch: 'embedded', v: 1, id, type, payload });
  const deliver = (id: string, type: string, payload: object = {}) =>
    window.dispatchEvent(new MessageEvent('message', { data: envelope(id, type, payload), origin, source: target as unknown as Window }));
  const last = (type: string) => posted.filter((p) => p.type === type).at(-1);
  /** Answers the last request of `type` once the page sent it. */
  async function answer(type: string, outcome: 'success' | 'error', payload: object = {}) {
    await settle();
    const request = last(type);
    if (!request) throw new Error(`the page sent no ${type}`);
    deliver(request.id, `${type}:${outcome}`, payload);
    await settle();
  }
  return { iframe, posted, deliver, last, answer };
}

/** A controller whose frame is ready (frame:ready, the 500 ms, frame:hello answered) and an e-mail code sent. */
export async function ready(serviceUrl: string, options: Partial<EmbeddedWalletOptions> = {}) {
  const setup = await setUp(serviceUrl, options);
  const started = watch(setup.controller.startEmail('ada@example.com'));
  const frame = await frameOf(serviceUrl);
  frame.deliver('0'.repeat(32), 'frame:ready');
  await vi.advanceTimersByTimeAsync(500);
  await frame.answer('frame:hello', 'success', { allowed: true });
  await frame.answer('email:connect', 'success', { action: 'VERIFY_OTP' });
  expect(started().done).toBe(true);
  return { ...setup, frame };
}

/** Signed in: the code answered with CONNECT for `user`. */
export async function signIn(serviceUrl: string, options: Partial<EmbeddedWalletOptions> = {}, user: object = USER) {
  const setup = await ready(serviceUrl, options);
  const verifying = watch(setup.controller.verifyOtp('123456'));
  await setup.frame.answer('email:otp', 'success', { action: 'CONNECT', user });
  expect(verifying()).toEqual({ value: 'CONNECT', done: true });
  return setup;
}
