import { LatchError } from '@latch/kernel';
import { safeParse } from 'valibot';
import { MAX_MESSAGE_BYTES, PROTOCOL_MARKER, PROTOCOL_VERSION, randomId } from './protocol/constants.js';
import {
  ErrorReplySchema,
  EventSchema,
  type FrameEvent,
  type RequestPayload,
  type RequestType,
  type SuccessPayload,
  SuccessReplySchema,
} from './protocol/schemas.js';

/*
 * The host side of the frame channel (PROTOCOL §2): a hidden iframe on the service's origin, requests matched
 * to replies by a random id, and only messages from that origin and that frame's window, schema-checked.
 */

/** §8 frame messages. */
export const LOAD_FAILED = 'Network Error - Could not load embedded wallet';
export const REQUEST_TIMED_OUT = 'Embedded Wallet Request Timed Out';
export const NO_MESSAGE = 'An error occurred';
/** §4: the frame is ready once it said so, plus this long. */
const READY_DELAY_MS = 500;

/** A frame error: its message (or 'An error occurred'), its code, and the §8 timeout kinds. */
export class FrameError extends LatchError {
  override readonly name: string = 'FrameError';
  readonly retryAfter?: number;
  constructor(message: string, code?: string | number, retryAfter?: number) {
    super(message || NO_MESSAGE, { category: 'CONNECTOR_ERROR', ...(code === undefined ? {} : { code }) });
    this.retryAfter = retryAfter;
  }
}

export interface FrameClientOptions {
  serviceUrl: string;
  projectId: string;
  chainId: string | number;
  sdkVersion: string;
  loadTimeoutMs: number;
  requestTimeoutMs: number;
  /** Where the iframe goes; document.body by default. */
  parent?: HTMLElement;
}

export interface FrameClient {
  readonly iframe: HTMLIFrameElement;
  /** `timeoutMs`: the request timeout (30 s by default); 0 waits for the visitor as long as they take. */
  request<T extends RequestType>(
    type: T,
    payload: RequestPayload<T>,
    options?: { timeoutMs?: number; repeatEveryMs?: number },
  ): Promise<SuccessPayload<T>>;
  onEvent(listener: (event: FrameEvent) => void): () => void;
  destroy(): void;
}

interface Pending {
  type: string;
  resolve(payload: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout> | undefined;
  repeat?: ReturnType<typeof setInterval>;
}

/** One client's state: the frame, where it lives, the requests awaiting an answer and the event listeners. */
interface ClientState {
  readonly options: FrameClientOptions;
  readonly origin: string;
  readonly iframe: HTMLIFrameElement;
  readonly pending: Map<string, Pending>;
  readonly listeners: Set<(event: FrameEvent) => void>;
  /** Resolves `ready` (the frame said `frame:ready`, or loaded). */
  readyResolve?: () => void;
}

/** The hidden frame of the service's frame page, for this project and chain. */
function hiddenFrame(options: FrameClientOptions): HTMLIFrameElement {
  const url = new URL(`${options.serviceUrl}/frame`);
  url.searchParams.set('projectId', options.projectId);
  url.searchParams.set('chainId', String(options.chainId));
  url.searchParams.set('v', String(PROTOCOL_VERSION));
  const iframe = document.createElement('iframe');
  iframe.title = 'Embedded wallet';
  iframe.setAttribute('aria-hidden', 'true');
  iframe.tabIndex = -1;
  iframe.setAttribute('sandbox', 'allow-scripts allow-same-origin');
  iframe.dataset.latchEmbedded = 'frame';
  Object.assign(iframe.style, { position: 'fixed', top: '-10000px', left: '-10000px', width: '1px', height: '1px', border: '0' });
  iframe.src = url.href;
  return iframe;
}

function onMessage(state: ClientState, event: MessageEvent) {
  const { pending } = state;
  if (event.origin !== state.origin || event.source !== state.iframe.contentWindow) return;
  const data: unknown = event.data;
  let size: number;
  try {
    size = JSON.stringify(data)?.length ?? 0;
  } catch {
    return;
  }
  if (size > MAX_MESSAGE_BYTES) return;
  const asEvent = safeParse(EventSchema, data);
  if (asEvent.success) {
    if (asEvent.output.type === 'frame:ready') state.readyResolve?.();
    for (const listener of state.listeners) listener(asEvent.output);
    return;
  }
  const ok = safeParse(SuccessReplySchema, data);
  const failed = ok.success ? undefined : safeParse(ErrorReplySchema, data);
  const id = ok.success ? ok.output.id : failed?.success ? failed.output.id : undefined;
  const entry = id ? pending.get(id) : undefined;
  if (!id || !entry) return;
  if (ok.success && ok.output.type === `${entry.type}:success`) {
    pending.delete(id);
    clearTimeout(entry.timer);
    clearInterval(entry.repeat);
    entry.resolve(ok.output.payload);
  } else if (failed?.success && failed.output.type === `${entry.type}:error`) {
    pending.delete(id);
    clearTimeout(entry.timer);
    clearInterval(entry.repeat);
    const { message, code, retryAfter } = failed.output.payload;
    entry.reject(new FrameError(message, code, retryAfter));
  }
}

function request<T extends RequestType>(
  state: ClientState,
  type: T,
  payload: RequestPayload<T>,
  { timeoutMs = state.options.requestTimeoutMs, repeatEveryMs }: { timeoutMs?: number; repeatEveryMs?: number } = {},
): Promise<SuccessPayload<T>> {
  const { pending, origin } = state;
  const id = randomId();
  const message = { latch: PROTOCOL_MARKER, v: PROTOCOL_VERSION, id, type, payload: payload ?? {} };
  if (JSON.stringify(message).length > MAX_MESSAGE_BYTES)
    return Promise.reject(new FrameError('The request is too large for the embedded wallet'));
  const target = state.iframe.contentWindow;
  if (!target) return Promise.reject(new FrameError('W3mFrame: iframe is not set'));
  return new Promise((resolve, reject) => {
    // A frame that is still starting misses a message: `repeatEveryMs` posts it again (same id) until it answers.
    const repeat = repeatEveryMs ? setInterval(() => target.postMessage(message, origin), repeatEveryMs) : undefined;
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            pending.delete(id);
            clearInterval(repeat);
            reject(new FrameError(REQUEST_TIMED_OUT, 'iframe_request_timeout'));
          }, timeoutMs)
        : undefined;
    pending.set(id, { type, resolve: resolve as (payload: unknown) => void, reject, timer, repeat });
    target.postMessage(message, origin);
  });
}

/** Waits for the frame (`frame:ready`, or its load), +500 ms, then `frame:hello` until it answers; all under the load timeout. */
async function handshake(state: ClientState, ready: Promise<void>): Promise<void> {
  const { options } = state;
  let loadTimer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      (async () => {
        await ready;
        await new Promise((resolve) => setTimeout(resolve, READY_DELAY_MS));
        const hello = { projectId: options.projectId, sdkVersion: options.sdkVersion };
        await request(state, 'frame:hello', hello, { timeoutMs: 0, repeatEveryMs: 1_000 });
      })(),
      new Promise<never>((_, reject) => {
        loadTimer = setTimeout(() => reject(new FrameError(LOAD_FAILED, 'iframe_load_failed')), options.loadTimeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(loadTimer);
  }
}

/** Creates the hidden frame, waits for `frame:ready` (+500 ms), then `frame:hello`; rejects with the §8 texts. */
export async function createFrameClient(options: FrameClientOptions): Promise<FrameClient> {
  const iframe = hiddenFrame(options);
  const state: ClientState = { options, origin: new URL(options.serviceUrl).origin, iframe, pending: new Map(), listeners: new Set() };
  const ready = new Promise<void>((resolve) => {
    state.readyResolve = resolve;
  });
  const messageListener = (event: MessageEvent) => onMessage(state, event);
  window.addEventListener('message', messageListener);
  const destroy = () => {
    window.removeEventListener('message', messageListener);
    for (const [id, entry] of state.pending) {
      clearTimeout(entry.timer);
      clearInterval(entry.repeat);
      entry.reject(new FrameError('Request was aborted'));
      state.pending.delete(id);
    }
    state.listeners.clear();
    iframe.remove();
  };

  // A frame that cannot name the embedding page's origin (no ancestorOrigins, no referrer) posts no `frame:ready`
  // rather than posting it to '*': its load event starts the handshake then, and `frame:hello` is repeated until
  // the frame listens. Ready and hello both fall under the load timeout.
  iframe.addEventListener('load', () => state.readyResolve?.(), { once: true });
  (options.parent ?? document.body).appendChild(iframe);
  const client: FrameClient = {
    iframe,
    request: (type, payload, requestOptions) => request(state, type, payload, requestOptions),
    onEvent(listener) {
      state.listeners.add(listener);
      return () => state.listeners.delete(listener);
    },
    destroy,
  };
  try {
    await handshake(state, ready);
    return client;
  } catch (error) {
    destroy();
    throw error;
  }
}
