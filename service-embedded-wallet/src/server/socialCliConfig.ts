import { SOCIAL_PROVIDERS, type SocialProvider, type SocialProviderConfig, type SocialsConfig } from './socialProviders.js';

/** The per-provider fields a flag or variable can set. */
const FIELDS = {
  clientId: 'CLIENT_ID',
  clientSecret: 'CLIENT_SECRET',
  discoveryUrl: 'DISCOVERY_URL',
  authorizationUrl: 'AUTHORIZATION_URL',
  tokenUrl: 'TOKEN_URL',
  userInfoUrl: 'USERINFO_URL',
  scopes: 'SCOPES',
} as const;
type Field = keyof typeof FIELDS;

export const SOCIAL_CLI_HELP = `  --social <provider>=<client id>   turn on a social login: ${SOCIAL_PROVIDERS.join(', ')} (repeat)  LATCH_EMBEDDED_<PROVIDER>_CLIENT_ID
                          its secret: LATCH_EMBEDDED_<PROVIDER>_CLIENT_SECRET (or --social-option <provider>.clientSecret=…)
  --social-option <provider>.<field>=<value>   clientSecret, discoveryUrl, authorizationUrl, tokenUrl,
                          userInfoUrl, scopes (space-separated); default: the vendor's (repeat)     LATCH_EMBEDDED_<PROVIDER>_<FIELD>
                          (<FIELD>: CLIENT_SECRET, DISCOVERY_URL, AUTHORIZATION_URL, TOKEN_URL, USERINFO_URL, SCOPES)
`;

const isProvider = (name: string): name is SocialProvider => (SOCIAL_PROVIDERS as readonly string[]).includes(name);

/**
 * `--social google=<id>`, `--social-option google.clientSecret=…` and `LATCH_EMBEDDED_GOOGLE_CLIENT_ID`… →
 * the service's `socials` (undefined when none is on). A provider is on once it has a client id.
 */
export function parseSocialCliConfig(
  socialFlags: readonly string[],
  optionFlags: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  fail: (message: string) => Error,
): SocialsConfig | undefined {
  const values = new Map<SocialProvider, Partial<Record<Field, string>>>();
  const set = (provider: SocialProvider, field: Field, value: string) => values.set(provider, { ...values.get(provider), [field]: value });
  for (const provider of SOCIAL_PROVIDERS) {
    for (const [field, suffix] of Object.entries(FIELDS) as [Field, string][]) {
      const value = env[`LATCH_EMBEDDED_${provider.toUpperCase()}_${suffix}`];
      if (value) set(provider, field, value);
    }
  }
  for (const entry of socialFlags) {
    const at = entry.indexOf('=');
    const provider = entry.slice(0, at).trim();
    if (at <= 0 || !entry.slice(at + 1).trim()) throw fail(`--social: expected <provider>=<client id>, got '${entry}'`);
    if (!isProvider(provider)) throw fail(`--social: unknown provider '${provider}' (known: ${SOCIAL_PROVIDERS.join(', ')})`);
    set(provider, 'clientId', entry.slice(at + 1).trim());
  }
  for (const entry of optionFlags) {
    const match = /^([a-z]+)\.([A-Za-z]+)=(.+)$/.exec(entry.trim());
    if (!match) throw fail(`--social-option: expected <provider>.<field>=<value>, got '${entry}'`);
    const [, provider = '', field = '', value = ''] = match;
    if (!isProvider(provider)) throw fail(`--social-option: unknown provider '${provider}' (known: ${SOCIAL_PROVIDERS.join(', ')})`);
    if (!(field in FIELDS)) throw fail(`--social-option: unknown field '${field}' (known: ${Object.keys(FIELDS).join(', ')})`);
    set(provider, field as Field, value);
  }
  const socials: SocialsConfig = {};
  for (const [provider, fields] of values) {
    if (!fields.clientId) {
      throw fail(
        `${provider}: settings given but no client id (--social ${provider}=<client id> or LATCH_EMBEDDED_${provider.toUpperCase()}_CLIENT_ID)`,
      );
    }
    if (!fields.clientSecret) {
      throw fail(
        `${provider}: no client secret (LATCH_EMBEDDED_${provider.toUpperCase()}_CLIENT_SECRET or --social-option ${provider}.clientSecret=…)`,
      );
    }
    const { scopes, ...rest } = fields;
    const config: SocialProviderConfig = { ...(rest as SocialProviderConfig) };
    if (scopes) config.scopes = scopes.split(/[\s,]+/).filter(Boolean);
    socials[provider] = config;
  }
  return Object.keys(socials).length ? socials : undefined;
}
