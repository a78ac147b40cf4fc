import type { IncomingMessage, ServerResponse } from 'node:http';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { bearer } from 'better-auth/plugins/bearer';
import { emailOTP } from 'better-auth/plugins/email-otp';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import * as v from 'valibot';
import { type DatabaseOption, openDatabase } from './database.js';
import { createFarcasterSignIn, type FarcasterConfig, resolveFarcasterConfig } from './farcaster.js';
import { frameDirPath, sendFrameAsset, sendFramePage } from './frameFiles.js';
import {
  invalidProject,
  MAX_BODY_BYTES,
  originNotAllowed,
  parseJson,
  rateLimited,
  readBody,
  ServiceError,
  sendError,
  sendJson,
} from './http.js';
import { createOtpMailer, type SmtpConfig } from './mailer.js';
import { type EmbeddedWalletProject, resolveProjects } from './projects.js';
import { createRateLimiter, DEFAULT_RATE_LIMITS, type RateLimits } from './rateLimit.js';
import { genericOAuthConfigs, resolveSocials, type SocialsConfig } from './socialProviders.js';
import { createSocialSignIn, type SocialAuth } from './socials.js';

export interface EmbeddedWalletServiceConfig {
  /** An open PGlite, or a Postgres connection string. Default: a PGlite of the service's own (in `dataDir`, else in memory). */
  database?: DatabaseOption;
  /** Where the service's own PGlite keeps its files. Default: in memory (lost on exit). Ignored with `database`. */
  dataDir?: string;
  /** The integrators' projects and the page origins each allows. */
  projects: readonly EmbeddedWalletProject[];
  /** The SMTP server the codes go out through. */
  smtp: SmtpConfig;
  /** Signs sessions: at least 32 characters of random text. Changing it ends every session. */
  secret: string;
  /** The service's own origin as browsers see it (`S`), e.g. 'https://wallet.example.com'. */
  publicUrl: string;
  /** The built frame app. Default: this package's dist/frame/. */
  frameDir?: string | URL;
  /** Behind a reverse proxy: take the client IP from the first `X-Forwarded-For` entry. Default false. */
  trustProxy?: boolean;
  /** The name in the mail ('… is your <appName> sign-in code'). Default 'wallet'. */
  appName?: string;
  /** How long a code is valid. Default 300 (5 min). */
  otpExpiresInSeconds?: number;
  /** Override the PROTOCOL.md §1 limits (tests, or a stricter deployment). */
  rateLimits?: Partial<RateLimits>;
  /** The rate limiter's clock (ms), also the one Farcaster requests expire by. Default `Date.now`. */
  now?: () => number;
  /** Sign In With Farcaster (README "Farcaster"): the relay, an OP mainnet RPC URL, the SIWE domain/URI. Off without it. */
  farcaster?: FarcasterConfig;
  /** Social sign-in (README "Social logins"): each provider's client id/secret; endpoints default to the vendor's. */
  socials?: SocialsConfig;
}

export interface EmbeddedWalletService {
  /** A node:http request handler for every route of PROTOCOL.md §1 and §3. */
  handle(request: IncomingMessage, response: ServerResponse): void;
  /** Resolves once the database schema is up to date (requests wait for it). */
  readonly ready: Promise<void>;
  /** Closes the mail transport and what the service opened of the database. */
  close(): Promise<void>;
}

/** The auth routes the frame uses; better-auth's other endpoints are not exposed. */
const AUTH_ROUTES = new Set([
  'POST /api/auth/email-otp/send-verification-otp',
  'POST /api/auth/sign-in/email-otp',
  'GET /api/auth/get-session',
  'POST /api/auth/sign-out',
]);

/** better-auth's error codes, in the words of PROTOCOL.md §2. */
const AUTH_ERRORS: Record<string, [code: string, message: string]> = {
  INVALID_OTP: ['invalid_otp', 'Invalid code'],
  OTP_EXPIRED: ['otp_expired', 'The code has expired'],
  TOO_MANY_ATTEMPTS: ['too_many_attempts', 'Too many attempts: ask for a new code'],
  INVALID_EMAIL: ['invalid_email', 'Enter a valid e-mail address'],
};

const EMAIL = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.email('Enter a valid e-mail address'));
const SendBody = v.object({ email: EMAIL, type: v.literal('sign-in', "type must be 'sign-in'") });
const SignInBody = v.object({ email: EMAIL, otp: v.pipe(v.string(), v.regex(/^\d{6}$/, 'The code is 6 digits')) });
const WalletBody = v.object({
  authShare: v.pipe(v.string(), v.maxLength(1024), v.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'authShare must be base64')),
  addresses: v.object({
    eip155: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'addresses.eip155 must be a 0x address')),
    solana: v.pipe(v.string(), v.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'addresses.solana must be a base58 address')),
  }),
});

function parseBody<T extends v.GenericSchema>(schema: T, value: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, value);
  if (!result.success) {
    const issue = result.issues[0];
    const path = issue.path?.map((item) => String(item.key)).join('.');
    throw new ServiceError(400, 'invalid_request', path && issue.kind !== 'validation' ? `${path}: ${issue.message}` : issue.message);
  }
  return result.output;
}

function checkConfig(config: EmbeddedWalletServiceConfig) {
  if (typeof config.secret !== 'string' || config.secret.length < 32)
    throw new TypeError('embedded wallet service: `secret` must be at least 32 characters');
  let origin: string;
  try {
    origin = new URL(config.publicUrl).origin;
  } catch {
    throw new TypeError(`embedded wallet service: \`publicUrl\` must be a URL like https://wallet.example.com (got '${config.publicUrl}')`);
  }
  if (!config.smtp?.host || !config.smtp.port || !config.smtp.from)
    throw new TypeError('embedded wallet service: `smtp` needs host, port and from');
  const expiresIn = config.otpExpiresInSeconds ?? 300;
  if (!Number.isFinite(expiresIn) || expiresIn < 1) throw new TypeError('embedded wallet service: `otpExpiresInSeconds` must be ≥ 1');
  return { origin, expiresIn };
}

/**
 * The reference embedded wallet service: better-auth e-mail OTP sign-in (bearer sessions), the wallet record
 * and its auth share, the frame app's files, origin allowlists per project and rate limits (PROTOCOL.md).
 */
export function createEmbeddedWalletService(config: EmbeddedWalletServiceConfig): EmbeddedWalletService {
  const { origin: serviceOrigin, expiresIn } = checkConfig(config);
  const farcasterConfig = resolveFarcasterConfig(config.farcaster, serviceOrigin);
  const projects = resolveProjects(config.projects);
  const socialProviders = resolveSocials(config.socials);
  const frameDir = frameDirPath(config.frameDir);
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...config.rateLimits };
  const limiter = createRateLimiter(config.now ?? Date.now);
  const mailer = createOtpMailer(config.smtp, config.appName ?? 'wallet');
  const opening = openDatabase(config.database, config.dataDir);
  const mailFailures = new Map<string, unknown>();
  const validFor = expiresIn % 60 === 0 ? `${expiresIn / 60} minute${expiresIn === 60 ? '' : 's'}` : `${expiresIn} seconds`;

  const auth = opening.then(({ db }) =>
    betterAuth({
      baseURL: serviceOrigin,
      basePath: '/api/auth',
      secret: config.secret,
      database: { db, type: 'postgres', transaction: false },
      trustedOrigins: [serviceOrigin],
      telemetry: { enabled: false },
      // The service applies the PROTOCOL.md limits itself (with the §8 wording).
      rateLimit: { enabled: false },
      logger: { level: 'error' },
      // Socials (README "Linking"): a provider's VERIFIED e-mail joins the e-mail user (same wallet); unverified
      // ones are placeholders that match no one. Trusted providers may be linked explicitly (a LINK intent) even
      // without an e-mail (X) or with a different one.
      account: {
        accountLinking: {
          enabled: true,
          trustedProviders: socialProviders.map(({ provider }) => provider),
          allowDifferentEmails: true,
        },
      },
      plugins: [
        emailOTP({
          otpLength: 6,
          expiresIn,
          allowedAttempts: 3,
          async sendVerificationOTP({ email, otp }) {
            // better-auth swallows a failure here; record it so the request answers 502 instead of a silent success.
            await mailer.sendCode(email, otp, validFor).catch((error: unknown) => {
              mailFailures.set(email.toLowerCase(), error);
            });
          },
        }),
        bearer(),
        ...(socialProviders.length ? [genericOAuth({ config: genericOAuthConfigs(socialProviders) })] : []),
      ],
    }),
  );

  const ready = (async () => {
    const { migrate, migrating } = await opening;
    const instance = await auth;
    // Planned inside the lock: a service that waited finds the tables the first one created.
    await migrating(async () => {
      const { runMigrations } = await getMigrations(instance.options);
      await runMigrations();
      await migrate();
    });
  })();
  // Failures surface through `ready` (and as 503 to requests), never as unhandled rejections.
  for (const promise of [opening, auth, ready]) promise.catch(() => undefined);

  const farcaster =
    farcasterConfig &&
    createFarcasterSignIn({
      config: farcasterConfig,
      context: async () => (await auth).$context,
      now: config.now ?? Date.now,
      takeChannelSlot: (ip) => limiter.take([{ key: `farcaster:ip:${ip}`, rules: limits.farcasterChannelsPerIp }]),
    });

  const socials = createSocialSignIn({
    providers: socialProviders.map(({ provider }) => provider),
    serviceOrigin,
    db: opening.then(({ db }) => db),
    auth: async () => (await auth) as unknown as SocialAuth,
    now: config.now ?? Date.now,
    takeIntentSlot: (ip) => limiter.take([{ key: `social:ip:${ip}`, rules: limits.socialIntentsPerIp }]),
    userOf: (request) => userOf(request),
  });

  function clientIp(request: IncomingMessage): string {
    const forwarded = config.trustProxy
      ? String(request.headers['x-forwarded-for'] ?? '')
          .split(',')[0]
          ?.trim()
      : '';
    return forwarded || request.socket.remoteAddress || 'unknown';
  }

  function headersOf(request: IncomingMessage): Headers {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || name === 'cookie') continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
    }
    return headers;
  }

  /** The project named by `X-Latch-Project`, if the page origin in `X-Latch-Host-Origin` is on its allowlist. */
  function checkCaller(request: IncomingMessage): EmbeddedWalletProject {
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== serviceOrigin) throw originNotAllowed();
    const project = projects.get(String(request.headers['x-latch-project'] ?? ''));
    if (!project) throw invalidProject();
    const hostOrigin = String(request.headers['x-latch-host-origin'] ?? '');
    if (!project.allowedOrigins.includes(hostOrigin)) throw originNotAllowed();
    return project;
  }

  async function userOf(request: IncomingMessage) {
    const session = await (await auth).api.getSession({ headers: headersOf(request) });
    if (!session) throw new ServiceError(401, 'unauthorized', 'Sign in first');
    return session.user;
  }

  async function authRoute(request: IncomingMessage, response: ServerResponse, url: URL, body: Buffer) {
    const route = `${request.method} ${url.pathname}`;
    if (!AUTH_ROUTES.has(route)) throw new ServiceError(404, 'not_found', 'Not found');
    const json = parseJson(body);
    let release: (() => void) | undefined;
    let mailEmail: string | undefined;
    let forward = body;
    if (route === 'POST /api/auth/email-otp/send-verification-otp') {
      const { email, type } = parseBody(SendBody, json);
      const taken = limiter.take([
        { key: `send:address:${email}`, rules: limits.sendPerAddress },
        { key: `send:ip:${clientIp(request)}`, rules: limits.sendPerIp },
      ]);
      if (!taken.ok) throw rateLimited(taken.retryAfter);
      release = taken.release;
      mailEmail = email;
      mailFailures.delete(email);
      forward = Buffer.from(JSON.stringify({ email, type }));
    } else if (route === 'POST /api/auth/sign-in/email-otp') {
      const { email, otp } = parseBody(SignInBody, json);
      const taken = limiter.take([{ key: `verify:address:${email}`, rules: limits.verifyPerAddress }]);
      if (!taken.ok) throw rateLimited(taken.retryAfter);
      forward = Buffer.from(JSON.stringify({ email, otp }));
    }
    const headers = headersOf(request);
    headers.delete('content-length');
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    if (hasBody) headers.set('content-type', 'application/json');
    const answer = await (await auth).handler(
      new Request(new URL(`${url.pathname}${url.search}`, serviceOrigin), {
        method: request.method,
        headers,
        body: hasBody ? new Uint8Array(forward) : undefined,
      }),
    );
    const text = await answer.text();
    if (answer.status >= 400) {
      release?.();
      let code = 'auth_error';
      let message = 'Sign-in failed';
      try {
        const parsed = JSON.parse(text) as { code?: string; message?: string };
        [code, message] = AUTH_ERRORS[parsed.code ?? ''] ?? [parsed.code?.toLowerCase() ?? code, parsed.message ?? message];
      } catch {
        // not JSON: keep the generic words
      }
      if (answer.status >= 500 && release) throw new ServiceError(502, 'send_failed', 'The code could not be sent: try again in a moment');
      throw new ServiceError(answer.status, code, message);
    }
    if (mailEmail !== undefined && mailFailures.has(mailEmail)) {
      const failure = mailFailures.get(mailEmail);
      mailFailures.delete(mailEmail);
      release?.();
      console.error('[embedded wallet service] could not send the code mail:', failure instanceof Error ? failure.message : failure);
      throw new ServiceError(502, 'send_failed', 'The code could not be sent: try again in a moment');
    }
    response.statusCode = answer.status;
    for (const [name, value] of answer.headers) {
      // Bearer sessions only: the frame keeps the token; a cross-site iframe cannot rely on cookies.
      if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') continue;
      response.setHeader(name, value);
    }
    response.setHeader('Cache-Control', 'no-store');
    response.end(text);
  }

  async function walletRoute(request: IncomingMessage, response: ServerResponse, url: URL, body: Buffer) {
    const { db } = await opening;
    const route = `${request.method} ${url.pathname}`;
    if (route === 'GET /api/wallet') {
      const user = await userOf(request);
      const row = await db
        .selectFrom('wallet')
        .select(['eip155_address', 'solana_address'])
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      return sendJson(response, 200, {
        addresses: row ? { eip155: row.eip155_address, solana: row.solana_address } : {},
        hasAuthShare: Boolean(row),
      });
    }
    if (route === 'PUT /api/wallet') {
      const user = await userOf(request);
      const { authShare, addresses } = parseBody(WalletBody, parseJson(body));
      const row = await db
        .insertInto('wallet')
        .values({ user_id: user.id, eip155_address: addresses.eip155, solana_address: addresses.solana, auth_share: authShare })
        .onConflict((conflict) => conflict.column('user_id').doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (!row) throw new ServiceError(409, 'wallet_exists', 'This account already has a wallet');
      return sendJson(response, 201, { addresses, hasAuthShare: true });
    }
    if (route === 'GET /api/wallet/auth-share') {
      const user = await userOf(request);
      const row = await db.selectFrom('wallet').select('auth_share').where('user_id', '=', user.id).executeTakeFirst();
      if (!row) throw new ServiceError(404, 'no_wallet', 'This account has no wallet yet');
      return sendJson(response, 200, { authShare: row.auth_share });
    }
    throw new ServiceError(404, 'not_found', 'Not found');
  }

  async function route(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', serviceOrigin);
    const path = url.pathname;
    const method = request.method ?? 'GET';
    const read = method === 'GET' || method === 'HEAD';

    if (path === '/frame' || path === '/frame/recovery' || path.startsWith('/frame/assets/')) {
      if (!read) throw new ServiceError(405, 'method_not_allowed', 'Use GET');
      if (path.startsWith('/frame/assets/'))
        return sendFrameAsset(response, frameDir, path.slice('/frame/assets/'.length), method === 'HEAD');
      const project = projects.get(url.searchParams.get('projectId') ?? '');
      if (!project) throw invalidProject();
      return sendFramePage(response, frameDir, path === '/frame' ? 'index' : 'recovery', project, method === 'HEAD');
    }

    const projectRoute = /^\/api\/projects\/([^/]+)$/.exec(path);
    if (projectRoute) {
      // Public, asked by the SDK from the host page before it loads the frame.
      const cors = { 'Access-Control-Allow-Origin': '*' };
      if (method === 'OPTIONS') {
        response.writeHead(204, { ...cors, 'Access-Control-Allow-Methods': 'GET', 'Access-Control-Max-Age': '600' });
        return void response.end();
      }
      if (!read) throw new ServiceError(405, 'method_not_allowed', 'Use GET');
      const project = projects.get(decodeURIComponent(projectRoute[1] as string));
      if (!project) {
        response.setHeader('Access-Control-Allow-Origin', '*');
        throw invalidProject();
      }
      return sendJson(
        response,
        200,
        { projectId: project.id, allowedOrigins: project.allowedOrigins, socials: socials.providers, farcaster: Boolean(farcaster) },
        cors,
      );
    }

    // Social sign-in's popup pages and the provider's redirect back: top-level navigations, not frame calls.
    const callback = /^\/api\/auth\/callback\/[^/]+$/.test(path);
    if (socials.providers.length > 0 && (path.startsWith('/social/') || callback)) {
      const body = callback && method === 'POST' ? await readBody(request, MAX_BODY_BYTES) : Buffer.alloc(0);
      await ready.catch(() => {
        throw new ServiceError(503, 'unavailable', 'The wallet service is starting or its database is unreachable');
      });
      return callback ? socials.handleCallback(request, response, url, body) : socials.handlePage(request, response, url);
    }

    if (path.startsWith('/api/')) {
      const project = checkCaller(request);
      const body = read ? Buffer.alloc(0) : await readBody(request, MAX_BODY_BYTES);
      await ready.catch((error: unknown) => {
        console.error('[embedded wallet service] the database is not ready:', error);
        throw new ServiceError(503, 'unavailable', 'The wallet service is starting or its database is unreachable');
      });
      if (path.startsWith('/api/auth/')) return authRoute(request, response, url, body);
      if (path.startsWith('/api/social/')) {
        const caller = { projectId: project.id, hostOrigin: String(request.headers['x-latch-host-origin']), ip: clientIp(request) };
        return socials.handleApi(request, response, path, body, caller);
      }
      if (path.startsWith('/api/farcaster/')) {
        if (!farcaster) throw new ServiceError(400, 'farcaster_not_configured', 'Sign In With Farcaster is not configured on this service');
        const caller = { projectId: project.id, hostOrigin: String(request.headers['x-latch-host-origin']), ip: clientIp(request) };
        return farcaster.handle(request, response, path, caller);
      }
      return walletRoute(request, response, url, body);
    }
    throw new ServiceError(404, 'not_found', 'Not found');
  }

  return {
    handle(request, response) {
      route(request, response).catch((error: unknown) => {
        if (response.headersSent) return void response.destroy();
        if (error instanceof ServiceError) {
          if (error.status === 413) response.setHeader('Connection', 'close');
          return sendError(response, error);
        }
        console.error('[embedded wallet service]', error);
        sendError(response, new ServiceError(500, 'internal_error', 'Something went wrong'));
      });
    },
    ready,
    async close() {
      await ready.catch(() => undefined);
      mailer.close();
      await opening.then(
        (database) => database.close(),
        () => undefined,
      );
    },
  };
}
