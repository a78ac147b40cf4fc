import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ConnectorContext } from '@latch/kernel';
import { cleanup, render, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createController, type EmbeddedController } from './controller.js';
import type { EmbeddedSettings, EmbeddedWalletPlugin } from './index.js';
import { randomId, SOCIAL_INIT_ERROR } from './protocol/index.js';
import {
  POPUP_CLOSED,
  resumeSocialSignIn,
  SocialButtons,
  shownProviders,
  startSocialSignIn,
  telegramHiddenProviders,
} from './SocialButtons.js';
import type { ModalLike } from './viewSupport.js';

/*
 * The host side of social sign-in: the real controller and frame client against the project endpoint over
 * loopback HTTP and a stand-in for the frame's window (happy-dom loads no page into an iframe) that answers the
 * PROTOCOL §2 messages as the frame does. The popup is a stand-in for the window `window.open` returns.
 */

const USER = { email: 'ada@example.com', addresses: { eip155: `0x${'1'.repeat(40)}`, solana: '11111111111111111111111111111111' } };
let server: Server;
let serviceUrl = '';
const project = {
  socials: ['github', 'google', 'x', 'discord', 'apple', 'facebook'] as string[],
  farcaster: true,
  requests: 0,
  down: false,
};

beforeAll(async () => {
  server = createServer((request, response) => {
    // happy-dom sends a CORS preflight first: it passes, only the GETs count.
    if (request.method === 'OPTIONS')
      return void response.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' }).end();
    project.requests++;
    if (project.down) return void response.writeHead(503, { 'access-control-allow-origin': '*' }).end();
    const body = { projectId: 'demo', allowedOrigins: [location.origin], socials: project.socials, farcaster: project.farcaster };
    response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type Answer = (type: string, payload: Record<string, unknown>) => Promise<object> | object;
const observers: MutationObserver[] = [];

/** Answers the frame's messages with `answer` (a thrown `{ code, message }` becomes an error reply). */
function fakeFrame(answer: Answer) {
  const seen: { type: string; payload: Record<string, unknown> }[] = [];
  const observer = new MutationObserver(() => {
    for (const iframe of document.querySelectorAll<HTMLIFrameElement>('iframe[data-latch-embedded="frame"]')) {
      if (iframe.dataset.fake) continue;
      iframe.dataset.fake = '1';
      const origin = new URL(serviceUrl).origin;
      const standIn = {
        postMessage(message: { id: string; type: string; payload: Record<string, unknown> }) {
          seen.push({ type: message.type, payload: message.payload });
          const reply = (type: string, payload: object) =>
            window.dispatchEvent(
              new MessageEvent('message', {
                data: { latch: 'embedded', v: 1, id: message.id, type, payload },
                origin,
                source: standIn as never,
              }),
            );
          Promise.resolve()
            .then(() => (message.type === 'frame:hello' ? { allowed: true } : answer(message.type, message.payload)))
            .then(
              (payload) => reply(`${message.type}:success`, payload),
              (error: { code?: string; message?: string }) =>
                reply(`${message.type}:error`, { code: error.code, message: error.message ?? 'x' }),
            );
        },
      };
      Object.defineProperty(iframe, 'contentWindow', { value: standIn });
      setTimeout(() =>
        window.dispatchEvent(
          new MessageEvent('message', {
            data: { latch: 'embedded', v: 1, id: randomId(), type: 'frame:ready', payload: {} },
            origin,
            source: standIn as never,
          }),
        ),
      );
    }
  });
  observer.observe(document.body, { childList: true });
  observers.push(observer);
  return seen;
}

function makeController(): { controller: EmbeddedController; stored: Map<string, unknown> } {
  const stored = new Map<string, unknown>();
  const context: ConnectorContext = {
    namespaces: ['eip155', 'solana'],
    networks: () => [],
    storage: { get: (k) => stored.get(k), set: (k, v) => void stored.set(k, v), remove: (k) => void stored.delete(k) },
    emit: () => undefined,
  };
  const settings: EmbeddedSettings = {
    serviceUrl,
    serviceOrigin: new URL(serviceUrl).origin,
    projectId: 'demo',
    id: 'embedded',
    name: 'Email',
    loadTimeoutMs: 5_000,
    requestTimeoutMs: 5_000,
  };
  return { controller: createController(settings, () => context), stored };
}

function fakePopup() {
  return {
    closed: false,
    location: { href: '' },
    close() {
      this.closed = true;
    },
  };
}

const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

afterEach(() => {
  for (const observer of observers.splice(0)) observer.disconnect();
  for (const frame of document.querySelectorAll('iframe')) frame.remove();
  cleanup();
  vi.restoreAllMocks();
  project.down = false;
  project.requests = 0;
});

describe('social sign-in on the host page', () => {
  it('points the popup at the intent, and a finished sign-in connects like a code', async () => {
    const outcome = deferred<object>();
    const seen = fakeFrame((type, payload) =>
      type === 'social:start'
        ? { intentId: 'intent-1', url: `${serviceUrl}/social/start?intent=intent-1` }
        : type === 'social:wait' && payload.intentId === 'intent-1'
          ? outcome.promise
          : {},
    );
    const { controller, stored } = makeController();
    const popup = fakePopup();
    const attempt = startSocialSignIn(controller, 'github', popup as unknown as Window);
    await expect.poll(() => popup.location.href).toBe(`${serviceUrl}/social/start?intent=intent-1`);
    expect(seen.find((m) => m.type === 'social:start')?.payload).toEqual({ provider: 'github' });
    outcome.resolve({ action: 'CONNECT', user: { ...USER, social: { provider: 'github', username: 'ada' } } });
    expect(await attempt.result).toBe('CONNECT');
    expect(controller.state.user?.social).toEqual({ provider: 'github', username: 'ada' });
    expect(stored.get('login')).toBe(true);
  });

  it('a popup the visitor closed: the §8 message, and the intent is cancelled; one the service closed is waited for', async () => {
    let answer: Answer = (type) =>
      type === 'social:start'
        ? { intentId: 'intent-2', url: `${serviceUrl}/social/start?intent=intent-2` }
        : type === 'social:wait'
          ? new Promise(() => {})
          : {};
    const seen = fakeFrame((type, payload) => answer(type, payload));
    const { controller } = makeController();
    const popup = fakePopup();
    const attempt = startSocialSignIn(controller, 'google', popup as unknown as Window);
    await expect.poll(() => popup.location.href).not.toBe('');
    popup.close();
    await expect(attempt.result).rejects.toMatchObject({ message: POPUP_CLOSED, code: 'popup_closed' });
    await expect.poll(() => seen.some((m) => m.type === 'social:cancel' && m.payload.intentId === 'intent-2')).toBe(true);

    // The service's done page reports the outcome (to this origin only) before closing itself: no error then.
    const outcome = deferred<object>();
    answer = (type) =>
      type === 'social:start'
        ? { intentId: 'intent-3', url: `${serviceUrl}/social/start?intent=intent-3` }
        : type === 'social:wait'
          ? outcome.promise
          : {};
    const second = fakePopup();
    const finishing = startSocialSignIn(controller, 'google', second as unknown as Window);
    await expect.poll(() => second.location.href).not.toBe('');
    // From another origin it counts for nothing; from the service it does.
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { latch: 'embedded-social', intentId: 'intent-3', status: 'done' },
        origin: 'https://evil.example',
      }),
    );
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { latch: 'embedded-social', intentId: 'intent-3', status: 'done' },
        origin: new URL(serviceUrl).origin,
      }),
    );
    expect(second.location.href).toBe(`${serviceUrl}/social/start?intent=intent-3`);
    second.close();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    outcome.resolve({ action: 'CREATE' });
    expect(await finishing.result).toBe('CREATE');
  });

  it('a sign-in that cannot start closes the popup with the §8 initialisation error', async () => {
    fakeFrame((type) => {
      if (type === 'social:start') throw { code: 'social_init_error', message: SOCIAL_INIT_ERROR };
      return {};
    });
    const { controller } = makeController();
    const popup = fakePopup();
    await expect(startSocialSignIn(controller, 'x', popup as unknown as Window).result).rejects.toMatchObject({
      code: 'social_init_error',
      message: SOCIAL_INIT_ERROR,
    });
    expect(popup.closed).toBe(true);
  });

  it('popups blocked: the page goes to the provider with a return page; back, the parameter is removed and the sign-in claimed', async () => {
    const seen = fakeFrame((type) =>
      type === 'social:start'
        ? { intentId: 'intent-4', url: `${serviceUrl}/social/start?intent=intent-4` }
        : type === 'social:wait'
          ? { action: 'RECOVER' }
          : {},
    );
    const { controller } = makeController();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    void startSocialSignIn(controller, 'discord', null);
    await expect.poll(() => assign).toHaveBeenCalledWith(`${serviceUrl}/social/start?intent=intent-4`);
    expect(seen.find((m) => m.type === 'social:start')?.payload).toEqual({ provider: 'discord', returnTo: location.href });

    history.replaceState(null, '', '/shop?item=7&latch_social=intent-4');
    const resumed = resumeSocialSignIn(controller);
    expect(location.search).toBe('?item=7');
    expect(await resumed?.result).toBe('RECOVER');
    expect(seen.find((m) => m.type === 'social:wait')?.payload).toEqual({ intentId: 'intent-4' });
    expect(resumeSocialSignIn(controller)).toBeUndefined();
  });

  it('reads the project settings once per page, and again after a failure', async () => {
    const { controller } = makeController();
    project.down = true;
    project.requests = 0;
    await expect(controller.projectConfig()).rejects.toMatchObject({ message: 'Network Error - Could not load embedded wallet' });
    project.down = false;
    const [a, b] = await Promise.all([controller.projectConfig(), controller.projectConfig()]);
    expect(a).toBe(b);
    expect(a).toEqual({
      allowedOrigins: [location.origin],
      socials: ['google', 'x', 'discord', 'github', 'apple', 'facebook'],
      farcaster: true,
    });
    await controller.projectConfig();
    expect(project.requests).toBe(2);
  });
});

describe('the social buttons', () => {
  const config = { allowedOrigins: [], socials: ['google', 'x', 'discord', 'github', 'apple', 'facebook'] as const, farcaster: true };
  const modalWith = (socials?: readonly string[] | false) =>
    ({ options: { connectors: [], features: socials === undefined ? {} : { socials } } }) as unknown as ModalLike;

  it('show features.socials (§9 order by default) that the service configured', () => {
    expect(shownProviders(modalWith(), { ...config, socials: [...config.socials] })).toEqual([
      'google',
      'x',
      'discord',
      'farcaster',
      'github',
      'apple',
      'facebook',
    ]);
    expect(shownProviders(modalWith(['github', 'farcaster', 'google']), { ...config, socials: ['google'], farcaster: false })).toEqual([
      'google',
    ]);
    expect(shownProviders(modalWith(false), { ...config, socials: [...config.socials] })).toEqual([]);
  });

  it('§5 Telegram filter: in Telegram, iOS hides google, a Mac hides x, Android hides facebook and x; outside Telegram none', () => {
    const ios = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)';
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
    const at = (userAgent: string, inTelegram: boolean, maxTouchPoints = 0) => ({ userAgent, inTelegram, maxTouchPoints });
    expect(telegramHiddenProviders(at(ios, true))).toEqual(['google']);
    expect(telegramHiddenProviders(at(mac, true, 5))).toEqual(['google']);
    expect(telegramHiddenProviders(at(mac, true))).toEqual(['x']);
    expect(telegramHiddenProviders(at(android, true))).toEqual(['facebook', 'x']);
    expect(telegramHiddenProviders(at(android, false))).toEqual([]);
    const all = { ...config, socials: [...config.socials] };
    expect(shownProviders(modalWith(), all, at(android, true))).toEqual(['google', 'discord', 'farcaster', 'github', 'apple']);
    expect(shownProviders(modalWith(), all, at(ios, false))).toHaveLength(7);
  });

  it('lay out one full-width button, then icons, then "More" beyond five (§2)', async () => {
    const plugin = { id: 'embedded' } as EmbeddedWalletPlugin;
    const router = { push: vi.fn(), replace: vi.fn(), reset: vi.fn(), goBack: vi.fn() };
    const layout = async (socials: string[], farcaster: boolean) => {
      project.socials = socials;
      project.farcaster = farcaster;
      const { controller } = makeController();
      const view = render(<SocialButtons modal={modalWith()} router={router} plugin={plugin} controller={controller} />);
      const buttons = await within(view.container).findAllByRole('button');
      const names = buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent);
      view.unmount();
      return names;
    };
    expect(await layout(['github'], false)).toEqual(['Continue with GitHub']);
    expect(await layout(['google', 'github', 'apple'], true)).toEqual([
      'Continue with Google',
      'Continue with Farcaster',
      'Continue with GitHub',
      'Continue with Apple',
    ]);
    expect(await layout(['google', 'x', 'discord', 'github', 'apple', 'facebook'], true)).toEqual([
      'Continue with Google',
      'Continue with X',
      'Continue with Discord',
      'Continue with Farcaster',
      'More sign-in options',
    ]);
  });
});
