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

/** One request with the §9 timeout; resolves the body text of a 2xx answer. */
export async function esploraFetch(network: CaipNetwork, path: string, init: RequestInit = {}): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ESPLORA_TIMEOUT_MS);
  try {
    const response = await fetch(`${esploraUrlOf(network)}${path}`, { ...init, signal: controller.signal });
    const body = await response.text();
    if (!response.ok) throw new EsploraError(response.status, body.trim(), path);
    return body;
  } catch (err) {
    if (err instanceof LatchError) throw err;
    const reason = controller.signal.aborted ? `no answer in ${ESPLORA_TIMEOUT_MS / 1000} s` : readErrorMessage(err);
    throw new LatchError(`Esplora ${path} failed: ${reason}`, { category: 'RPC_ERROR', cause: err });
  } finally {
    clearTimeout(timer);
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
