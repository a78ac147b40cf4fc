import type { GenericOAuthConfig, GenericOAuthUserInfo } from 'better-auth/plugins/generic-oauth';
import { PROVIDER_NAMES } from '@latch/connector-embedded/protocol';
import { invalidOption, LatchError } from '@latch/kernel';

/** The social providers of spec §3/§9, in the §9 order the project endpoint lists them. */
export const SOCIAL_PROVIDERS = ['google', 'x', 'discord', 'github', 'apple', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** The names the error texts use ('Google sign-in failed: …'): the same the connector's buttons show. */
export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = PROVIDER_NAMES;

/** One provider's app, as registered in the vendor's developer console. Endpoints default to the vendor's own. */
export interface SocialProviderConfig {
  clientId: string;
  /** Apple: the client secret is a JWT you sign with your key and renew before it expires (at most 6 months). */
  clientSecret: string;
  /** OpenID Connect discovery document (Google, Apple); its endpoints fill in what is not given. */
  discoveryUrl?: string;
  authorizationUrl?: string;
  tokenUrl?: string;
  userInfoUrl?: string;
  /** Replaces the default scopes. */
  scopes?: string[];
}

export type SocialsConfig = Partial<Record<SocialProvider, SocialProviderConfig>>;

interface VendorDefaults {
  discoveryUrl?: string;
  authorizationUrl?: string;
  tokenUrl?: string;
  userInfoUrl?: string;
  scopes: string[];
  /** X authenticates confidential clients at its token endpoint with HTTP Basic only. */
  authentication?: 'basic' | 'post';
  /** Apple answers with a form POST when name or email is asked for. */
  responseMode?: 'form_post';
}

/** Each vendor's production endpoints and the scopes that give an id, a name and (where offered) an e-mail. */
export const VENDOR_DEFAULTS: Record<SocialProvider, VendorDefaults> = {
  google: { discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration', scopes: ['openid', 'email', 'profile'] },
  x: {
    authorizationUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    userInfoUrl: 'https://api.x.com/2/users/me',
    scopes: ['users.read', 'tweet.read'],
    authentication: 'basic',
  },
  discord: {
    authorizationUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    userInfoUrl: 'https://discord.com/api/users/@me',
    scopes: ['identify', 'email'],
  },
  github: {
    authorizationUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userInfoUrl: 'https://api.github.com/user',
    scopes: ['read:user', 'user:email'],
  },
  apple: {
    discoveryUrl: 'https://appleid.apple.com/.well-known/openid-configuration',
    scopes: ['openid', 'name', 'email'],
    responseMode: 'form_post',
  },
  facebook: {
    authorizationUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v21.0/oauth/access_token',
    userInfoUrl: 'https://graph.facebook.com/me?fields=id,name,email',
    scopes: ['email', 'public_profile'],
  },
};

const isProvider = (name: string): name is SocialProvider => (SOCIAL_PROVIDERS as readonly string[]).includes(name);

function checkUrl(provider: string, field: string, value: unknown) {
  if (value === undefined) return;
  let parsed: URL | undefined;
  try {
    parsed = new URL(String(value));
  } catch {
    // reported below
  }
  if (typeof value !== 'string' || !parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw invalidOption(`embedded wallet service: socials.${provider}.${field} must be an http(s) URL (got '${String(value)}')`);
  }
}

/** Checks `socials` and returns the configured providers in §9 order. */
export function resolveSocials(socials: SocialsConfig | undefined): { provider: SocialProvider; config: SocialProviderConfig }[] {
  if (socials === undefined) return [];
  if (typeof socials !== 'object' || socials === null || Array.isArray(socials))
    throw invalidOption('embedded wallet service: `socials` must be an object like { google: { clientId, clientSecret } }');
  for (const [name, config] of Object.entries(socials)) {
    if (!isProvider(name)) {
      throw invalidOption(`embedded wallet service: socials: unknown provider '${name}' (known: ${SOCIAL_PROVIDERS.join(', ')})`);
    }
    if (config === undefined) continue;
    for (const field of ['clientId', 'clientSecret'] as const) {
      if (typeof config?.[field] !== 'string' || config[field].trim() === '')
        throw invalidOption(`embedded wallet service: socials.${name}.${field} is required`);
    }
    for (const field of ['discoveryUrl', 'authorizationUrl', 'tokenUrl', 'userInfoUrl'] as const) checkUrl(name, field, config[field]);
    if (
      config.scopes !== undefined &&
      (!Array.isArray(config.scopes) || config.scopes.some((scope) => typeof scope !== 'string' || !scope))
    )
      throw invalidOption(`embedded wallet service: socials.${name}.scopes must be a list of scope names`);
  }
  return SOCIAL_PROVIDERS.filter((provider) => socials[provider] !== undefined).map((provider) => ({
    provider,
    config: socials[provider] as SocialProviderConfig,
  }));
}

/**
 * The user better-auth records. An e-mail the provider does not vouch for (unverified, or none at all, as with
 * X) becomes a placeholder `<id>@<provider>.invalid`, so it can never match, and so never join, another
 * person's account; only a verified e-mail links a social login to an e-mail user (same wallet).
 */
function mappedUser(provider: SocialProvider, id: string, email: unknown, verified: boolean, name: unknown) {
  const real = typeof email === 'string' && email.includes('@') && verified;
  return {
    email: real ? email.toLowerCase() : `${id.toLowerCase().replace(/[^a-z0-9._-]/g, '_')}@${provider}.invalid`,
    emailVerified: real,
    name: typeof name === 'string' && name ? name : `${SOCIAL_PROVIDER_NAMES[provider]} user`,
  };
}

const truthy = (value: unknown) => value === true || value === 'true';

async function getJson(url: string, accessToken: string, extra: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, {
    headers: {
      Authorization: `Bearer ${accessToken}`,
      Accept: 'application/json',
      'User-Agent': 'latch-embedded-wallet-service',
      ...extra,
    },
  });
  if (!response.ok)
    throw new LatchError(`${new URL(url).host} answered ${response.status}`, { category: 'API_ERROR', code: 'HTTP_STATUS' });
  return response.json();
}

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

/** The vendors' own user endpoints (not OpenID Connect), read in each one's wire format. */
const USER_READERS: Partial<Record<SocialProvider, (userInfoUrl: string, accessToken: string) => Promise<GenericOAuthUserInfo | null>>> = {
  async github(url, token) {
    const headers = { Accept: 'application/vnd.github+json' };
    const user = record(await getJson(url, token, headers));
    if (user.id === undefined || user.id === null) return null;
    // The profile e-mail is public and unverified; /user/emails says which address is primary and verified.
    const emails = await getJson(`${url.replace(/\/$/, '')}/emails`, token, headers);
    const primary = (Array.isArray(emails) ? emails.map(record) : []).find((entry) => entry.primary === true);
    return {
      id: String(user.id),
      name: typeof user.name === 'string' && user.name ? user.name : String(user.login ?? ''),
      email: typeof primary?.email === 'string' ? primary.email : null,
      emailVerified: truthy(primary?.verified),
      username: user.login,
    };
  },
  async discord(url, token) {
    const user = record(await getJson(url, token));
    if (typeof user.id !== 'string') return null;
    return {
      id: user.id,
      name: typeof user.global_name === 'string' && user.global_name ? user.global_name : String(user.username ?? ''),
      email: typeof user.email === 'string' ? user.email : null,
      // Discord's `verified` is about the e-mail address.
      emailVerified: truthy(user.verified),
      username: user.username,
    };
  },
  async x(url, token) {
    const data = record(record(await getJson(url, token)).data);
    if (typeof data.id !== 'string') return null;
    return { id: data.id, name: String(data.name ?? data.username ?? ''), email: null, emailVerified: false, username: data.username };
  },
  async facebook(url, token) {
    const user = record(await getJson(url, token));
    if (typeof user.id !== 'string') return null;
    // Facebook does not say whether the address was confirmed: treat it as unverified.
    return { id: user.id, name: String(user.name ?? ''), email: typeof user.email === 'string' ? user.email : null, emailVerified: false };
  },
};

/** better-auth genericOAuth entries, one per configured provider (providerId = the provider's name). */
export function genericOAuthConfigs(socials: ReturnType<typeof resolveSocials>): GenericOAuthConfig[] {
  return socials.map(({ provider, config }) => {
    const defaults = VENDOR_DEFAULTS[provider];
    // A test (or a proxy) may give explicit endpoints: then the vendor's discovery document is not used.
    const explicit = config.authorizationUrl !== undefined || config.tokenUrl !== undefined;
    const discoveryUrl = config.discoveryUrl ?? (explicit ? undefined : defaults.discoveryUrl);
    const userInfoUrl = config.userInfoUrl ?? defaults.userInfoUrl;
    const read = USER_READERS[provider];
    return {
      providerId: provider,
      name: SOCIAL_PROVIDER_NAMES[provider],
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      discoveryUrl,
      authorizationUrl: config.authorizationUrl ?? (discoveryUrl ? undefined : defaults.authorizationUrl),
      tokenUrl: config.tokenUrl ?? (discoveryUrl ? undefined : defaults.tokenUrl),
      userInfoUrl: discoveryUrl && !config.userInfoUrl ? undefined : userInfoUrl,
      scopes: config.scopes ?? defaults.scopes,
      pkce: true,
      authentication: defaults.authentication,
      responseMode: defaults.responseMode,
      getUserInfo:
        read && userInfoUrl
          ? async (tokens) => (tokens.accessToken ? read(userInfoUrl, tokens.accessToken).catch(() => null) : null)
          : undefined,
      mapProfileToUser(profile) {
        const id = String(profile.sub ?? profile.id ?? '');
        return mappedUser(provider, id, profile.email, truthy(profile.emailVerified) || truthy(profile.email_verified), profile.name);
      },
    } satisfies GenericOAuthConfig;
  });
}
