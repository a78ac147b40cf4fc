import { anvilAccounts } from '@latch/testkit';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { signedMessage, signIn, startSiwxApp, visitor } from '../test-support/siwxHttp.js';
import { createSiwxServer } from './createSiwxServer.js';
import { createSiwxHttpHandler, type SiwxHttpHandlerOptions } from './httpHandler.js';
import type { SiwxSessionStore } from './sessionStore.js';

const account = privateKeyToAccount(anvilAccounts()[3]!.privateKey);
const attacker = privateKeyToAccount(anvilAccounts()[4]!.privateKey);
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function listen(handler: SiwxHttpHandlerOptions = {}) {
  const app = await startSiwxApp({ handler });
  closers.push(app.close);
  return { ...app, site: { domain: app.domain, uri: app.base } };
}

describe('createSiwxHttpHandler', () => {
  it('issues a nonce, verifies, keeps the session under an HttpOnly __Host- Secure cookie, and signs out', async () => {
    const { base, site } = await listen();
    const browser = visitor(base);
    const response = await signIn(browser, account, site);
    expect(response.status).toBe(200);
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^__Host-latch-siwx=[0-9a-f-]{36}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    const { sessions } = (await (await browser.request(`/siwx/sessions?caipNetworkId=eip155:31337&address=${account.address}`)).json()) as {
      sessions: { data: { address: string } }[];
    };
    expect(sessions.map((s) => s.data.address)).toEqual([account.address]);
    expect(await (await browser.request('/siwx/sessions?caipNetworkId=eip155:1')).json()).toEqual({ sessions: [] });
    expect(await (await fetch(`${base}/siwx/sessions`)).json()).toEqual({ sessions: [] });

    const cookie = browser.cookie;
    const out = await browser.request('/siwx/sign-out', { body: {} });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^__Host-latch-siwx=; .*Max-Age=0/);
    expect(await (await fetch(`${base}/siwx/sessions`, { headers: { cookie } })).json()).toEqual({ sessions: [] });
  });

  it('names the cookie without the __Host- prefix and without Secure only when secureCookie is false', async () => {
    const plain = await listen({ secureCookie: false });
    const response = await signIn(visitor(plain.base), account, plain.site);
    expect(response.headers.get('set-cookie')).toMatch(/^latch-siwx=[0-9a-f-]{36}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    const named = await listen({ cookieName: 'app-session' });
    expect((await signIn(visitor(named.base), account, named.site)).headers.get('set-cookie')).toMatch(/^__Host-app-session=.*; Secure$/);
    const server = createSiwxServer({ domains: ['app.example.com'] });
    expect(() => createSiwxHttpHandler(server, { cookieName: '__Host-app', secureCookie: false })).toThrow(
      'createSiwxHttpHandler: the cookie __Host-app needs secureCookie (its prefix requires Secure)',
    );
  });

  it('gives a new cookie id at every sign-in: an id planted in the browser never names the signed-in session', async () => {
    const { base, site } = await listen();
    const attackerBrowser = visitor(base);
    await signIn(attackerBrowser, attacker, site);
    const planted = attackerBrowser.cookie;
    const victim = visitor(base);
    victim.cookie = planted;
    const response = await signIn(victim, account, site);
    expect(response.status).toBe(200);
    expect(victim.cookie).toMatch(/^__Host-latch-siwx=[0-9a-f-]{36}$/);
    expect(victim.cookie).not.toBe(planted);
    // The planted id is gone: its holder reads nothing, least of all the victim's session.
    expect(await attackerBrowser.sessions()).toEqual([]);
    // What the browser already held under the old id carries over (several accounts, one visitor).
    expect((await victim.sessions()).map((s) => s.data.address)).toEqual([attacker.address, account.address]);
  });

  it('signs out the accounts named, on every network of their namespace, and keeps the others', async () => {
    const { base, site } = await listen();
    const browser = visitor(base);
    await signIn(browser, account, site);
    await signIn(browser, account, { ...site, caipNetworkId: 'eip155:1' });
    await signIn(browser, attacker, site);
    expect(await browser.sessions()).toHaveLength(3);
    const cookie = browser.cookie;
    const out = await browser.request('/siwx/sign-out', { body: { accounts: [{ namespace: 'eip155', address: account.address }] } });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toBeNull();
    expect(browser.cookie).toBe(cookie);
    expect((await browser.sessions()).map((s) => [s.data.caipNetworkId, s.data.address])).toEqual([['eip155:31337', attacker.address]]);
    // Another namespace's account of the same address is not this one.
    await browser.request('/siwx/sign-out', { body: { accounts: [{ namespace: 'solana', address: attacker.address }] } });
    expect(await browser.sessions()).toHaveLength(1);
    const last = await browser.request('/siwx/sign-out', { body: { accounts: [{ namespace: 'eip155', address: attacker.address }] } });
    expect(last.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect(await browser.sessions()).toEqual([]);

    for (const body of [{ accounts: 'all' }, { accounts: [{ namespace: 'eip155' }] }, [], 'x']) {
      const refused = await browser.request('/siwx/sign-out', { body: JSON.stringify(body) });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        code: 'MALFORMED_MESSAGE',
        error: 'Send {} or { accounts: [{ namespace, address }] } (at most 64)',
      });
    }
  });

  it('refuses a replayed request with the reason, a non-JSON POST, and leaves other paths alone', async () => {
    const { base, site } = await listen();
    const browser = visitor(base);
    const body = await signedMessage(account, await browser.nonce(), site);
    expect((await browser.request('/siwx/verify', { body })).status).toBe(200);
    const again = await browser.request('/siwx/verify', { body });
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ code: 'INVALID_NONCE', error: 'The nonce was not issued by this server or was already used' });
    const form = await fetch(`${base}/siwx/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'message=x',
    });
    expect(form.status).toBe(415);
    const malformed = await browser.request('/siwx/verify', { body: '{"message":"hi","signature":"0x00"}' });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { code: string }).code).toBe('MALFORMED_MESSAGE');
    expect((await fetch(`${base}/siwx/unknown`)).status).toBe(404);
    expect((await fetch(`${base}/elsewhere`)).status).toBe(418);
  });

  it("answers an unexpected failure with a plain 500 'Sign-in failed' and tells only the server's log why", async () => {
    const secret = 'connect ECONNREFUSED 10.1.2.3:5432 (postgres://app:hunter2@db.internal/app)';
    const failing: SiwxSessionStore = {
      get: () => Promise.reject(new Error(secret)),
      set: () => Promise.reject(new Error(secret)),
      delete: () => Promise.reject(new Error(secret)),
    };
    const logged: unknown[] = [];
    const { base, site } = await listen({ sessionStore: failing, onError: (error) => logged.push(error) });
    const browser = visitor(base);
    const response = await signIn(browser, account, site);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'Sign-in failed' });
    expect(text).not.toContain('hunter2');
    browser.cookie = '__Host-latch-siwx=an-id';
    expect((await browser.request('/siwx/sessions')).status).toBe(500);
    expect(logged.map((error) => (error as Error).message)).toEqual([secret, secret]);
  });
});
