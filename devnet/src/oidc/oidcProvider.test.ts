import { createHash, createPublicKey, type JsonWebKey, randomBytes, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHeadlessBrowser } from './headlessBrowser.js';
import { type OidcProviderFixture, startOidcProvider } from './oidcProvider.js';

// The relying party's redirect URI: never requested (the browser stops before it), so nothing listens there.
const REDIRECT = 'http://127.0.0.1:9/callback';
const APP = { clientId: 'app', clientSecret: 'app-secret', redirectUris: [REDIRECT] };
const OTHER = { clientId: 'other-app', clientSecret: 'other-secret', redirectUris: [REDIRECT] };
const BASIC = {
  clientId: 'basic-app',
  clientSecret: 'basic-secret',
  redirectUris: [REDIRECT],
  tokenEndpointAuthMethod: 'client_secret_basic' as const,
};
const ALICE = { sub: '1001', email: 'alice@example.test', email_verified: true, name: 'Alice Example', login: 'alice' };
const BOB = { sub: '1002', email: 'bob@example.test', name: 'Bob', username: 'bob_b' };

let oidc: OidcProviderFixture;
beforeAll(async () => {
  oidc = await startOidcProvider({ clients: [APP, OTHER, BASIC], accounts: [ALICE, BOB] });
});
afterAll(async () => {
  await oidc?.close();
});

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** The relying party's side: an authorization URL with PKCE (S256) and a state. */
function authorization(client = APP, scope = 'openid email profile', extra: Record<string, string> = {}) {
  const verifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(16));
  const url = new URL(oidc.authorizationUrl);
  url.search = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope,
    state,
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    ...extra,
  }).toString();
  return { url: url.href, verifier, state };
}

const stopAtRedirect = (next: URL) => next.href.startsWith(REDIRECT);

/** Signs in through the visible form as `sub` and returns the redirect's query. */
async function signInWithForm(sub: string, client = APP, scope?: string) {
  const browser = createHeadlessBrowser();
  const flow = authorization(client, scope);
  const page = await browser.goto(flow.url);
  expect(page.status).toBe(200);
  const submitted = await postForm(browser, page.url, page.text, { account: sub, action: 'login' });
  return { flow, query: new URL(submitted).searchParams };
}

/** Posts the sign-in form and follows redirects until the relying party's redirect URI. */
async function postForm(browser: ReturnType<typeof createHeadlessBrowser>, pageUrl: string, html: string, form: Record<string, string>) {
  const action = /<form[^>]*\saction="([^"]*)"/.exec(html)?.[1];
  expect(action).toBeTruthy();
  const target = new URL(action as string, pageUrl);
  const cookies = [...browser.cookies(target.hostname)].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(target, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  const next = new URL(response.headers.get('location') as string, target).href;
  await response.arrayBuffer();
  return (await browser.gotoUntil(next, stopAtRedirect)).stoppedAt;
}

async function exchange(code: string, verifier: string, client: { clientId: string; clientSecret: string } = APP) {
  const response = await fetch(oidc.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    }).toString(),
  });
  return { status: response.status, json: (await response.json()) as Record<string, string> };
}

/** Checks an RS256 id_token against the provider's JWKS, as a relying party does, and returns its claims. */
async function verifiedClaims(idToken: string) {
  const [header, payload, signature] = idToken.split('.') as [string, string, string];
  const { kid } = JSON.parse(Buffer.from(header, 'base64url').toString());
  const jwks = (await (await fetch(oidc.jwksUrl)).json()) as { keys: (JsonWebKey & { kid: string })[] };
  const jwk = jwks.keys.find((key) => key.kid === kid);
  expect(jwk).toBeDefined();
  const ok = verify(
    'RSA-SHA256',
    Buffer.from(`${header}.${payload}`),
    createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' }),
    Buffer.from(signature, 'base64url'),
  );
  expect(ok).toBe(true);
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
}

describe('the local OpenID Connect provider', () => {
  it('publishes discovery and JWKS like Google does', async () => {
    const discovery = (await (await fetch(oidc.discoveryUrl)).json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(oidc.issuer);
    expect(discovery.authorization_endpoint).toBe(oidc.authorizationUrl);
    expect(discovery.token_endpoint).toBe(oidc.tokenUrl);
    expect(discovery.userinfo_endpoint).toBe(oidc.userInfoUrl);
    expect(discovery.jwks_uri).toBe(oidc.jwksUrl);
    expect(discovery.code_challenge_methods_supported).toContain('S256');
    expect(discovery.id_token_signing_alg_values_supported).toContain('RS256');
    expect(oidc.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('runs the code flow with PKCE through its sign-in form: a verified id_token and the userinfo', async () => {
    const { flow, query } = await signInWithForm(ALICE.sub);
    expect(query.get('state')).toBe(flow.state);
    expect(query.get('iss')).toBe(oidc.issuer);
    const code = query.get('code') as string;
    expect(code).toBeTruthy();
    const tokens = await exchange(code, flow.verifier);
    expect(tokens.status, JSON.stringify(tokens.json)).toBe(200);
    const claims = await verifiedClaims(tokens.json.id_token as string);
    expect(claims).toMatchObject({ iss: oidc.issuer, aud: APP.clientId, sub: ALICE.sub, email: ALICE.email, email_verified: true });
    const userinfo = await fetch(oidc.userInfoUrl, { headers: { authorization: `Bearer ${tokens.json.access_token}` } });
    expect(await userinfo.json()).toMatchObject({ sub: ALICE.sub, email: ALICE.email, email_verified: true, name: ALICE.name });
  });

  it('requires PKCE, the right verifier, a fresh code and the client the code was issued to', async () => {
    const browser = createHeadlessBrowser();
    const noPkce = new URL(authorization().url);
    noPkce.searchParams.delete('code_challenge');
    noPkce.searchParams.delete('code_challenge_method');
    const refused = await browser.gotoUntil(noPkce.href, stopAtRedirect);
    expect(new URL(refused.stoppedAt).searchParams.get('error')).toBe('invalid_request');

    const first = await signInWithForm(ALICE.sub);
    const code = first.query.get('code') as string;
    const wrongVerifier = await exchange(code, base64url(randomBytes(32)));
    expect(wrongVerifier.json.error).toBe('invalid_grant');

    const second = await signInWithForm(ALICE.sub);
    const secondCode = second.query.get('code') as string;
    expect((await exchange(secondCode, second.flow.verifier)).status).toBe(200);
    expect((await exchange(secondCode, second.flow.verifier)).json.error).toBe('invalid_grant');

    const forOther = await signInWithForm(BOB.sub, OTHER);
    expect((await exchange(forOther.query.get('code') as string, forOther.flow.verifier, APP)).json.error).toBe('invalid_grant');
  });

  it('authenticates a Basic client at the token endpoint (as X requires)', async () => {
    oidc.nextLogin(BOB.sub);
    const flow = authorization(BASIC, 'users.read tweet.read');
    const redirected = await createHeadlessBrowser().gotoUntil(flow.url, stopAtRedirect);
    const code = new URL(redirected.stoppedAt).searchParams.get('code') as string;
    const response = await fetch(oidc.tokenUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${BASIC.clientId}:${BASIC.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        code_verifier: flow.verifier,
      }).toString(),
    });
    const tokens = (await response.json()) as { access_token?: string; id_token?: string };
    expect(response.status).toBe(200);
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.id_token).toBeUndefined();
    const me = await fetch(oidc.vendorUserUrl('x'), { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(await me.json()).toEqual({ data: { id: BOB.sub, name: BOB.name, username: BOB.username } });
  });

  it("serves GitHub's, Discord's, X's and Facebook's user JSON only for a valid access token", async () => {
    oidc.nextLogin(ALICE.sub);
    const flow = authorization(APP, 'read:user user:email');
    const redirected = await createHeadlessBrowser().gotoUntil(flow.url, stopAtRedirect);
    const tokens = await exchange(new URL(redirected.stoppedAt).searchParams.get('code') as string, flow.verifier);
    expect(tokens.status).toBe(200);
    const bearer = { authorization: `Bearer ${tokens.json.access_token}` };
    const get = async (url: string, headers: Record<string, string> = bearer) => {
      const response = await fetch(url, { headers });
      return { status: response.status, json: await response.json() };
    };
    expect(await get(oidc.vendorUserUrl('github'))).toMatchObject({
      status: 200,
      json: { id: 1001, login: 'alice', name: 'Alice Example', email: 'alice@example.test' },
    });
    expect((await get(`${oidc.vendorUserUrl('github')}/emails`)).json).toEqual([
      { email: 'alice@example.test', primary: true, verified: true, visibility: 'private' },
    ]);
    expect((await get(oidc.vendorUserUrl('discord'))).json).toMatchObject({
      id: '1001',
      username: 'alice',
      global_name: 'Alice Example',
      email: 'alice@example.test',
      verified: true,
    });
    expect((await get(oidc.vendorUserUrl('x'))).json).toEqual({ data: { id: '1001', name: 'Alice Example', username: 'alice' } });
    expect((await get(`${oidc.vendorUserUrl('facebook')}?fields=id,name,email`)).json).toEqual({
      id: '1001',
      name: 'Alice Example',
      email: 'alice@example.test',
    });

    expect(await get(oidc.vendorUserUrl('github'), {})).toMatchObject({ status: 401, json: { message: 'Bad credentials' } });
    expect(await get(oidc.vendorUserUrl('discord'), { authorization: 'Bearer nope' })).toMatchObject({
      status: 401,
      json: { message: '401: Unauthorized' },
    });
    expect((await get(oidc.vendorUserUrl('x'), { authorization: 'Bearer nope' })).status).toBe(401);
    expect(await get(oidc.vendorUserUrl('facebook'), { authorization: 'Bearer nope' })).toMatchObject({
      status: 400,
      json: { error: { type: 'OAuthException', code: 190 } },
    });
  });

  it('answers an error on the redirect: failNext, or the Cancel button', async () => {
    oidc.failNext({ error: 'access_denied', error_description: 'Alice said no' });
    const flow = authorization();
    const failed = new URL((await createHeadlessBrowser().gotoUntil(flow.url, stopAtRedirect)).stoppedAt).searchParams;
    expect(failed.get('error')).toBe('access_denied');
    expect(failed.get('error_description')).toBe('Alice said no');
    expect(failed.get('state')).toBe(flow.state);

    const browser = createHeadlessBrowser();
    const page = await browser.goto(authorization().url);
    expect(page.text).toContain('<label for="account">Account</label>');
    const cancelled = new URL(await postForm(browser, page.url, page.text, { action: 'deny' })).searchParams;
    expect(cancelled.get('error')).toBe('access_denied');
    expect(cancelled.get('code')).toBeNull();
  });

  it('refuses bad input with clear errors', async () => {
    const browser = createHeadlessBrowser();
    const page = await browser.goto(authorization().url);
    const unknown = await browser.submitForm(page, { account: 'nobody' }, { name: 'action', value: 'login' });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('<p role="alert">No account &#39;nobody&#39; here</p>');
    expect(() => oidc.nextLogin('nobody')).toThrow("no account 'nobody'");
    expect(() => oidc.failNext({ error: '' })).toThrow('failNext needs an `error` code');
    await expect(startOidcProvider({ clients: [] })).rejects.toThrow('give at least one client');
    expect(() => oidc.addAccount({ sub: '' })).toThrow('non-empty `sub`');
  });
});
