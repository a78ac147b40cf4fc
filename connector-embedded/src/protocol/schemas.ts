import {
  type GenericSchema,
  type InferOutput,
  boolean,
  email,
  literal,
  maxLength,
  minLength,
  number,
  object,
  optional,
  picklist,
  pipe,
  regex,
  string,
  union,
  unknown,
  variant,
} from 'valibot';

const ID = pipe(string(), regex(/^[0-9a-f]{32}$/, 'id must be 32 lowercase hex characters'));
const TYPE = pipe(string(), minLength(1), maxLength(64));
const EVM_ADDRESS = pipe(string(), regex(/^0x[0-9a-fA-F]{40}$/, 'not an eip155 address'));
const SOLANA_ADDRESS = pipe(string(), regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'not a solana address'));
const EMPTY = optional(object({}));
/** A service-made intent or channel id (base64url). */
const FLOW_ID = pipe(string(), regex(/^[A-Za-z0-9_-]{1,64}$/, 'not an intent or channel id'));
const HTTP_URL = pipe(string(), maxLength(2048), regex(/^https?:\/\//, 'not an http(s) URL'));

/** §3/§9 social providers signed in through the service's OAuth flow (Farcaster has its own messages). */
export const OAUTH_PROVIDERS = ['google', 'x', 'discord', 'github', 'apple', 'facebook'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** Only the envelope: `{ latch: 'embedded', v: 1, id, type, payload? }` (PROTOCOL §2). */
export const EnvelopeSchema = object({
  latch: literal('embedded'),
  v: literal(1),
  id: ID,
  type: TYPE,
  payload: optional(unknown()),
});

/** The §3 embedded-wallet user. */
export const UserSchema = object({
  email: pipe(string(), maxLength(254)),
  addresses: object({ eip155: EVM_ADDRESS, solana: SOLANA_ADDRESS }),
  /** How the visitor signed in, when not by e-mail (§3 connectedWalletInfo.social). */
  social: optional(object({ provider: picklist([...OAUTH_PROVIDERS, 'farcaster']), username: optional(pipe(string(), maxLength(256))) })),
});

function request<Type extends string, Payload extends typeof EMPTY | ReturnType<typeof object>>(type: Type, payload: Payload) {
  return object({ latch: literal('embedded'), v: literal(1), id: ID, type: literal(type), payload });
}

/** Every host → frame request type, in the PROTOCOL §2 table's order. */
export const REQUEST_TYPES = [
  'frame:hello',
  'email:connect',
  'email:otp',
  'wallet:create',
  'wallet:recover:ready',
  'session:restore',
  'user:get',
  'rpc:request',
  'signout',
  'social:start',
  'social:wait',
  'social:cancel',
  'farcaster:start',
  'farcaster:wait',
  'farcaster:cancel',
] as const;

export const RequestSchema = variant('type', [
  request('frame:hello', object({ projectId: pipe(string(), minLength(1), maxLength(200)), sdkVersion: pipe(string(), maxLength(64)) })),
  request('email:connect', object({ email: pipe(string(), maxLength(254), email('Invalid e-mail address')) })),
  request('email:otp', object({ otp: pipe(string(), regex(/^\d{6}$/, 'The code is 6 digits')) })),
  request('wallet:create', EMPTY),
  request('wallet:recover:ready', EMPTY),
  request('session:restore', EMPTY),
  request('user:get', EMPTY),
  request(
    'rpc:request',
    object({
      namespace: picklist(['eip155', 'solana']),
      chainId: union([pipe(string(), maxLength(128)), number()]),
      method: pipe(string(), minLength(1), maxLength(64)),
      params: optional(unknown()),
    }),
  ),
  request('signout', EMPTY),
  request(
    'social:start',
    object({ provider: picklist(OAUTH_PROVIDERS, 'Unknown social provider'), link: optional(boolean()), returnTo: optional(HTTP_URL) }),
  ),
  request('social:wait', object({ intentId: FLOW_ID })),
  request('social:cancel', object({ intentId: FLOW_ID })),
  request('farcaster:start', EMPTY),
  request('farcaster:wait', object({ channelId: FLOW_ID })),
  request('farcaster:cancel', object({ channelId: FLOW_ID })),
]);

const ErrorPayloadSchema = object({
  message: string(),
  code: optional(union([string(), number()])),
  retryAfter: optional(number()),
});

function reply<Type extends string, Payload extends GenericSchema>(type: Type, payload: Payload) {
  return object({ latch: literal('embedded'), v: literal(1), id: ID, type: literal(type), payload });
}

const USER_REPLY = object({ user: UserSchema });
/** What a finished sign-in answers (e-mail code, social, Farcaster): as PROTOCOL §2 `email:otp`. */
const SIGNED_IN = variant('action', [
  object({ action: literal('CONNECT'), user: UserSchema }),
  object({ action: literal('CREATE') }),
  object({ action: literal('RECOVER') }),
]);

export const SuccessReplySchema = variant('type', [
  reply('frame:hello:success', object({ allowed: literal(true) })),
  reply('email:connect:success', object({ action: literal('VERIFY_OTP') })),
  reply('email:otp:success', SIGNED_IN),
  reply('wallet:create:success', USER_REPLY),
  reply('wallet:recover:ready:success', USER_REPLY),
  reply('session:restore:success', USER_REPLY),
  reply('user:get:success', USER_REPLY),
  reply('rpc:request:success', object({ result: unknown() })),
  reply('signout:success', object({})),
  reply('social:start:success', object({ intentId: FLOW_ID, url: HTTP_URL })),
  reply('social:wait:success', SIGNED_IN),
  reply('social:cancel:success', object({})),
  reply(
    'farcaster:start:success',
    object({ channelId: FLOW_ID, url: pipe(string(), maxLength(2048)), expiresAt: pipe(string(), maxLength(64)) }),
  ),
  reply('farcaster:wait:success', SIGNED_IN),
  reply('farcaster:cancel:success', object({})),
]);

export const ErrorReplySchema = object({
  latch: literal('embedded'),
  v: literal(1),
  id: ID,
  type: pipe(TYPE, regex(/:error$/)),
  payload: ErrorPayloadSchema,
});

export const EventSchema = object({
  latch: literal('embedded'),
  v: literal(1),
  id: ID,
  type: picklist(['frame:ready', 'session:expired']),
  payload: EMPTY,
});

/**
 * Messages between the hidden frame and the recovery frame over `BroadcastChannel('latch-embedded')` (same
 * origin; never seen by the host page). The recovery frame announces itself with `hello`; the hidden frame
 * answers with `show` (a new wallet's secret) or `ask` (type the secret; `error` after a wrong one), and ends
 * with `done` or `failed`.
 */
export const RecoveryChannelSchema = variant('kind', [
  object({ kind: literal('recovery:hello') }),
  object({ kind: literal('recovery:show'), secret: pipe(string(), maxLength(200)) }),
  object({ kind: literal('recovery:saved') }),
  object({ kind: literal('recovery:ask'), error: optional(pipe(string(), maxLength(300))) }),
  object({ kind: literal('recovery:entered'), secret: pipe(string(), maxLength(200)) }),
  object({ kind: literal('recovery:done') }),
  object({ kind: literal('recovery:failed'), error: pipe(string(), maxLength(300)) }),
]);

export type Envelope = InferOutput<typeof EnvelopeSchema>;
export type EmbeddedUser = InferOutput<typeof UserSchema>;
export type SignInAction = InferOutput<typeof SIGNED_IN>;
export type FrameRequest = InferOutput<typeof RequestSchema>;
export type RequestType = FrameRequest['type'];
export type SuccessReply = InferOutput<typeof SuccessReplySchema>;
export type ErrorReply = InferOutput<typeof ErrorReplySchema>;
export type ErrorPayload = InferOutput<typeof ErrorPayloadSchema>;
export type FrameEvent = InferOutput<typeof EventSchema>;
export type FrameReply = SuccessReply | ErrorReply | FrameEvent;
export type RecoveryChannelMessage = InferOutput<typeof RecoveryChannelSchema>;
/** The request payload of each request type. */
export type RequestPayload<Type extends RequestType> = Extract<FrameRequest, { type: Type }>['payload'];
/** The success payload of each request type. */
export type SuccessPayload<Type extends RequestType> = Extract<SuccessReply, { type: `${Type}:success` }>['payload'];
