import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { anvilAccounts } from '@latch/testkit';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { createSiwxMessage } from '../message/createSiwxMessage.js';
import { createSiwxServer } from './createSiwxServer.js';
import { createSiwxHttpHandler, type SiwxHttpHandlerOptions } from './httpHandler.js';

const account = privateKeyToAccount(anvilAccounts()[3]!.privateKey);
let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function listen(options: SiwxHttpHandlerOptions = {}): Promise<{ base: string; domain: string }> {
  server = createServer();
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const domain = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const handler = createSiwxHttpHandler(createSiwxServer({ domains: [domain] }), options);
  server.on('request', async (request, response) => {
    if (!(await handler(request, response))) {
      response.statusCode = 418;
      response.end('not mine');
    }
  });
  return { base: `http://${domain}`, domain };
}

async function signIn(base: string, domain: string, cookie = '') {
  const { nonce } = (await (await fetch(`${base}/siwx/nonce`)).json()) as { nonce: string };
  const message = createSiwxMessage({
    domain,
    address: account.address,
    uri: base,
    version: '1',
    caipNetworkId: 'eip155:31337',
    nonce,
    issuedAt: new Date().toISOString(),
  });
  const body = JSON.stringify({ message, signature: await account.signMessage({ message }) });
  const post = () => fetch(`${base}/siwx/verify`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body });
  return { response: await post(), replay: post };
}

describe('createSiwxHttpHandler', () => {
  it('issues a nonce, verifies, keeps the session under an HttpOnly cookie, and signs out', async () => {
    const { base, domain } = await listen();
    const { response } = await signIn(base, domain);
    expect(response.status).toBe(200);
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^latch-siwx=[0-9a-f-]{36}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    const cookie = setCookie.split(';')[0]!;
    const { sessions } = (await (
      await fetch(`${base}/siwx/sessions?caipNetworkId=eip155:31337&address=${account.address}`, { headers: { cookie } })
    ).json()) as {
      sessions: { data: { address: string } }[];
    };
    expect(sessions.map((s) => s.data.address)).toEqual([account.address]);
    expect(await (await fetch(`${base}/siwx/sessions?caipNetworkId=eip155:1`, { headers: { cookie } })).json()).toEqual({ sessions: [] });
    expect(await (await fetch(`${base}/siwx/sessions`)).json()).toEqual({ sessions: [] });

    const out = await fetch(`${base}/siwx/sign-out`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: '{}',
    });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^latch-siwx=; .*Max-Age=0/);
    expect(await (await fetch(`${base}/siwx/sessions`, { headers: { cookie } })).json()).toEqual({ sessions: [] });
  });

  it('refuses a replayed request with the reason, a non-JSON POST, and leaves other paths alone', async () => {
    const { base, domain } = await listen({ secureCookie: true });
    const { response, replay } = await signIn(base, domain);
    expect(response.headers.get('set-cookie')).toMatch(/; Secure$/);
    const again = await replay();
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ code: 'INVALID_NONCE', error: 'The nonce was not issued by this server or was already used' });
    const form = await fetch(`${base}/siwx/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'message=x',
    });
    expect(form.status).toBe(415);
    const malformed = await fetch(`${base}/siwx/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"message":"hi","signature":"0x00"}',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { code: string }).code).toBe('MALFORMED_MESSAGE');
    expect((await fetch(`${base}/siwx/unknown`)).status).toBe(404);
    expect((await fetch(`${base}/elsewhere`)).status).toBe(418);
  });
});
