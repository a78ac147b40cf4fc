import { pleaseTryAgainAfter, invalidOption } from '@latch/kernel';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createAppClient, generateNonce, viemConnector } from '@farcaster/auth-client';
import * as v from 'valibot';
import { ServiceError, parseJson, sendJson } from './http.js';
import { createBearerSession } from './bearerSession.js';
import type { FarcasterRequest, FarcasterRequests } from './farcasterRequests.js';
import { type AuthInternals, farcasterUserId } from './farcasterUser.js';
import { parseBody } from './parseBody.js';
import type { SessionScope } from './sessionScopes.js';
import { secretMatches } from './socialIntents.js';

export interface FarcasterConfig {
  /** The auth relay: the public 'https://relay.farcaster.xyz' or a self-hosted farcasterxyz auth-relay. */
  relayUrl: string;
  /** An OP mainnet JSON-RPC URL: the Id Registry (and Key Registry) there say which address owns a fid. */
  rpcUrl: string;
  /** The SIWE domain the message must name. Default: the host (and port) of `publicUrl`. */
  domain?: string;
  /** The SIWE URI the message must name. Default: the origin of `publicUrl`. */
  siweUri?: string;
}

/** How long a Farcaster request stays open (also the signed message's expirationTime). */
export const FARCASTER_REQUEST_TTL_MS = 5 * 60_000;

export const FARCASTER_EXPIRED = 'The Farcaster request expired';
export const FARCASTER_INVALID = 'The Farcaster signature could not be verified';

const expired = () => new ServiceError(410, 'farcaster_expired', FARCASTER_EXPIRED);
const invalid = () => new ServiceError(400, 'farcaster_invalid', FARCASTER_INVALID);
const relayDown = (detail: string) =>
  new ServiceError(502, 'farcaster_relay_unavailable', `The Farcaster relay could not be reached: try again in a moment (${detail})`);

/** A link the visitor's device opens: https, or http on this machine only (a development relay). */
export function isSafeConnectUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname));
  } catch {
    return false;
  }
}

// The relay's answers are untrusted input: its connect URL becomes a QR code and a link on the host page.
const Created = v.object({
  channelToken: v.pipe(v.string(), v.minLength(1)),
  url: v.pipe(v.string(), v.maxLength(2048), v.check(isSafeConnectUrl, 'not an https URL')),
  nonce: v.string(),
});
const ChannelBody = v.object({
  challenge: v.pipe(v.string('challenge is required'), v.regex(/^[A-Za-z0-9_-]{43}$/, 'challenge must be base64url(sha256(verifier))')),
});
const ClaimBody = v.object({
  verifier: v.pipe(v.string('verifier is required'), v.regex(/^[A-Za-z0-9._~-]{43,128}$/, 'verifier must be 43-128 URL-safe characters')),
});
const Completed = v.object({
  state: v.literal('completed'),
  message: v.pipe(v.string(), v.maxLength(4096)),
  signature: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]+$/)),
  username: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,15}(\.eth)?$/))),
  pfpUrl: v.optional(v.pipe(v.string(), v.url(), v.maxLength(1024))),
});

export interface FarcasterCaller {
  projectId: string;
  hostOrigin: string;
  ip: string;
}

/** Checks `config.farcaster` (throws an INVALID_OPTION LatchError naming the field) and fills in the defaults. */
export function resolveFarcasterConfig(config: FarcasterConfig | undefined, publicUrl: string): Required<FarcasterConfig> | undefined {
  if (config === undefined) return undefined;
  const url = (field: 'relayUrl' | 'rpcUrl' | 'siweUri', value: unknown) => {
    try {
      const parsed = new URL(String(value));
      // The relay's links reach the visitor: https only (plain http on this machine, for development).
      const ok = field === 'relayUrl' ? isSafeConnectUrl(parsed.href) : parsed.protocol === 'http:' || parsed.protocol === 'https:';
      if (ok) return String(value).replace(/\/+$/, '');
    } catch {
      // reported below
    }
    const wanted = field === 'relayUrl' ? 'an https URL (http only on 127.0.0.1 or localhost)' : 'an http(s) URL';
    throw invalidOption(`embedded wallet service: \`farcaster.${field}\` must be ${wanted} (got '${String(value)}')`);
  };
  const domain = config.domain ?? new URL(publicUrl).host;
  if (!/^[a-zA-Z0-9.-]+(:[0-9]+)?$/.test(domain))
    throw invalidOption(`embedded wallet service: \`farcaster.domain\` must be a host like wallet.example.com (got '${domain}')`);
  return {
    relayUrl: url('relayUrl', config.relayUrl),
    rpcUrl: url('rpcUrl', config.rpcUrl),
    domain,
    siweUri: config.siweUri === undefined ? new URL(publicUrl).origin : url('siweUri', config.siweUri),
  };
}

/** True when `error` (or one of its causes) is a failed HTTP request, not a verdict on the signature. */
function isNetworkError(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 8; cause = cause.cause, depth++)
    if (/HttpRequestError|TimeoutError|fetch failed|ECONNREFUSED/.test(`${cause.name} ${cause.message}`)) return true;
  return false;
}

interface FarcasterSignInOptions {
  config: Required<FarcasterConfig>;
  context: () => Promise<AuthInternals>;
  requests: () => Promise<FarcasterRequests>;
  now: () => number;
  takeChannelSlot: (ip: string) => Promise<{ ok: true } | { ok: false; retryAfter: number }>;
  /** Ties a new session to the project and host page it is for. */
  bindSession(sessionId: string, scope: SessionScope): Promise<void>;
}

/** The options and the relay client the routes below work with. */
interface FarcasterState extends FarcasterSignInOptions {
  client: ReturnType<typeof createAppClient>;
}

/** The request named by a frame call, if that frame opened it (its verifier) for this project and host page. */
async function find(state: FarcasterState, id: string, body: Buffer, caller: FarcasterCaller): Promise<FarcasterRequest> {
  const request = await (await state.requests()).get(id);
  if (!request || request.projectId !== caller.projectId || request.hostOrigin !== caller.hostOrigin)
    throw new ServiceError(404, 'not_found', 'Unknown Farcaster request');
  const { verifier } = parseBody(ClaimBody, parseJson(body));
  if (!secretMatches(request.challenge, verifier))
    throw new ServiceError(403, 'invalid_verifier', 'The verifier does not match this request');
  return request;
}

async function open(state: FarcasterState, response: ServerResponse, body: Buffer, caller: FarcasterCaller) {
  const { config, client } = state;
  const { challenge } = parseBody(ChannelBody, parseJson(body));
  const slot = await state.takeChannelSlot(caller.ip);
  if (!slot.ok) throw new ServiceError(429, 'rate_limited', pleaseTryAgainAfter(slot.retryAfter), { retryAfter: slot.retryAfter });
  const channelId = randomBytes(16).toString('base64url');
  const nonce = generateNonce();
  const expiresAt = state.now() + FARCASTER_REQUEST_TTL_MS;
  const created = await client.createChannel({
    siweUri: config.siweUri,
    domain: config.domain,
    nonce,
    expirationTime: new Date(expiresAt).toISOString(),
    requestId: channelId,
  });
  if (created.isError) throw relayDown(created.error?.message ?? 'no answer');
  const status = created.response.status;
  const answer = v.safeParse(Created, created.data);
  if (status !== 201 || !answer.success) {
    const said = (created.data as { error?: unknown; message?: unknown } | undefined) ?? {};
    throw new ServiceError(
      502,
      'farcaster_relay_error',
      `The Farcaster relay refused the request (HTTP ${status}: ${String(said.message ?? said.error ?? 'unexpected answer')})`,
    );
  }
  if (answer.output.nonce !== nonce) throw new ServiceError(502, 'farcaster_relay_error', 'The Farcaster relay changed the nonce');
  await (await state.requests()).create({
    channelId,
    channelToken: answer.output.channelToken,
    nonce,
    challenge,
    projectId: caller.projectId,
    hostOrigin: caller.hostOrigin,
    expiresAt,
  });
  sendJson(response, 201, { channelId, url: answer.output.url, expiresAt: new Date(expiresAt).toISOString() });
}

/** The relay's completed answer (kept in the request as soon as it is read), or undefined while it is pending. */
async function relayAnswer(
  state: FarcasterState,
  request: FarcasterRequest,
  lease: string,
): Promise<v.InferOutput<typeof Completed> | undefined> {
  let answer: unknown;
  if (request.answer !== undefined) answer = JSON.parse(request.answer);
  else {
    const status = await state.client.status({ channelToken: request.channelToken });
    if (status.isError) throw relayDown(status.error?.message ?? 'no answer');
    if (status.response.status === 202) return undefined;
    // The relay forgets a channel after its TTL (and after reporting it completed once).
    if (status.response.status === 401) throw expired();
    if (status.response.status !== 200)
      throw new ServiceError(502, 'farcaster_relay_error', `The Farcaster relay answered HTTP ${status.response.status}`);
    answer = status.data;
  }
  const completed = v.safeParse(Completed, answer);
  if (!completed.success) throw invalid();
  if (request.answer === undefined) await (await state.requests()).keepAnswer(request.channelId, lease, JSON.stringify(completed.output));
  return completed.output;
}

/** The fid's user once the relay's answer is checked (undefined while the visitor has not approved yet). */
async function verify(state: FarcasterState, request: FarcasterRequest, lease: string) {
  const { config } = state;
  const answer = await relayAnswer(state, request, lease);
  if (!answer) return undefined;
  const { message, signature, username, pfpUrl } = answer;
  const verified = await state.client.verifySignInMessage({
    nonce: request.nonce,
    domain: config.domain,
    message,
    signature: signature as `0x${string}`,
    acceptAuthAddress: true,
  });
  if (verified.isError) {
    if (isNetworkError(verified.error))
      throw new ServiceError(502, 'farcaster_rpc_unavailable', 'The OP mainnet RPC could not be reached to check the Farcaster account');
    throw invalid();
  }
  // auth-client checks domain and nonce; the URI and request id tie the message to this very request too.
  if (verified.data.uri !== config.siweUri || verified.data.requestId !== request.channelId) throw invalid();
  return { fid: verified.fid, username, pfpUrl };
}

const refuse = (state: FarcasterRequest['state']) => {
  if (state === 'claimed') throw new ServiceError(410, 'already_claimed', 'This Farcaster sign-in was already used');
  if (state === 'invalid') throw invalid();
};

/**
 * Checks the request's answer under a lease (one instance at a time), settling its state: the signed-in user, or
 * undefined while it is pending (or another instance holds it).
 */
async function settleClaim(state: FarcasterState, request: FarcasterRequest) {
  const store = await state.requests();
  const { channelId } = request;
  if (state.now() >= request.expiresAt) {
    await store.delete(channelId);
    throw expired();
  }
  const lease = await store.lease(channelId);
  // Another instance is checking this request right now: the frame asks again.
  if (!lease) {
    refuse((await store.get(channelId))?.state ?? 'pending');
    return undefined;
  }
  let signedIn: Awaited<ReturnType<typeof verify>>;
  try {
    signedIn = await verify(state, (await store.get(channelId)) ?? request, lease);
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'farcaster_invalid') await store.settle(channelId, lease, 'invalid');
    else if (error instanceof ServiceError && error.code === 'farcaster_expired') await store.delete(channelId);
    else await store.settle(channelId, lease, 'pending');
    throw error;
  }
  if (!signedIn) {
    await store.settle(channelId, lease, 'pending');
    return undefined;
  }
  // Claimed once: an instance whose lease ran out meanwhile loses to the one that took over.
  if (!(await store.settle(channelId, lease, 'claimed'))) return undefined;
  return signedIn;
}

async function claim(state: FarcasterState, response: ServerResponse, channelId: string, body: Buffer, caller: FarcasterCaller) {
  const request = await find(state, channelId, body, caller);
  refuse(request.state);
  const signedIn = await settleClaim(state, request);
  if (!signedIn) return sendJson(response, 202, { status: 'pending' });
  const context = await state.context();
  const userId = await farcasterUserId(context, signedIn);
  const scope = { projectId: request.projectId, hostOrigin: request.hostOrigin };
  const token = await createBearerSession(context, userId, (id) => state.bindSession(id, scope));
  const social = { provider: 'farcaster', ...(signedIn.username ? { username: signedIn.username } : {}) };
  sendJson(response, 200, { token, social }, { 'set-auth-token': token, 'Access-Control-Expose-Headers': 'set-auth-token' });
}

/**
 * Sign In With Farcaster (PROTOCOL.md §1): opens a relay channel with a nonce of the service's, polls it for the
 * frame, verifies the signed message with @farcaster/auth-client (domain, nonce, custody through the Id Registry on
 * `rpcUrl`) and hands out a bearer session for the fid's user. Requests are in the database (any instance answers
 * the next poll; 5 min).
 */
export function createFarcasterSignIn(options: FarcasterSignInOptions) {
  const { config } = options;
  const client = createAppClient({ relay: config.relayUrl, ethereum: viemConnector({ rpcUrl: config.rpcUrl }) });
  const state: FarcasterState = { ...options, client };

  return {
    /** `/api/farcaster/channels[/:id[/claim]]`, after the caller's project and host origin were checked. */
    async handle(request: IncomingMessage, response: ServerResponse, path: string, body: Buffer, caller: FarcasterCaller) {
      const method = request.method ?? 'GET';
      if (path === '/api/farcaster/channels' && method === 'POST') return open(state, response, body, caller);
      const match = /^\/api\/farcaster\/channels\/([A-Za-z0-9_-]{1,64})(\/claim)?$/.exec(path);
      if (match?.[2] && method === 'POST') return claim(state, response, match[1] as string, body, caller);
      if (match && !match[2] && method === 'DELETE') {
        await find(state, match[1] as string, body, caller);
        // Forgetting the nonce is what ends it: the real relay has no route to close a pending channel, and an
        // approval arriving later can no longer be claimed.
        await (await state.requests()).delete(match[1] as string);
        return sendJson(response, 200, {});
      }
      throw new ServiceError(404, 'not_found', 'Not found');
    },
  };
}
