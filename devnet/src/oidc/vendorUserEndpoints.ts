import type { OidcAccount } from './types.js';

/** The social vendors whose user endpoint is not OpenID Connect's userinfo: each has its own JSON. */
export type OAuthVendor = 'github' | 'discord' | 'x' | 'facebook';

/** Where each vendor serves its user, under `/<vendor>` on the stand-in (the vendor's own path after it). */
export const VENDOR_USER_PATHS: Record<OAuthVendor, string> = {
  github: '/github/user',
  discord: '/discord/users/@me',
  x: '/x/2/users/me',
  facebook: '/facebook/me',
};

/** The vendors' answers to a missing or bad token, as they send them. */
const UNAUTHORIZED: Record<OAuthVendor, { status: number; body: unknown }> = {
  github: {
    status: 401,
    body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' },
  },
  discord: { status: 401, body: { message: '401: Unauthorized', code: 0 } },
  x: { status: 401, body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' } },
  facebook: {
    status: 400,
    body: { error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190 } },
  },
};

export interface VendorAnswer {
  status: number;
  body: unknown;
}

export const vendorUnauthorized = (vendor: OAuthVendor): VendorAnswer => UNAUTHORIZED[vendor];

/** GitHub's ids are integers; keep an account's numeric `sub` a number there, as the real API sends it. */
const githubId = (sub: string) => (/^\d{1,15}$/.test(sub) ? Number(sub) : sub);
const loginOf = (account: OidcAccount) => account.login ?? account.username ?? account.sub;

/**
 * The vendor's JSON for `path` (already stripped of nothing: the full request path) about `account`, or
 * undefined when the path is not one of the vendor's user routes.
 */
export function vendorAnswer(vendor: OAuthVendor, path: string, query: URLSearchParams, account: OidcAccount): VendorAnswer | undefined {
  const verified = account.email_verified ?? false;
  if (vendor === 'github') {
    if (path === '/github/user') {
      // `email` is the public profile e-mail: GitHub sends null when the person keeps theirs private.
      return {
        status: 200,
        body: {
          login: loginOf(account),
          id: githubId(account.sub),
          node_id: `U_${Buffer.from(account.sub).toString('base64url')}`,
          type: 'User',
          name: account.name ?? null,
          email: account.email ?? null,
        },
      };
    }
    if (path === '/github/user/emails') {
      return {
        status: 200,
        body: account.email ? [{ email: account.email, primary: true, verified, visibility: 'private' }] : [],
      };
    }
    return undefined;
  }
  if (vendor === 'discord' && path === VENDOR_USER_PATHS.discord) {
    const body: Record<string, unknown> = {
      id: account.sub,
      username: loginOf(account),
      global_name: account.name ?? null,
      discriminator: '0',
      avatar: null,
      verified,
    };
    if (account.email !== undefined) body.email = account.email;
    return { status: 200, body };
  }
  if (vendor === 'x' && path === VENDOR_USER_PATHS.x) {
    // X's v2 API never discloses an e-mail address to OAuth 2.0 apps.
    return { status: 200, body: { data: { id: account.sub, name: account.name ?? loginOf(account), username: loginOf(account) } } };
  }
  if (vendor === 'facebook' && path === VENDOR_USER_PATHS.facebook) {
    const fields = (query.get('fields') ?? 'id,name').split(',').map((field) => field.trim());
    const all: Record<string, unknown> = { id: account.sub, name: account.name ?? loginOf(account), email: account.email };
    const body: Record<string, unknown> = {};
    for (const field of fields) if (all[field] !== undefined) body[field] = all[field];
    body.id = account.sub;
    return { status: 200, body };
  }
  return undefined;
}
