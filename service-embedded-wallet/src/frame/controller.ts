import { FrameChannelSchema, type FrameRequest, parseRequest } from '@latch/connector-embedded/protocol';
import { safeParse } from 'valibot';
import { createApprovals } from './approvals.js';
import { handleRequest } from './frameRequests.js';
import { type ControllerOptions, emit, envelope, type FrameState, post, toErrorPayload } from './frameState.js';
import { createLoginsFlows } from './loginsFlows.js';
import { createSocialFlows } from './socialFlows.js';

export { type ControllerOptions, ORIGIN_NOT_ALLOWED, type ParentWindow } from './frameState.js';
export type { FrameChannel } from './walletFlows.js';

/*
 * The hidden frame's message loop (PROTOCOL §2): accept only the parent window, only the origin fixed by the
 * first allowed `frame:hello`, only schema-valid messages ≤ 64 KiB; answer each request by its id, posting to
 * that origin alone. The host page is untrusted: a key-using request is signed only after the visitor approved
 * it in the approval page on this origin, and key material lives only inside that request's handler.
 */

async function respond(state: FrameState, request: FrameRequest, origin: string): Promise<void> {
  try {
    const payload = await handleRequest(state, request, origin);
    post(state, envelope(request.id, `${request.type}:success`, payload), origin);
  } catch (error) {
    post(state, envelope(request.id, `${request.type}:error`, await toErrorPayload(state, error)), origin);
  }
}

/** A sign-in popup of this origin asks for the start token of an intent this frame made (PROTOCOL §2). */
function answerStartTokenRequest({ options, flows }: FrameState, event: MessageEvent): boolean {
  const data = event.data as { latch?: unknown; kind?: unknown; intentId?: unknown } | null;
  if (event.origin !== options.ownOrigin || data?.latch !== 'embedded-social' || data.kind !== 'start-token-request') return false;
  const startToken = typeof data.intentId === 'string' ? flows.takeStartToken(data.intentId) : undefined;
  if (startToken && event.source && 'postMessage' in event.source)
    (event.source as Window).postMessage(
      { latch: 'embedded-social', kind: 'start-token', intentId: data.intentId, startToken },
      options.ownOrigin,
    );
  return true;
}

function onMessage(state: FrameState, event: MessageEvent): void {
  if (answerStartTokenRequest(state, event)) return;
  if (event.source !== (state.options.parent as unknown) || state.refused) return;
  if (state.hostOrigin !== undefined && event.origin !== state.hostOrigin) return;
  const parsed = parseRequest(event.data);
  if (!parsed.ok) {
    const { id, type, code, message } = parsed.error;
    if (id) post(state, envelope(id, `${type ?? 'unknown'}:error`, { code, message }), event.origin);
    return;
  }
  const request = parsed.message;
  if (state.hostOrigin === undefined && request.type !== 'frame:hello') {
    post(
      state,
      envelope(request.id, `${request.type}:error`, { code: 'not_ready', message: 'The embedded wallet needs frame:hello first' }),
      event.origin,
    );
    return;
  }
  void respond(state, request, event.origin);
}

/** Messages of the frame's own pages (approval, recovery, sign-in methods) on the origin's broadcast channel. */
function onChannel(state: FrameState, event: MessageEvent): void {
  const parsed = safeParse(FrameChannelSchema, event.data);
  if (!parsed.success) return;
  const message = parsed.output;
  const { channel } = state.options;
  if (message.kind.startsWith('approval:')) state.approvals.onChannel(message);
  else if (message.kind.startsWith('logins:')) void state.logins.onChannel(message);
  else if (message.kind === 'recovery:hello') {
    if (state.pendingCreate?.secret) channel.postMessage({ kind: 'recovery:show', secret: state.pendingCreate.secret });
    else if (state.pendingRecover) channel.postMessage({ kind: 'recovery:ask' });
  } else if (message.kind === 'recovery:saved') {
    state.pendingCreate?.confirm();
  } else if (message.kind === 'recovery:entered') {
    state.pendingRecover?.attempt(message.secret);
  }
}

export function startController(options: ControllerOptions): { stop(): void } {
  const { channel } = options;
  const flows = createSocialFlows({ service: () => state.service!, storage: options.flowStorage, pollMs: options.claimPollMs });
  const state: FrameState = {
    options,
    refused: false,
    chain: { eip155ChainId: options.chainId },
    flows,
    approvals: createApprovals({
      channel,
      emit: (type: string, payload: object) => {
        if (state.hostOrigin) emit(state, type, state.hostOrigin, payload);
      },
    }),
    logins: createLoginsFlows({ channel, service: () => state.service, token: () => state.session?.token, flows }),
  };
  const messageListener = ((event: MessageEvent) => onMessage(state, event)) as EventListener;
  const channelListener = (event: MessageEvent) => onChannel(state, event);
  options.target.addEventListener('message', messageListener);
  channel.addEventListener('message', channelListener);
  if (options.readyOrigin) emit(state, 'frame:ready', options.readyOrigin);
  return {
    stop() {
      options.target.removeEventListener('message', messageListener);
      channel.removeEventListener('message', channelListener);
      state.approvals.cancelAll();
    },
  };
}
