import { SOMETHING_WENT_WRONG_MESSAGE, invalidOption } from '@latch/kernel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AccountAdapter, createAccountRoutes, noticeLoginChange } from './accountRoutes.js';
import { type AuthRouteOptions, authRoute } from './authRoutes.js';
import { type DatabaseOption, type OpenDatabase, openDatabase } from './database.js';
import { createFarcasterSignIn, FARCASTER_REQUEST_TTL_MS, type FarcasterConfig, resolveFarcasterConfig } from './farcaster.js';
import { createFarcasterRequests } from './farcasterRequests.js';
import { frameDirPath, sendFrameAsset, sendFramePage } from './frameFiles.js';
import { invalidProject, MAX_BODY_BYTES, originNotAllowed, readBody, ServiceError, sendError, sendJson } from './http.js';
import { createOtpMailer, type SmtpConfig } from './mailer.js';
import { type EmbeddedWalletProject, type ResolvedProject, resolveProjects } from './projects.js';
import { clientAddress } from '@latch/service-kit';
import { createRateLimiter, DEFAULT_RATE_LIMITS, longestWindow, type RateLimits, type RateRule } from './rateLimit.js';
import { migrateServiceDatabase, type ServiceAuth, type ServiceAuthOptions, startServiceAuth } from './serviceAuth.js';
import { createSessionScopes, type SessionScope } from './sessionScopes.js';
import { resolveSocials, type SocialsConfig } from './socialProviders.js';
import { createSocialSignIn, type SignedInSession, type SocialAuth } from './socials.js';
import { walletRoute } from './walletRoutes.js';

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
  /**
   * Behind reverse proxies (a load balancer, a CDN): how many there are in front of the service, each appending the
   * address it saw to `X-Forwarded-For`. The client IP is then the entry that many hops from the right, the last one
   * no client can write; entries further left are the client's own words and ignored. `true` is 1. Default 0 (the
   * socket's address: the service faces the Internet).
   */
  trustProxy?: boolean | number;
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

/** The frame app's visible pages, by path: each is served with the frame's headers. */
const FRAME_PAGES = new Map<string, 'recovery' | 'approve' | 'logins'>([
  ['/frame/recovery', 'recovery'],
  ['/frame/approve', 'approve'],
  ['/frame/logins', 'logins'],
]);

function checkConfig(config: EmbeddedWalletServiceConfig) {
  if (typeof config.secret !== 'string' || config.secret.length < 32)
    throw invalidOption('embedded wallet service: `secret` must be at least 32 characters');
  let origin: string;
  try {
    origin = new URL(config.publicUrl).origin;
  } catch {
    throw invalidOption(`embedded wallet service: \`publicUrl\` must be a URL like https://wallet.example.com (got '${config.publicUrl}')`);
  }
  if (!config.smtp?.host || !config.smtp.port || !config.smtp.from)
    throw invalidOption('embedded wallet service: `smtp` needs host, port and from');
  const expiresIn = config.otpExpiresInSeconds ?? 300;
  if (!Number.isFinite(expiresIn) || expiresIn < 1) throw invalidOption('embedded wallet service: `otpExpiresInSeconds` must be ≥ 1');
  return { origin, expiresIn };
}

/**
 * What the routes work with, built once by createEmbeddedWalletService: the resolved config, the database as it
 * opens, better-auth, the rate limiter and the sign-in flows.
 */
interface ServiceState {
  readonly serviceOrigin: string;
  readonly now: () => number;
  readonly farcasterConfig: ReturnType<typeof resolveFarcasterConfig>;
  readonly authOptions: ServiceAuthOptions;
  readonly projects: ReturnType<typeof resolveProjects>;
  readonly frameDir: ReturnType<typeof frameDirPath>;
  readonly limits: RateLimits;
  readonly opening: Promise<OpenDatabase>;
  readonly scopes: Promise<ReturnType<typeof createSessionScopes>>;
  readonly auth: Promise<ServiceAuth>;
  readonly ready: Promise<void>;
  /** Counts one event on every key if all their rules allow it (in the database: every instance counts). */
  take(...checks: { key: string; rules: readonly RateRule[] }[]): ReturnType<ReturnType<typeof createRateLimiter>['take']>;
  clientIp(request: IncomingMessage): string;
  bindSession(sessionId: string, scope: SessionScope): Promise<void>;
  readonly farcaster: ReturnType<typeof createFarcasterSignIn> | undefined;
  readonly socials: ReturnType<typeof createSocialSignIn>;
  readonly account: ReturnType<typeof createAccountRoutes>;
}

/** The parts the sign-in flows are built from (all of the state but the flows). */
type ServiceCore = Omit<ServiceState, 'farcaster' | 'socials' | 'account'>;

const internalAdapter = async ({ auth }: Pick<ServiceState, 'auth'>) => (await (await auth).$context).internalAdapter;
const accountAdapter = async (state: Pick<ServiceState, 'auth'>) => (await internalAdapter(state)) as unknown as AccountAdapter;

/**
 * A social sign-in or link that started at `since` ended on this user: if it gave a user who existed before then a
 * new way to sign in (a link, or a provider whose verified e-mail joined an e-mail account), the owner is mailed.
 */
async function noticeNewLogin(state: ServiceCore, userId: string, providerId: string, since: Date) {
  const adapter = await accountAdapter(state);
  const user = (await adapter.findUserById(userId)) as (Parameters<typeof noticeLoginChange>[1] & { createdAt?: Date }) | null;
  const account = (await adapter.findAccounts(userId)).find((entry) => entry.providerId === providerId);
  const existed = user?.createdAt !== undefined && new Date(user.createdAt) < since;
  if (existed && account && new Date(account.createdAt) >= since)
    await noticeLoginChange(state.authOptions.mailer, user, providerId, 'added');
}

/** The bearer request's session as better-auth knows it (null: none, or no longer). */
async function currentSession({ auth }: Pick<ServiceState, 'auth'>, request: IncomingMessage) {
  const headers = new Headers();
  if (request.headers.authorization) headers.set('authorization', request.headers.authorization);
  return (await auth).api.getSession({ headers });
}

/** The signed-in session of a bearer request, if it was created for this project and host page. */
async function sessionOf(state: ServiceCore, request: IncomingMessage, scope: SessionScope): Promise<SignedInSession> {
  const session = await currentSession(state, request);
  if (!session || !(await (await state.scopes).allows(session.session.id, scope)))
    throw new ServiceError(401, 'unauthorized', 'Sign in first');
  return { userId: session.user.id, sessionId: session.session.id };
}

/** Sign In With Farcaster, social sign-in and the account routes, over the service's core. */
function createSignIns(core: ServiceCore) {
  const { serviceOrigin, opening, limits, take, scopes, bindSession, now, farcasterConfig } = core;
  let authAnyEmail: Promise<ServiceAuth> | undefined;
  const authFor = (options: { anyEmail?: boolean } = {}) =>
    options.anyEmail ? (authAnyEmail ??= startServiceAuth(core.authOptions, true)) : core.auth;

  const farcaster =
    farcasterConfig &&
    createFarcasterSignIn({
      config: farcasterConfig,
      context: async () => (await core.auth).$context,
      requests: async () => createFarcasterRequests((await opening).db, now, FARCASTER_REQUEST_TTL_MS),
      now,
      takeChannelSlot: (ip) => take({ key: `farcaster:ip:${ip}`, rules: limits.farcasterChannelsPerIp }),
      bindSession,
    });

  const socials = createSocialSignIn({
    providers: core.authOptions.socialProviders.map(({ provider }) => provider),
    serviceOrigin,
    db: opening.then(({ db }) => db),
    auth: async (options) => (await authFor(options)) as unknown as SocialAuth,
    now,
    takeIntentSlot: (ip) => take({ key: `social:ip:${ip}`, rules: limits.socialIntentsPerIp }),
    sessionOf: (request, scope) => sessionOf(core, request, scope),
    bindSession,
    steppedUp: async (sessionId, withinMs) => (await scopes).steppedUp(sessionId, withinMs),
    stepUp: async (sessionId) => (await scopes).stepUp(sessionId),
    noticeNewLogin: (userId, providerId, since) => noticeNewLogin(core, userId, providerId, since),
  });

  const account = createAccountRoutes({
    adapter: () => accountAdapter(core),
    scopes: () => scopes,
    mailer: core.authOptions.mailer,
    linkable: socials.providers,
    takeCodeSlot: (userId) => take({ key: `step-up:user:${userId}`, rules: limits.stepUpCodesPerUser }),
  });
  return { farcaster, socials, account };
}

/**
 * The project named by `X-Latch-Project`, if the page origin in `X-Latch-Host-Origin` is on its allowlist. The
 * API is the frame's alone: a browser says where a request comes from, and only the service's own pages may call
 * it (a state-changing request must carry `Origin: <service>`; `Sec-Fetch-Site`, when sent, must be same-origin).
 * A client that is not a browser can forge all of this; sessions bound to their project and sign-ins bound to
 * their browser are what hold then.
 */
function checkCaller({ serviceOrigin, projects }: ServiceState, request: IncomingMessage, read: boolean): ResolvedProject {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') throw originNotAllowed();
  if (origin !== undefined ? origin !== serviceOrigin : !read) throw originNotAllowed();
  const project = projects.get(String(request.headers['x-latch-project'] ?? ''));
  if (!project) throw invalidProject();
  const hostOrigin = String(request.headers['x-latch-host-origin'] ?? '');
  if (!project.allowedOrigins.includes(hostOrigin)) throw originNotAllowed();
  return project;
}

/** What the e-mail OTP routes (authRoutes.ts) need, for one caller. */
function authRouteOptions(state: ServiceState, caller: SessionScope): AuthRouteOptions {
  const { limits, take } = state;
  return {
    serviceOrigin: state.serviceOrigin,
    handler: async () => (await state.auth).handler,
    takeSendSlot: (email, ip) =>
      take({ key: `send:address:${email}`, rules: limits.sendPerAddress }, { key: `send:ip:${ip}`, rules: limits.sendPerIp }),
    takeVerifySlot: (email) => take({ key: `verify:address:${email}`, rules: limits.verifyPerAddress }),
    mailFailures: state.authOptions.mailFailures,
    async bindSignIn(token) {
      const found = await (await internalAdapter(state)).findSession(token.split('.')[0] as string);
      if (found) await state.bindSession(found.session.id, caller);
    },
    // A session of another project or page is refused; one that ended reads as none, as better-auth says it.
    async checkSession(request) {
      const session = await currentSession(state, request);
      if (session && !(await (await state.scopes).allows(session.session.id, caller)))
        throw new ServiceError(401, 'unauthorized', 'Sign in first');
    },
    clientIp: state.clientIp,
  };
}

async function api(state: ServiceState, request: IncomingMessage, response: ServerResponse, url: URL, method: string) {
  const read = method === 'GET' || method === 'HEAD';
  const project = checkCaller(state, request, read);
  const path = url.pathname;
  const body = read ? Buffer.alloc(0) : await readBody(request, MAX_BODY_BYTES);
  await state.ready.catch((error: unknown) => {
    console.error('[embedded wallet service] the database is not ready:', error);
    throw new ServiceError(503, 'unavailable', 'The wallet service is starting or its database is unreachable');
  });
  const caller = { projectId: project.id, hostOrigin: String(request.headers['x-latch-host-origin']), ip: state.clientIp(request) };
  if (path.startsWith('/api/auth/')) return authRoute(authRouteOptions(state, caller), request, response, url, body);
  if (path.startsWith('/api/social/')) return state.socials.handleApi(request, response, path, body, caller);
  if (path.startsWith('/api/farcaster/')) {
    if (!state.farcaster)
      throw new ServiceError(400, 'farcaster_not_configured', 'Sign In With Farcaster is not configured on this service');
    return state.farcaster.handle(request, response, path, body, caller);
  }
  if (path.startsWith('/api/account/')) return state.account.handle(request, response, path, body, await sessionOf(state, request, caller));
  return walletRoute(await state.opening, request, response, path, body, async () => ({
    userId: (await sessionOf(state, request, caller)).userId,
    projectId: project.id,
    walletGroup: project.walletGroup,
  }));
}

/** GET /api/projects/<id>: public, asked by the SDK from the host page before it loads the frame. */
function projectInfo(state: ServiceState, response: ServerResponse, method: string, escapedId: string) {
  const cors = { 'Access-Control-Allow-Origin': '*' };
  if (method === 'OPTIONS') {
    response.writeHead(204, { ...cors, 'Access-Control-Allow-Methods': 'GET', 'Access-Control-Max-Age': '600' });
    return void response.end();
  }
  if (method !== 'GET' && method !== 'HEAD') throw new ServiceError(405, 'method_not_allowed', 'Use GET');
  let id = '';
  try {
    id = decodeURIComponent(escapedId);
  } catch {
    // a malformed %-escape names no project
  }
  const project = state.projects.get(id);
  if (!project) {
    response.setHeader('Access-Control-Allow-Origin', '*');
    throw invalidProject();
  }
  const { socials, farcaster } = state;
  return sendJson(
    response,
    200,
    { projectId: project.id, allowedOrigins: project.allowedOrigins, socials: socials.providers, farcaster: Boolean(farcaster) },
    cors,
  );
}

/** The frame app's pages and assets. */
function framePage(state: ServiceState, response: ServerResponse, url: URL, method: string) {
  const path = url.pathname;
  if (method !== 'GET' && method !== 'HEAD') throw new ServiceError(405, 'method_not_allowed', 'Use GET');
  if (path.startsWith('/frame/assets/'))
    return sendFrameAsset(response, state.frameDir, path.slice('/frame/assets/'.length), method === 'HEAD');
  const project = state.projects.get(url.searchParams.get('projectId') ?? '');
  if (!project) throw invalidProject();
  return sendFramePage(response, state.frameDir, FRAME_PAGES.get(path) ?? 'index', project, method === 'HEAD');
}

async function route(state: ServiceState, request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', state.serviceOrigin);
  const path = url.pathname;
  const method = request.method ?? 'GET';

  if (path === '/frame' || FRAME_PAGES.has(path) || path.startsWith('/frame/assets/')) return framePage(state, response, url, method);

  const projectRoute = /^\/api\/projects\/([^/]+)$/.exec(path);
  if (projectRoute) return projectInfo(state, response, method, projectRoute[1] as string);

  // Social sign-in's popup pages and the provider's redirect back: top-level navigations, not frame calls.
  const callback = /^\/api\/auth\/callback\/[^/]+$/.test(path);
  const { socials } = state;
  if (socials.providers.length > 0 && (path.startsWith('/social/') || callback)) {
    const body = method === 'POST' ? await readBody(request, MAX_BODY_BYTES) : Buffer.alloc(0);
    await state.ready.catch(() => {
      throw new ServiceError(503, 'unavailable', 'The wallet service is starting or its database is unreachable');
    });
    return callback ? socials.handleCallback(request, response, url, body) : socials.handlePage(request, response, url, body);
  }

  if (path.startsWith('/api/')) return api(state, request, response, url, method);
  throw new ServiceError(404, 'not_found', 'Not found');
}

/** The state of a service but its sign-in flows: config resolved, database opening, better-auth starting, migrating. */
function startCore(config: EmbeddedWalletServiceConfig): ServiceCore {
  const { origin: serviceOrigin, expiresIn } = checkConfig(config);
  const now = config.now ?? Date.now;
  const farcasterConfig = resolveFarcasterConfig(config.farcaster, serviceOrigin);
  const projects = resolveProjects(config.projects);
  const socialProviders = resolveSocials(config.socials);
  const frameDir = frameDirPath(config.frameDir);
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...config.rateLimits };
  const mailer = createOtpMailer(config.smtp, config.appName ?? 'wallet');
  const opening = openDatabase(config.database, config.dataDir);
  const limiter = opening.then(({ db, exclusive }) => createRateLimiter({ db, exclusive, now, keepMs: longestWindow(limits) }));
  const trustedHops = config.trustProxy === true ? 1 : config.trustProxy || 0;
  if (!Number.isInteger(trustedHops) || trustedHops < 0)
    throw invalidOption('embedded wallet service: `trustProxy` must be true, false or the number of proxies in front');
  const scopes = opening.then(({ db }) => createSessionScopes(db, now));
  const mailFailures = new Map<string, unknown>();
  const authOptions = { serviceOrigin, secret: config.secret, opening, socialProviders, expiresIn, mailer, mailFailures };
  const auth = startServiceAuth(authOptions, false);
  const ready = migrateServiceDatabase(opening, auth);
  // Failures surface through `ready` (and as 503 to requests), never as unhandled rejections.
  for (const promise of [opening, auth, ready, scopes, limiter]) promise.catch(() => undefined);
  return {
    serviceOrigin,
    now,
    farcasterConfig,
    authOptions,
    projects,
    frameDir,
    limits,
    opening,
    scopes,
    auth,
    ready,
    take: async (...checks) => (await limiter).take(checks),
    clientIp: (request) => clientAddress(request, trustedHops),
    bindSession: async (sessionId, scope) => (await scopes).bind(sessionId, scope),
  };
}

/**
 * The reference embedded wallet service: better-auth e-mail OTP sign-in (bearer sessions), the wallet record
 * and its auth share, the frame app's files, origin allowlists per project and rate limits (PROTOCOL.md).
 */
export function createEmbeddedWalletService(config: EmbeddedWalletServiceConfig): EmbeddedWalletService {
  const core = startCore(config);
  const state: ServiceState = { ...core, ...createSignIns(core) };
  const { ready, opening } = state;
  const { mailer } = state.authOptions;

  return {
    handle(request, response) {
      route(state, request, response).catch((error: unknown) => {
        if (response.headersSent) return void response.destroy();
        if (error instanceof ServiceError) {
          if (error.status === 413) response.setHeader('Connection', 'close');
          return sendError(response, error);
        }
        console.error('[embedded wallet service]', error);
        sendError(response, new ServiceError(500, 'internal_error', SOMETHING_WENT_WRONG_MESSAGE));
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
