import { LatchError, readErrorMessage, type CaipNetwork } from '@latch/kernel';
import { ESPLORA_TIMEOUT_MS } from '../constants.js';

/** The Esplora API of a network: its `rpcUrls.default.http[0]`, which the integrator chose (no hosted fallback). */
export function esploraUrlOf(network: CaipNetwork): string {
  const url = network.rpcUrls.default.http[0];
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) {
    throw new LatchError(`Network ${network.caipNetworkId} has no Esplora API URL`, { category: 'VALIDATION_ERROR' });
  }
  return url.replace(/\/+$/, '');
}

/** An Esplora answer that was not 2xx: its status and the server's text (electrs puts the node's reason there). */
export class EsploraError extends LatchError {
  constructor(
    readonly status: number,
    readonly body: string,
    path: string,
  ) {
    super(`Esplora ${path} answered ${status}: ${body.slice(0, 300)}`, { category: 'RPC_ERROR' });
  }
}

/** How the adapter talks to an Esplora API (the adapter's `rpc` option). Esplora is REST: there is no batching. */
export interface EsploraTransportOptions {
  /** Give up on a request after this long. Default 10 000 ms. */
  timeoutMs?: number;
  /** Retries of a read the server could not take (unreachable, or HTTP 403, 408, 413, 429, 500, 502, 503, 504). Default 3. */
  retryCount?: number;
  /** The first retry's delay, doubled for each next one; a `Retry-After` the server sends wins. Default 150 ms. */
  retryDelayMs?: number;
}

/** A network as the Esplora reads get it: with the adapter's transport options. */
export type EsploraNetwork = CaipNetwork & { readonly esploraTransport?: EsploraTransportOptions };

const RETRY_STATUSES = new Set([403, 408, 413, 429, 500, 502, 503, 504]);

/** `Retry-After` in milliseconds (seconds or an HTTP date), when the server sent one. */
function retryAfterMs(response: Response | undefined): number | undefined {
  const value = response?.headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) ? Math.max(0, ms) : undefined;
}

/** One try with the timeout: the response, or the error that kept it from coming. */
async function attempt(
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<{ response?: Response; body?: string; error?: unknown; timedOut: boolean }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    return { response, body: await response.text(), timedOut: false };
  } catch (error) {
    return { error, timedOut: controller.signal.aborted };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One request with the transport rules; resolves the body text of a 2xx answer. Reads (GET) are
 * retried with back-off when the server could not take them; a broadcast (POST) is sent once.
 */
export async function esploraFetch(network: EsploraNetwork, path: string, init: RequestInit = {}): Promise<string> {
  const { timeoutMs = ESPLORA_TIMEOUT_MS, retryCount = 3, retryDelayMs = 150 } = network.esploraTransport ?? {};
  const retries = (init.method ?? 'GET') === 'GET' ? retryCount : 0;
  const url = `${esploraUrlOf(network)}${path}`;
  for (let tries = 0; ; tries += 1) {
    const { response, body = '', error, timedOut } = await attempt(url, init, timeoutMs);
    if (timedOut)
      throw new LatchError(`Esplora ${path} failed: no answer in ${timeoutMs / 1000} s`, { category: 'RPC_ERROR', cause: error });
    if (response?.ok) return body;
    const retryable = response ? RETRY_STATUSES.has(response.status) : true;
    if (tries >= retries || !retryable) {
      if (response) throw new EsploraError(response.status, body.trim(), path);
      throw new LatchError(`Esplora ${path} failed: ${readErrorMessage(error)}`, { category: 'RPC_ERROR', cause: error });
    }
    await new Promise((resolve) => setTimeout(resolve, retryAfterMs(response) ?? retryDelayMs * 2 ** tries));
  }
}

export async function esploraJson(network: CaipNetwork, path: string): Promise<unknown> {
  const body = await esploraFetch(network, path);
  try {
    return JSON.parse(body) as unknown;
  } catch (err) {
    throw new LatchError(`Esplora ${path} answered something that is not JSON`, { category: 'RPC_ERROR', cause: err });
  }
}
