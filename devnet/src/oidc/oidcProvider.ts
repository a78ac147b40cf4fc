import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { loginPage } from './loginPage.js';
import type { OidcAccount, OidcClient, OidcRedirectError } from './types.js';
import { type OAuthVendor, VENDOR_USER_PATHS, vendorAnswer, vendorUnauthorized } from './vendorUserEndpoints.js';

export interface OidcProviderOptions {
  clients: OidcClient[];
  /** Who can sign in (more with `addAccount`). */
  accounts?: OidcAccount[];
}

export interface OidcProviderFixture {
  /** The issuer, `http://127.0.0.1:<port>`. */
  readonly issuer: string;
  /** `<issuer>/.well-known/openid-configuration` (what Google and Apple publish). */
  readonly discoveryUrl: string;
  readonly authorizationUrl: string;
  readonly tokenUrl: string;
  /** The OpenID Connect userinfo endpoint. */
  readonly userInfoUrl: string;
  readonly jwksUrl: string;
  /** A vendor's user endpoint on this server, e.g. `<issuer>/github/user` (GitHub also has `/github/user/emails`). */
  vendorUserUrl(vendor: OAuthVendor): string;
  addAccount(account: OidcAccount): void;
  /** The next sign-in page completes at once for this account (no form), for headless tests. */
  nextLogin(sub: string): void;
  /** The next sign-in page answers this error on the redirect instead (e.g. `access_denied`). */
  failNext(error: OidcRedirectError): void;
  close(): Promise<void>;
}

/** The scopes the vendors' consoles offer, so requests for them are granted as the vendors would. */
const VENDOR_SCOPES = ['read:user', 'user:email', 'identify', 'users.read', 'tweet.read', 'public_profile', 'name'];

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 16_384) request.destroy(new Error('form too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  response.end(JSON.stringify(body));
}

/**
 * A local OpenID Connect provider (oidc-provider 8) on 127.0.0.1 that stands in for Google, Apple, GitHub,
 * Discord, X and Facebook in tests: the authorization code flow with PKCE required, discovery, JWKS, token and
 * userinfo endpoints, plus each OAuth 2 vendor's own user endpoint in its exact JSON under `/<vendor>/…`, which
 * answers only a valid access token from this provider.
 */
export async function startOidcProvider(options: OidcProviderOptions): Promise<OidcProviderFixture> {
  if (!Array.isArray(options?.clients) || options.clients.length === 0) throw new TypeError('startOidcProvider: give at least one client');
  const accounts = new Map<string, OidcAccount>();
  const addAccount = (account: OidcAccount) => {
    if (typeof account?.sub !== 'string' || account.sub === '')
      throw new TypeError('startOidcProvider: an account needs a non-empty `sub`');
    accounts.set(account.sub, { ...account });
  };
  for (const account of options.accounts ?? []) addAccount(account);
  const queued: ({ login: string } | { fail: OidcRedirectError })[] = [];

  let handler: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;
  const server = createServer((request, response) => {
    if (handler) return handler(request, response);
    response.writeHead(503).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: client.tokenEndpointAuthMethod ?? 'client_secret_post',
    })),
    jwks: { keys: [{ ...signingKey, kid: 'stand-in-1', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    // Set explicitly (seconds), which also keeps oidc-provider from printing a notice per artifact.
    ttl: { AccessToken: 3600, AuthorizationCode: 60, Grant: 3600, IdToken: 3600, Interaction: 600, Session: 3600 },
    scopes: ['openid', 'email', 'profile', ...VENDOR_SCOPES],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    // Google puts the e-mail claims in the id_token itself; do the same.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: account.email,
            email_verified: account.email_verified ?? false,
            name: account.name,
            preferred_username: account.username ?? account.login,
          };
        },
      };
    },
    // Consent is given with the sign-in: grant what the client asked for, as a first-party login would.
    async loadExistingGrant(ctx: {
      oidc: {
        client: { clientId: string };
        session: { accountId?: string };
        params: { scope?: string };
        result?: { consent?: { grantId?: string } };
      };
    }) {
      const accountId = ctx.oidc.session.accountId;
      if (!accountId) return undefined;
      const grant = new provider.Grant({ accountId, clientId: ctx.oidc.client.clientId });
      grant.addOIDCScope(String(ctx.oidc.params.scope ?? 'openid'));
      grant.addOIDCClaims(['email', 'email_verified', 'name', 'preferred_username']);
      await grant.save();
      return grant;
    },
  });
  // A failed token exchange (a replayed code, another client's code) is expected in tests: keep it quiet.
  provider.on('server_error', (_ctx, error) => console.error('[oidc stand-in]', error));
  const oidc = provider.callback();

  async function interaction(request: IncomingMessage, response: ServerResponse, path: string) {
    const details = await provider.interactionDetails(request, response);
    const clientId = String(details.params.client_id ?? '');
    if (request.method === 'GET') {
      const next = queued.shift();
      if (next && 'fail' in next) return provider.interactionFinished(request, response, { ...next.fail });
      if (next) return provider.interactionFinished(request, response, { login: { accountId: next.login } });
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      return void response.end(loginPage({ action: path, clientId }));
    }
    if (request.method !== 'POST') return void response.writeHead(405, { Allow: 'GET, POST' }).end();
    const form = await readForm(request);
    if (form.get('action') === 'deny') {
      return provider.interactionFinished(request, response, {
        error: 'access_denied',
        error_description: 'The person declined to sign in',
      });
    }
    const sub = (form.get('account') ?? '').trim();
    if (!accounts.has(sub)) {
      response.writeHead(400, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      return void response.end(loginPage({ action: path, clientId, account: sub, error: `No account '${sub}' here` }));
    }
    return provider.interactionFinished(request, response, { login: { accountId: sub } });
  }

  async function vendorUser(request: IncomingMessage, response: ServerResponse, vendor: OAuthVendor, url: URL) {
    if (request.method !== 'GET') return sendJson(response, 405, { message: 'Method not allowed' });
    const auth = request.headers.authorization ?? '';
    const bearer = /^Bearer\s+(\S+)$/i.exec(auth)?.[1] ?? (vendor === 'facebook' ? url.searchParams.get('access_token') : null);
    const token = bearer ? await provider.AccessToken.find(bearer) : undefined;
    const account = token && !token.isExpired ? accounts.get(token.accountId) : undefined;
    if (!account) {
      const { status, body } = vendorUnauthorized(vendor);
      return sendJson(response, status, body, { 'WWW-Authenticate': 'Bearer' });
    }
    const answer = vendorAnswer(vendor, url.pathname, url.searchParams, account);
    if (!answer) return sendJson(response, 404, { message: 'Not Found' });
    sendJson(response, answer.status, answer.body);
  }

  handler = (request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    const vendor = (Object.keys(VENDOR_USER_PATHS) as OAuthVendor[]).find((name) => url.pathname.startsWith(`/${name}/`));
    let work: Promise<void> | undefined;
    if (url.pathname.startsWith('/interaction/')) work = interaction(request, response, url.pathname);
    else if (vendor) work = vendorUser(request, response, vendor, url);
    if (!work) return oidc(request, response);
    work.catch((error: unknown) => {
      if (response.headersSent) return void response.destroy();
      const message = error instanceof Error ? error.message : String(error);
      response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`The sign-in could not continue: ${message}`);
    });
  };

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    authorizationUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    userInfoUrl: `${issuer}/me`,
    jwksUrl: `${issuer}/jwks`,
    vendorUserUrl: (vendor) => `${issuer}${VENDOR_USER_PATHS[vendor]}`,
    addAccount,
    nextLogin(sub) {
      if (!accounts.has(sub)) throw new TypeError(`startOidcProvider: no account '${sub}'`);
      queued.push({ login: sub });
    },
    failNext(error) {
      if (!error?.error) throw new TypeError('startOidcProvider: failNext needs an `error` code');
      queued.push({ fail: { ...error } });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
