import {
  type GenericSchema,
  type InferOutput,
  array,
  boolean,
  email,
  integer,
  literal,
  maxLength,
  minLength,
  minValue,
  nullable,
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
/** A one-time secret (a redirect sign-in's browser code): 32 bytes, base64url. */
const SECRET = pipe(string(), regex(/^[A-Za-z0-9_-]{43}$/, 'not a 43-character base64url secret'));

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

/** The eip155 account types the embedded wallet has: its key, and the smart account the key owns. */
export const EMBEDDED_ACCOUNT_TYPES = ['eoa', 'smartAccount'] as const;
const ACCOUNT_TYPE = picklist(EMBEDDED_ACCOUNT_TYPES, "The account type is 'eoa' or 'smartAccount'");
const CHAIN_IDS = pipe(array(pipe(number(), integer(), minValue(1))), maxLength(64));

/** The §3 embedded-wallet user. */
export const UserSchema = object({
  email: pipe(string(), maxLength(254)),
  addresses: object({ eip155: EVM_ADDRESS, solana: SOLANA_ADDRESS }),
  /** How the visitor signed in, when not by e-mail (§3 connectedWalletInfo.social). */
  social: optional(object({ provider: picklist([...OAUTH_PROVIDERS, 'farcaster']), username: optional(pipe(string(), maxLength(256))) })),
  /** The eip155 account type the visitor chose, kept in the frame origin's storage (absent: never chosen on this device). */
  preferredAccountType: optional(ACCOUNT_TYPE),
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
  'approval:cancel',
  'account:networks',
  'account:preferred',
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
  request('social:start', object({ provider: picklist(OAUTH_PROVIDERS, 'Unknown social provider'), returnTo: optional(HTTP_URL) })),
  request('social:wait', object({ intentId: FLOW_ID, code: optional(SECRET) })),
  request('social:cancel', object({ intentId: FLOW_ID })),
  request('farcaster:start', EMPTY),
  request('farcaster:wait', object({ channelId: FLOW_ID })),
  request('farcaster:cancel', object({ channelId: FLOW_ID })),
  request('approval:cancel', object({ requestId: ID })),
  request('account:networks', object({ offered: CHAIN_IDS })),
  request('account:preferred', object({ type: ACCOUNT_TYPE })),
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
  reply('farcaster:start:success', object({ channelId: FLOW_ID, url: HTTP_URL, expiresAt: pipe(string(), maxLength(64)) })),
  reply('farcaster:wait:success', SIGNED_IN),
  reply('farcaster:cancel:success', object({})),
  reply('approval:cancel:success', object({})),
  reply('account:networks:success', object({ smartAccountEnabledNetworks: CHAIN_IDS })),
  reply('account:preferred:success', object({ preferredAccountType: ACCOUNT_TYPE })),
]);

export const ErrorReplySchema = object({
  latch: literal('embedded'),
  v: literal(1),
  id: ID,
  type: pipe(TYPE, regex(/:error$/)),
  payload: ErrorPayloadSchema,
});

/** What a request to sign is, as the host's view titles it (the details are the approval page's alone). */
export const APPROVAL_KINDS = ['message', 'typedData', 'transaction', 'solanaTransaction'] as const;

/**
 * Frame → host events. `approval:required`: a key-using request waits for the visitor in the approval page
 * (`/frame/approve?request=<requestId>`), which the host shows; `approval:settled`: it was answered or cancelled.
 */
export const EventSchema = variant('type', [
  object({ latch: literal('embedded'), v: literal(1), id: ID, type: picklist(['frame:ready', 'session:expired']), payload: EMPTY }),
  object({
    latch: literal('embedded'),
    v: literal(1),
    id: ID,
    type: literal('approval:required'),
    payload: object({ requestId: ID, kind: picklist(APPROVAL_KINDS) }),
  }),
  object({ latch: literal('embedded'), v: literal(1), id: ID, type: literal('approval:settled'), payload: object({ requestId: ID }) }),
]);

/** What the approval page shows of a request: decoded by the frame from its own copy, never text from the host. */
export const ApprovalDetailsSchema = object({
  kind: picklist(APPROVAL_KINDS),
  title: pipe(string(), maxLength(120)),
  /** The site that asks (the host page's origin, as the browser reported it). */
  origin: pipe(string(), maxLength(300)),
  account: pipe(string(), maxLength(100)),
  rows: pipe(array(object({ label: pipe(string(), maxLength(80)), value: pipe(string(), maxLength(4096)) })), maxLength(80)),
  /** A message's text (or its bytes in hex when they are not text). */
  text: optional(pipe(string(), maxLength(65_536))),
  warnings: pipe(array(pipe(string(), maxLength(400))), maxLength(10)),
});

/** The sign-in methods page's view of the account (`/frame/logins`). */
export const LoginsStateSchema = object({
  methods: pipe(
    array(
      object({
        id: pipe(string(), maxLength(64)),
        provider: pipe(string(), maxLength(32)),
        label: pipe(string(), maxLength(300)),
        linkedAt: optional(pipe(string(), maxLength(40))),
        removable: boolean(),
      }),
    ),
    maxLength(20),
  ),
  /** The masked e-mail a confirmation code goes to, or null (then the owner confirms by signing in again). */
  email: nullable(pipe(string(), maxLength(300))),
  linkable: pipe(array(picklist(OAUTH_PROVIDERS)), maxLength(10)),
  steppedUp: boolean(),
});

/**
 * Messages between the hidden frame and its visible pages over `BroadcastChannel('latch-embedded')` (same origin;
 * never seen by the host page). The recovery page announces itself with `hello`; the hidden frame answers with
 * `show` (a new wallet's secret) or `ask` (type the secret; `error` after a wrong one), and ends with `done` or
 * `failed`. The approval and sign-in methods pages follow below.
 */
export const FrameChannelSchema = variant('kind', [
  // The approval page (`/frame/approve?request=`): it asks for its request, the hidden frame shows its own copy;
  // the visitor's answer goes back; `done` tells the page how it ended.
  object({ kind: literal('approval:hello'), requestId: ID }),
  object({ kind: literal('approval:show'), requestId: ID, details: ApprovalDetailsSchema }),
  object({ kind: literal('approval:decide'), requestId: ID, approved: boolean() }),
  object({ kind: literal('approval:done'), requestId: ID, outcome: picklist(['approved', 'rejected', 'cancelled', 'failed']) }),
  // The sign-in methods page (`/frame/logins`): it works with the first hidden frame that answers (`frame`, one per
  // host tab); its requests carry an id that frame answers with.
  object({ kind: literal('logins:hello') }),
  object({ kind: literal('logins:state'), frame: ID, state: LoginsStateSchema }),
  object({ kind: literal('logins:signed-out'), frame: ID }),
  object({ kind: literal('logins:send-code'), frame: ID, id: ID }),
  object({ kind: literal('logins:code'), frame: ID, id: ID, otp: pipe(string(), regex(/^\d{6}$/)) }),
  object({
    kind: literal('logins:link'),
    frame: ID,
    id: ID,
    provider: picklist(OAUTH_PROVIDERS),
    purpose: picklist(['link', 'reauth']),
    allowDifferentEmail: optional(boolean()),
  }),
  object({ kind: literal('logins:started'), id: ID, url: HTTP_URL }),
  object({ kind: literal('logins:unlink'), frame: ID, id: ID, method: pipe(string(), maxLength(64)) }),
  object({
    kind: literal('logins:result'),
    id: ID,
    ok: boolean(),
    code: optional(pipe(string(), maxLength(64))),
    message: optional(pipe(string(), maxLength(300))),
  }),
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
export type FrameChannelMessage = InferOutput<typeof FrameChannelSchema>;
export type ApprovalDetails = InferOutput<typeof ApprovalDetailsSchema>;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export type LoginsState = InferOutput<typeof LoginsStateSchema>;
/** The request payload of each request type. */
export type RequestPayload<Type extends RequestType> = Extract<FrameRequest, { type: Type }>['payload'];
/** The success payload of each request type. */
export type SuccessPayload<Type extends RequestType> = Extract<SuccessReply, { type: `${Type}:success` }>['payload'];
