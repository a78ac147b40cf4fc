import { LatchError } from '@latch/kernel';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { FARCASTER_CLI_HELP, FARCASTER_CLI_OPTIONS, parseFarcasterCliConfig } from './farcasterCliConfig.js';
import { smtpFromUrl } from './mailer.js';
import type { EmbeddedWalletProject } from './projects.js';
import { parseSocialCliConfig, SOCIAL_CLI_HELP } from './socialCliConfig.js';
import type { StartEmbeddedWalletServiceOptions } from './startEmbeddedWalletService.js';

export const CLI_HELP = `latch-embedded-wallet-service: the reference service of @latch/connector-embedded

Every flag has an environment variable; a flag wins over its variable.

  --project <id>=<origin>[,<origin>…]   a project and the page origins allowed to use it (repeat)   LATCH_EMBEDDED_PROJECTS ('id=o1,o2;id2=o3')
  --wallet-group <id>=<group>  projects with one group share their visitors' wallets (repeat)   LATCH_EMBEDDED_WALLET_GROUPS ('id=g;id2=g')
  --smtp <url>            SMTP server: smtp://[user:pass@]host:port, smtps:// for TLS (port 465)       LATCH_EMBEDDED_SMTP
  --from <sender>         the From of the code mails, e.g. 'Wallet <wallet@example.com>'              LATCH_EMBEDDED_FROM
  --secret <text>         signs sessions, ≥ 32 characters (prefer the variable)                       LATCH_EMBEDDED_SECRET
  --database <url>        a Postgres connection string, postgres://user:pass@host:5432/db            DATABASE_URL
  --data-dir <path>       keep the built-in PGlite database in this folder (without it and
                          without --database: in memory, lost on exit)                               LATCH_EMBEDDED_DATA_DIR
  --port <n>              default 8790 (0: a free port)                                              LATCH_EMBEDDED_PORT
  --host <address>        default 127.0.0.1 (put a TLS reverse proxy in front)                       LATCH_EMBEDDED_HOST
  --public-url <url>      the origin browsers use, e.g. https://wallet.example.com
                          (default http://<host>:<port>)                                            LATCH_EMBEDDED_PUBLIC_URL
  --trust-proxy           one reverse proxy in front: the client IP is the X-Forwarded-For entry it
                          appended (the right-most); never set it when clients reach the service directly  LATCH_EMBEDDED_TRUST_PROXY=1
  --proxies <n>           n proxies in front, each appending to X-Forwarded-For (a CDN and a load
                          balancer: 2); the client IP is the entry n from the right                  LATCH_EMBEDDED_TRUST_PROXY=<n>
  --frame-dir <path>      the built frame app (default: the package's dist/frame)                    LATCH_EMBEDDED_FRAME_DIR
  --app-name <name>       the name in the mail ("123456 is your <name> sign-in code"), default wallet  LATCH_EMBEDDED_APP_NAME
  --otp-expires-in <s>    how long a code is valid, in seconds (default 300)                         LATCH_EMBEDDED_OTP_EXPIRES_IN
${SOCIAL_CLI_HELP}${FARCASTER_CLI_HELP}  --help                  this text
`;

/** A command line or environment the service cannot start with; the CLI prints it with the help text. */
export class CliConfigError extends LatchError {
  override readonly name: string = 'CliConfigError';
  constructor(message: string) {
    super(message, { category: 'VALIDATION_ERROR' });
  }
}

function parseProject(entry: string): EmbeddedWalletProject {
  const at = entry.indexOf('=');
  if (at <= 0) throw new CliConfigError(`--project: expected <id>=<origin>[,<origin>…], got '${entry}'`);
  const origins = entry
    .slice(at + 1)
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  return { id: entry.slice(0, at).trim(), allowedOrigins: origins };
}

export interface CliConfig {
  help: boolean;
  options?: StartEmbeddedWalletServiceOptions;
  /** Set when no secret was given and one was made up for this run. */
  generatedSecret: boolean;
}

/** The CLI's flags and environment → the service options (throws CliConfigError with the flag named). */
export function parseCliConfig(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): CliConfig {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      project: { type: 'string', multiple: true },
      'wallet-group': { type: 'string', multiple: true },
      smtp: { type: 'string' },
      from: { type: 'string' },
      secret: { type: 'string' },
      database: { type: 'string' },
      'data-dir': { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'public-url': { type: 'string' },
      'trust-proxy': { type: 'boolean' },
      proxies: { type: 'string' },
      'frame-dir': { type: 'string' },
      'app-name': { type: 'string' },
      'otp-expires-in': { type: 'string' },
      social: { type: 'string', multiple: true },
      'social-option': { type: 'string', multiple: true },
      ...FARCASTER_CLI_OPTIONS,
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) return { help: true, generatedSecret: false };
  const projectEntries = values.project ?? (env.LATCH_EMBEDDED_PROJECTS ?? '').split(';').filter((entry) => entry.trim());
  if (projectEntries.length === 0) throw new CliConfigError('give at least one --project <id>=<origin> (or LATCH_EMBEDDED_PROJECTS)');
  const projects = projectEntries.map(parseProject);
  const groupEntries = values['wallet-group'] ?? (env.LATCH_EMBEDDED_WALLET_GROUPS ?? '').split(';').filter((entry) => entry.trim());
  for (const entry of groupEntries) {
    const [id, group] = entry.split('=').map((part) => part.trim());
    const project = projects.find((candidate) => candidate.id === id);
    if (!project || !group) throw new CliConfigError(`--wallet-group: expected <project id>=<group> for a --project, got '${entry}'`);
    project.walletGroup = group;
  }
  const smtpUrl = values.smtp ?? env.LATCH_EMBEDDED_SMTP;
  if (!smtpUrl) throw new CliConfigError('give --smtp smtp://host:port (or LATCH_EMBEDDED_SMTP)');
  const from = values.from ?? env.LATCH_EMBEDDED_FROM;
  if (!from) throw new CliConfigError("give --from 'Wallet <wallet@example.com>' (or LATCH_EMBEDDED_FROM)");
  let smtp: ReturnType<typeof smtpFromUrl>;
  try {
    smtp = smtpFromUrl(smtpUrl, from);
  } catch (error) {
    throw new CliConfigError(`--smtp: ${(error as Error).message}`);
  }
  const number = (flag: string, raw: string | undefined, fallback: number) => {
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0) throw new CliConfigError(`--${flag}: expected a whole number, got '${raw}'`);
    return value;
  };
  let secret = values.secret ?? env.LATCH_EMBEDDED_SECRET;
  const generatedSecret = !secret;
  secret ??= randomBytes(32).toString('base64url');
  if (secret.length < 32) throw new CliConfigError('--secret: at least 32 characters');
  const socials = parseSocialCliConfig(values.social ?? [], values['social-option'] ?? [], env, (message) => new CliConfigError(message));
  const farcaster = parseFarcasterCliConfig(values, env, (message) => new CliConfigError(message));
  const trustEnv = (env.LATCH_EMBEDDED_TRUST_PROXY ?? '').trim();
  const trust =
    values.proxies !== undefined
      ? number('proxies', values.proxies, 0)
      : values['trust-proxy']
        ? 1
        : /^(true|yes)$/i.test(trustEnv)
          ? 1
          : number('proxies', trustEnv, 0);
  return {
    help: false,
    generatedSecret,
    options: {
      projects,
      smtp,
      secret,
      database: values.database ?? env.DATABASE_URL ?? undefined,
      dataDir: values['data-dir'] ?? env.LATCH_EMBEDDED_DATA_DIR ?? undefined,
      port: number('port', values.port ?? env.LATCH_EMBEDDED_PORT, 8790),
      host: values.host ?? env.LATCH_EMBEDDED_HOST ?? '127.0.0.1',
      publicUrl: values['public-url'] ?? env.LATCH_EMBEDDED_PUBLIC_URL ?? undefined,
      trustProxy: trust,
      frameDir: values['frame-dir'] ?? env.LATCH_EMBEDDED_FRAME_DIR ?? undefined,
      appName: values['app-name'] ?? env.LATCH_EMBEDDED_APP_NAME ?? undefined,
      otpExpiresInSeconds: number('otp-expires-in', values['otp-expires-in'] ?? env.LATCH_EMBEDDED_OTP_EXPIRES_IN, 300),
      socials,
      farcaster,
    },
  };
}
