import {
  invalidOption,
  LatchError,
  type AccountType,
  type CaipNetwork,
  type ChainNamespace,
  type ConnectorContext,
  EMBEDDED_WALLET_LOAD_FAILED_ALERT,
  EMBEDDED_WALLET_TIMEOUT_ALERT,
  INVALID_APP_CONFIGURATION_ALERT,
  INVALID_PROJECT_ID_ALERT,
  type PluginContext,
  type PluginFeedback,
  SESSION_EXPIRED_ALERT,
  type SessionNamespace,
  type SessionRequest,
  type SharedSession,
} from '@latch/kernel';
import { createEip155Provider, type EmbeddedEip155Provider, type SmartAccountSupport } from './eip155Provider.js';
import { ProviderRpcError } from './errors.js';
import { createFrameClient, FrameError, type FrameClient, LOAD_FAILED } from './frameClient.js';
import type { EmbeddedSettings, EmbeddedWalletPlugin } from './types.js';
import { PROVIDER_NAMES, SESSION_EXPIRED, SOCIAL_INIT_ERROR } from './protocol/constants.js';
import { type ApprovalKind, type EmbeddedUser, OAUTH_PROVIDERS, type OAuthProvider, type SignInAction } from './protocol/schemas.js';
import { createSolanaWallet, type EmbeddedSolanaWallet } from './solanaWallet.js';

/*
 * The embedded wallet's state on the host page: the §4 origin check, the frame, the e-mail/OTP steps the
 * views drive, the requests waiting for the visitor's approval (shown by the frame's own approval page, §2
 * ApproveTransaction) and the providers handed to the adapters.
 */

/** §8 alert titles the views show. */
export const INVALID_APP_CONFIGURATION = 'Invalid App Configuration';
export const INVALID_PROJECT_ID = 'Invalid Project ID';
/** §9: an e-mail may be sent again after this long. */
export const RESEND_COOLDOWN_MS = 30_000;
const SDK_VERSION = 'latch-embedded-1';
/** §9: signing out waits at most this long for the frame; the page forgets the session either way. */
export const DISCONNECT_WAIT_MS = 3_000;
/** §6: a request the wallet does not answer opens the modal, and this long after, the visitor reads `ACTION_NOT_ALLOWED`. */
export const NOT_ALLOWED_DELAY_MS = 300;
export const ACTION_NOT_ALLOWED = 'Action not allowed';

/** A step failure a view shows: `alert` is a §8 alert title when the failure has one. */
export class EmbeddedError extends LatchError {
  override readonly name: string = 'EmbeddedError';
  readonly alert?: string;
  readonly retryAfter?: number;
  constructor(message: string, options: { alert?: string; code?: string | number; retryAfter?: number } = {}) {
    super(message, { category: 'CONNECTOR_ERROR', ...(options.code === undefined ? {} : { code: options.code }) });
    this.alert = options.alert;
    this.retryAfter = options.retryAfter;
  }
}

/*
 * What the views do with a failure lives here rather than in their shared helpers (viewSupport.tsx): the views load
 * this module anyway. Imported by the helper chunk, the kernel's alert catalogue stayed out of the page's entry chunk
 * (a first-load chunk of its own, +0.1 kB gzip for an app with the embedded wallet), and the protocol's constants
 * became a chunk of their own, whose name the page's preload map carries.
 */
const ALERTS = [
  INVALID_APP_CONFIGURATION_ALERT,
  EMBEDDED_WALLET_LOAD_FAILED_ALERT,
  EMBEDDED_WALLET_TIMEOUT_ALERT,
  INVALID_PROJECT_ID_ALERT,
  SESSION_EXPIRED_ALERT,
];

/** Shows the §8 alert (once, as the modal does) of a failure that has one. */
export function alertFor(feedback: PluginFeedback, error: EmbeddedError): void {
  const alert = error.alert && ALERTS.find((a) => a.title === error.alert);
  if (alert) feedback.showAlert({ id: alert.id, title: alert.title, description: alert.description });
}

/** §8 a sign-in could not start: tell the visitor, end the half-made embedded session and go back to Connect. */
export function initFailed({ router, feedback }: Pick<PluginContext, 'router' | 'feedback'>, plugin: EmbeddedWalletPlugin): void {
  void feedback.showSnack(SOCIAL_INIT_ERROR, 'error');
  void plugin.disconnect().catch(() => undefined);
  router.reset('Connect');
}

/** The dialog's title for each kind of request waiting for the visitor. */
export const APPROVAL_TITLES = {
  message: 'Sign Message',
  typedData: 'Sign Message',
  transaction: 'Approve Transaction',
  solanaTransaction: 'Approve Transaction',
} as const;

/**
 * The modal's look, for the wallet's visible pages (query parameters, each checked by the page): its mode, and its
 * `--latch-accent`, `--latch-border-radius-master`, `--latch-font-family` and `--latch-font-size-master`.
 */
export interface FrameTheme {
  theme?: 'dark' | 'light';
  accent?: string;
  radius?: string;
  font?: string;
  size?: string;
}

/**
 * A request waiting for the visitor: the host knows only its id and kind; what it is, and the Approve button, are
 * on the frame's approval page (`approvalUrl`), which the ApproveTransaction view shows.
 */
export interface Approval {
  readonly requestId: string;
  readonly kind: ApprovalKind;
}

export type ControllerState = {
  email?: string;
  user?: EmbeddedUser;
  /** When the last code was sent (ms epoch), for the resend cooldown. */
  sentAt?: number;
  approval?: Approval;
};

/** The project's public settings (`GET /api/projects/:id`): the §4 origin allowlist and the sign-in methods. */
export interface ProjectConfig {
  allowedOrigins: string[];
  /** The configured social providers, in §9 order. */
  socials: OAuthProvider[];
  farcaster: boolean;
}

type SignedIn = SignInAction['action'];

export interface EmbeddedController {
  readonly settings: EmbeddedSettings;
  readonly state: ControllerState;
  subscribe(listener: (state: ControllerState) => void): () => void;
  /** §4 origin check, the frame, `email:connect`. */
  startEmail(email: string): Promise<void>;
  resend(): Promise<void>;
  verifyOtp(otp: string): Promise<SignedIn>;
  /** Fetched once per page (when the Connect view first shows the section), then reused. */
  projectConfig(): Promise<ProjectConfig>;
  /** `social:start`: `returnTo` for the redirect fallback (the page itself goes to the provider). */
  startSocial(provider: OAuthProvider, options?: { returnTo?: string }): Promise<{ intentId: string; url: string }>;
  /** Visitor-paced (no request timeout): the same outcome as a code. `code`: a redirect sign-in's browser code. */
  waitSocial(intentId: string, code?: string): Promise<SignedIn>;
  cancelSocial(intentId: string): Promise<void>;
  startFarcaster(): Promise<{ channelId: string; url: string; expiresAt: string }>;
  waitFarcaster(channelId: string): Promise<SignedIn>;
  cancelFarcaster(channelId: string): Promise<void>;
  createWallet(): Promise<void>;
  recoverWallet(): Promise<void>;
  recoveryUrl(theme?: FrameTheme): string;
  /** The frame's approval page for one request, on the service's origin. */
  approvalUrl(requestId: string, theme?: FrameTheme): string;
  /** The frame's sign-in methods page (add or remove ways of signing in), on the service's origin. */
  loginsUrl(theme?: FrameTheme): string;
  /** The visitor left the approval view: the request fails with 4001 and nothing is signed. */
  cancelApproval(requestId: string): void;
  /** The kernel's connect: the session of the signed-in visitor. */
  session(request: SessionRequest): Promise<SharedSession>;
  restore(request: SessionRequest): Promise<SharedSession | null>;
  signOut(): Promise<void>;
  /** Switches the eip155 account between the key and its smart account; the choice is kept for the next session. */
  setPreferredAccountType(namespace: ChainNamespace, type: AccountType): Promise<SessionNamespace>;
  teardown(): void;
}

/** §5: a valid e-mail address. */
export function isValidEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@"(),:;<>[\]\\]+@[^\s@"(),:;<>[\]\\]+\.[^\s@"(),:;<>[\]\\]{2,}$/.test(value);
}

/** The §8 reading of a frame failure. */
export function toEmbeddedError(error: unknown): EmbeddedError {
  if (error instanceof EmbeddedError) return error;
  if (error instanceof FrameError) {
    if (error.code === 'iframe_load_failed') return new EmbeddedError(LOAD_FAILED, { alert: LOAD_FAILED, code: error.code });
    if (error.code === 'iframe_request_timeout') return new EmbeddedError(error.message, { alert: error.message, code: error.code });
    if (error.code === 'origin_not_allowed')
      return new EmbeddedError(error.message, { alert: INVALID_APP_CONFIGURATION, code: error.code });
    return new EmbeddedError(error.message, { code: error.code, retryAfter: error.retryAfter });
  }
  return new EmbeddedError(error instanceof Error && error.message ? error.message : 'An error occurred');
}

/**
 * The smart-account options, checked when the wallet first loads (not in the entry, which every page loads): what is
 * wrong with them, or undefined.
 */
export function smartAccountProblem(o: Pick<EmbeddedSettings, 'smartAccount' | 'defaultAccountType'>): string | undefined {
  if (o.defaultAccountType !== undefined && o.defaultAccountType !== 'smartAccount' && o.defaultAccountType !== 'eoa')
    return "defaultAccountType must be 'smartAccount' or 'eoa'";
  if (o.smartAccount === undefined) return undefined;
  if (!o.smartAccount.bundlerUrls || Object.keys(o.smartAccount.bundlerUrls).length === 0)
    return 'smartAccount.bundlerUrls must name a bundler for at least one chain id';
  const urls = [...Object.entries(o.smartAccount.bundlerUrls), ...Object.entries(o.smartAccount.paymasterUrls ?? {})];
  const bad = urls.find(([id, url]) => !/^\d+$/.test(id) || !/^https?:\/\//.test(String(url)));
  if (bad) return `smartAccount URLs are keyed by chain id and must be http(s) URLs (got ${bad[0]}: '${String(bad[1])}')`;
  if (o.smartAccount.factory !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(o.smartAccount.factory))
    return 'smartAccount.factory must be an address';
  return undefined;
}

interface Eip155Session {
  networks: readonly CaipNetwork[];
  walletInfo: SessionNamespace['walletInfo'];
  /** The chains the frame listed for the smart account. */
  enabled: readonly number[];
}

/** One controller's state: the settings, what the views read (`state`), the frame once open, the live providers. */
interface Host {
  readonly settings: EmbeddedSettings;
  readonly getContext: () => ConnectorContext | undefined;
  state: ControllerState;
  readonly listeners: Set<(state: ControllerState) => void>;
  frame?: Promise<FrameClient>;
  offEvents?: () => void;
  providers: { eip155?: EmbeddedEip155Provider; solana?: EmbeddedSolanaWallet };
  /** Requests the frame said wait for the visitor, oldest first; the view shows the first. */
  readonly queue: Approval[];
  project?: Promise<ProjectConfig>;
  notAllowedTimer?: ReturnType<typeof setTimeout>;
  lastEip155?: Eip155Session;
}

function set(host: Host, next: Partial<ControllerState>) {
  host.state = { ...host.state, ...next };
  for (const listener of host.listeners) listener(host.state);
}

const networksOf = (host: Host, ns: ChainNamespace): readonly CaipNetwork[] => host.getContext()?.networks(ns) ?? [];

function projectConfig(host: Host): Promise<ProjectConfig> {
  const project = (host.project ??= fetchProject(host.settings));
  project.catch(() => {
    host.project = undefined;
  });
  return project;
}

async function checkOrigin(host: Host): Promise<void> {
  if (!(await projectConfig(host)).allowedOrigins.includes(location.origin)) {
    throw new EmbeddedError('Unauthorized: origin not allowed', { alert: INVALID_APP_CONFIGURATION, code: 'origin_not_allowed' });
  }
}

async function fetchProject(settings: EmbeddedSettings): Promise<ProjectConfig> {
  let response: Response;
  try {
    response = await fetch(`${settings.serviceUrl}/api/projects/${encodeURIComponent(settings.projectId)}`, {
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  } catch {
    throw new EmbeddedError(LOAD_FAILED, { alert: LOAD_FAILED });
  }
  if (response.status === 404) throw new EmbeddedError(INVALID_PROJECT_ID, { alert: INVALID_PROJECT_ID, code: 'invalid_project' });
  if (!response.ok) throw new EmbeddedError(LOAD_FAILED, { alert: LOAD_FAILED });
  const body = (await response.json().catch(() => undefined)) as
    | { allowedOrigins?: unknown; socials?: unknown; farcaster?: unknown }
    | undefined;
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
  const socials = list(body?.socials);
  return {
    allowedOrigins: list(body?.allowedOrigins),
    socials: OAUTH_PROVIDERS.filter((p) => socials.includes(p)),
    farcaster: body?.farcaster === true,
  };
}

/** A finished sign-in (code, social, Farcaster): connected at once, or the recovery step next. */
function signedIn(host: Host, reply: { action: 'CONNECT'; user: EmbeddedUser } | { action: 'CREATE' | 'RECOVER' }): SignedIn {
  if (reply.action === 'CONNECT') walletReady(host, reply);
  return reply.action;
}

/** The frame's events: the session ended, a request waits for the visitor, or one of those was settled. */
function onFrameEvent(host: Host, event: Parameters<Parameters<FrameClient['onEvent']>[0]>[0]) {
  const { queue } = host;
  if (event.type === 'session:expired') void expired(host);
  else if (event.type === 'approval:required') {
    queue.push(event.payload);
    if (queue.length === 1) nextApproval(host);
  } else if (event.type === 'approval:settled') {
    const index = queue.findIndex((entry) => entry.requestId === event.payload.requestId);
    if (index < 0) return;
    queue.splice(index, 1);
    if (index === 0) nextApproval(host);
  }
}

function openFrame(host: Host): Promise<FrameClient> {
  const { settings } = host;
  const frame = (host.frame ??= (async () => {
    await checkOrigin(host);
    const eip155 = networksOf(host, 'eip155')[0];
    const client = await createFrameClient({
      serviceUrl: settings.serviceUrl,
      projectId: settings.projectId,
      chainId: eip155?.caipNetworkId ?? 'eip155:1',
      sdkVersion: SDK_VERSION,
      loadTimeoutMs: settings.loadTimeoutMs,
      requestTimeoutMs: settings.requestTimeoutMs,
    });
    host.offEvents = client.onEvent((event) => onFrameEvent(host, event));
    return client;
  })());
  frame.catch(() => {
    host.frame = undefined;
  });
  return frame;
}

async function call<T>(host: Host, run: (client: FrameClient) => Promise<T>): Promise<T> {
  try {
    return await run(await openFrame(host));
  } catch (error) {
    throw toEmbeddedError(error);
  }
}

/** The session ended on the frame's side: forget it, tell the kernel, and the visitor why (§8 Session Expired). */
async function expired(host: Host) {
  forget(host);
  const context = host.getContext();
  context?.emit({ type: 'disconnected' });
  await context?.notify?.({ open: true, alert: { ...SESSION_EXPIRED_ALERT, description: SESSION_EXPIRED } });
}

/** §6: the modal opens at once (the caller already has its 4200), and 300 ms later says the action is not allowed. */
function refused(host: Host) {
  void host.getContext()?.notify?.({ open: true });
  clearTimeout(host.notAllowedTimer);
  host.notAllowedTimer = setTimeout(() => void host.getContext()?.notify?.({ snack: ACTION_NOT_ALLOWED }), NOT_ALLOWED_DELAY_MS);
}

function forget(host: Host) {
  host.getContext()?.storage.remove('login');
  host.providers.eip155?.end();
  host.providers.solana?.end();
  host.providers = {};
  set(host, { user: undefined, email: undefined, sentAt: undefined });
}

/**
 * The chains the smart account is offered on, as the frame keeps them (the ones the integrator gave a bundler); a
 * failed fetch is an empty list, so the session uses the key everywhere. Undefined: no smart account configured.
 */
async function smartNetworks(host: Host): Promise<readonly number[] | undefined> {
  const { smartAccount } = host.settings;
  if (!smartAccount) return undefined;
  const offered = Object.keys(smartAccount.bundlerUrls).map(Number);
  try {
    return (await call(host, (client) => client.request('account:networks', { offered }))).smartAccountEnabledNetworks;
  } catch {
    return [];
  }
}

function buildSession(host: Host, user: EmbeddedUser, request: SessionRequest, enabled: readonly number[] | undefined): SharedSession {
  host.providers.eip155?.end();
  host.providers.solana?.end();
  const parts: Partial<Record<ChainNamespace, SessionNamespace>> = {};
  const deps = {
    // A key-using request waits for the visitor in the frame's approval page: no timeout but theirs.
    rpc: (method: string, params: unknown, namespace: 'eip155' | 'solana', chainId: string | number) =>
      call(host, (client) => client.request('rpc:request', { namespace, chainId, method, params }, { timeoutMs: 0 })).then(
        (reply) => reply.result,
      ),
    refused: () => refused(host),
    networks: (ns: ChainNamespace) => networksOf(host, ns),
  };
  const providers: Host['providers'] = {};
  host.providers = providers;
  // §3 connectedWalletInfo: how the visitor signed in, when not by e-mail (the connector's own name then).
  const social = user.social?.provider;
  const walletInfo = social ? { name: PROVIDER_NAMES[social], social } : undefined;
  if (request.namespaces.eip155) {
    const support = smartSupport(host, user, enabled);
    providers.eip155 = createEip155Provider(user.addresses.eip155, request.namespaces.eip155, deps, support);
    host.lastEip155 = { networks: request.namespaces.eip155, walletInfo, enabled: enabled ?? [] };
    parts.eip155 = eip155Part(host.settings, providers.eip155, host.lastEip155);
  }
  if (request.namespaces.solana) {
    providers.solana = createSolanaWallet(user.addresses.solana, request.namespaces.solana, deps, host.settings.name);
    parts.solana = { provider: providers.solana, walletInfo };
  }
  return { namespaces: parts };
}

/**
 * The smart-account set-up a session starts with: the visitor's choice the frame kept, else the integrator's default;
 * bundlers only on the chains the frame lists.
 */
function smartSupport(host: Host, user: EmbeddedUser, enabled: readonly number[] | undefined): SmartAccountSupport | undefined {
  const { settings } = host;
  if (!settings.smartAccount) return undefined;
  const active = user.preferredAccountType ?? settings.defaultAccountType ?? 'smartAccount';
  const bundlerUrls = Object.fromEntries(Object.entries(settings.smartAccount.bundlerUrls).filter(([id]) => enabled?.includes(Number(id))));
  return { ...settings.smartAccount, bundlerUrls, active, sessions: host.getContext()?.features?.smartSessions === true };
}

function eip155Part(settings: EmbeddedSettings, provider: EmbeddedEip155Provider, session: Eip155Session): SessionNamespace {
  if (!settings.smartAccount) return { provider, walletInfo: session.walletInfo };
  return {
    provider,
    walletInfo: session.walletInfo,
    accountTypes: { active: provider.accountType(), available: ['eoa', 'smartAccount'] },
    smartAccountNetworks: session.networks.map((n) => Number(n.id)).filter((id) => session.enabled.includes(id)),
  };
}

function nextApproval(host: Host) {
  const next = host.queue[0];
  set(host, { approval: next });
  if (next)
    void host.getContext()?.openView?.('ApproveTransaction', {
      pluginId: host.settings.id,
      approval: next.requestId,
      title: APPROVAL_TITLES[next.kind],
    });
}

function pageUrl({ settings }: Host, page: string, query: Record<string, string | undefined>) {
  const url = new URL(`${settings.serviceUrl}/frame/${page}`);
  url.searchParams.set('projectId', settings.projectId);
  for (const [key, value] of Object.entries(query)) if (value) url.searchParams.set(key, value);
  return url.href;
}

async function resend(host: Host) {
  const { state } = host;
  if (!state.email) throw new EmbeddedError('Enter your e-mail address again');
  const left = Math.ceil(((state.sentAt ?? 0) + RESEND_COOLDOWN_MS - Date.now()) / 1000);
  if (left > 0) throw new EmbeddedError(`Please try again after ${left} seconds`, { code: 'rate_limited', retryAfter: left });
  await call(host, (client) => client.request('email:connect', { email: state.email as string }));
  set(host, { sentAt: Date.now() });
}

/** Signed in to an existing wallet, or the wallet created or recovered: the visitor is connected. */
function walletReady(host: Host, reply: { user: EmbeddedUser }) {
  host.getContext()?.storage.set('login', true);
  set(host, { user: reply.user });
}

async function restore(host: Host, request: SessionRequest): Promise<SharedSession | null> {
  try {
    const reply = await call(host, (client) => client.request('session:restore', {}));
    set(host, { user: reply.user, email: reply.user.email });
    return buildSession(host, reply.user, request, await smartNetworks(host));
  } catch (error) {
    // No session, or one the service ended (the frame's session:expired event tells the visitor): not connected.
    if (error instanceof EmbeddedError && (error.code === 'not_connected' || error.code === 'session_expired')) {
      host.getContext()?.storage.remove('login');
      return null;
    }
    throw error;
  }
}

// Also the plugin's (set when the wallet loads: a session offering account types exists only from then on).
async function setPreferredAccountType(host: Host, namespace: ChainNamespace, type: AccountType): Promise<SessionNamespace> {
  const provider = host.providers.eip155;
  const { lastEip155 } = host;
  if (namespace !== 'eip155' || !provider || !lastEip155) throw new ProviderRpcError(4100, 'No eip155 session to switch');
  if (type !== 'eoa' && type !== 'smartAccount') throw new ProviderRpcError(-32602, `The embedded wallet has no ${String(type)} account`);
  // The auth connector is asked first: the frame keeps the choice on the service's origin (§3, §4).
  try {
    await call(host, (client) => client.request('account:preferred', { type: type as 'eoa' | 'smartAccount' }));
  } catch (error) {
    // §8: a preferred-account set that failed falls back to the key.
    await provider.setAccountType('eoa');
    if (type !== 'eoa') throw error;
  }
  await provider.setAccountType(type as 'eoa' | 'smartAccount');
  if (host.state.user) set(host, { user: { ...host.state.user, preferredAccountType: type as 'eoa' | 'smartAccount' } });
  return eip155Part(host.settings, provider, lastEip155);
}

async function signOut(host: Host) {
  const current = host.frame;
  forget(host);
  host.queue.length = 0;
  set(host, { approval: undefined });
  if (!current) return;
  const client = await current.catch(() => undefined);
  if (!client) return;
  await Promise.race([client.request('signout', {}).catch(() => undefined), new Promise((r) => setTimeout(r, DISCONNECT_WAIT_MS))]);
}

function teardown(host: Host) {
  clearTimeout(host.notAllowedTimer);
  host.offEvents?.();
  void host.frame?.then((client) => client.destroy()).catch(() => undefined);
  host.frame = undefined;
  host.listeners.clear();
}

export function createController(
  settings: EmbeddedSettings,
  getContext: () => ConnectorContext | undefined,
  /** The plugin that loaded it: its `setPreferredAccountType` is set once the wallet has loaded. */
  plugin?: EmbeddedWalletPlugin,
): EmbeddedController {
  const smartProblem = smartAccountProblem(settings);
  if (smartProblem) throw invalidOption(`createEmbeddedWalletConnector: ${smartProblem}`);
  const host: Host = { settings, getContext, state: {}, listeners: new Set(), providers: {}, queue: [] };
  const request = <T>(run: (client: FrameClient) => Promise<T>) => call(host, run);

  const controller: EmbeddedController = {
    settings,
    get state() {
      return host.state;
    },
    subscribe(listener) {
      host.listeners.add(listener);
      return () => host.listeners.delete(listener);
    },
    async startEmail(email) {
      const address = email.trim();
      if (!isValidEmail(address)) throw new EmbeddedError('Enter a valid e-mail address');
      await request((client) => client.request('email:connect', { email: address }));
      set(host, { email: address, sentAt: Date.now() });
    },
    resend: () => resend(host),
    async verifyOtp(otp) {
      if (!/^\d{6}$/.test(otp)) throw new EmbeddedError('Enter the 6-digit code');
      return signedIn(host, await request((client) => client.request('email:otp', { otp })));
    },
    projectConfig: () => projectConfig(host),
    startSocial: (provider, options = {}) => request((client) => client.request('social:start', { provider, ...options })),
    async waitSocial(intentId, code) {
      const payload = code ? { intentId, code } : { intentId };
      return signedIn(host, await request((client) => client.request('social:wait', payload, { timeoutMs: 0 })));
    },
    async cancelSocial(intentId) {
      await request((client) => client.request('social:cancel', { intentId }));
    },
    startFarcaster: () => request((client) => client.request('farcaster:start', {})),
    async waitFarcaster(channelId) {
      return signedIn(host, await request((client) => client.request('farcaster:wait', { channelId }, { timeoutMs: 0 })));
    },
    async cancelFarcaster(channelId) {
      await request((client) => client.request('farcaster:cancel', { channelId }));
    },
    async createWallet() {
      walletReady(host, await request((client) => client.request('wallet:create', {}, { timeoutMs: 0 })));
    },
    async recoverWallet() {
      // The visitor types the secret in the recovery frame: no timeout but theirs.
      walletReady(host, await request((client) => client.request('wallet:recover:ready', {}, { timeoutMs: 0 })));
    },
    recoveryUrl: (theme) => pageUrl(host, 'recovery', { ...theme }),
    approvalUrl: (requestId, theme) => pageUrl(host, 'approve', { request: requestId, ...theme }),
    loginsUrl: (theme) => pageUrl(host, 'logins', { ...theme }),
    cancelApproval(requestId) {
      void host.frame?.then((client) => client.request('approval:cancel', { requestId })).catch(() => undefined);
    },
    async session(sessionRequest) {
      const user = host.state.user;
      if (!user) throw new EmbeddedError('Sign in with your e-mail address first');
      return buildSession(host, user, sessionRequest, await smartNetworks(host));
    },
    restore: (sessionRequest) => restore(host, sessionRequest),
    setPreferredAccountType: (namespace, type) => setPreferredAccountType(host, namespace, type),
    signOut: () => signOut(host),
    teardown: () => teardown(host),
  };
  if (plugin) plugin.setPreferredAccountType = (namespace, type) => controller.setPreferredAccountType(namespace, type);
  return controller;
}
