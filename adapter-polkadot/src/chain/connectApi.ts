import { LatchError } from '@latch/kernel';
import { ApiPromise, WsProvider } from '@polkadot/api';

/** A request, and opening the socket, give up after 10 s unless the adapter's `rpc.timeoutMs` says otherwise. */
export const RPC_TIMEOUT_MS = 10_000;

/** The node could not be reached (the socket did not open): a read may try again. A timeout is not this. */
export class NodeUnreachableError extends LatchError {
  constructor(endpoint: string, reason: string) {
    super(`Cannot reach the node at ${endpoint}: ${reason}`, { category: 'RPC_ERROR' });
  }
}

/** Opens the socket once, without @polkadot/api's endless reconnect loop: an unreachable node fails fast and leaves no timer. */
async function openProvider(endpoint: string, timeoutMs: number): Promise<WsProvider> {
  // @polkadot/api's own per-request timeout: a request the node leaves unanswered fails after `timeoutMs`.
  const provider = new WsProvider(endpoint, false, {}, timeoutMs);
  const offs: (() => void)[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (reason: string) => reject(new NodeUnreachableError(endpoint, reason));
      timer = setTimeout(
        () => reject(new LatchError(`Cannot reach the node at ${endpoint}: no answer in ${timeoutMs / 1000} s`, { category: 'RPC_ERROR' })),
        timeoutMs,
      );
      offs.push(provider.on('connected', () => resolve()));
      offs.push(provider.on('error', () => fail('connection error')));
      offs.push(provider.on('disconnected', () => fail('connection closed')));
      provider.connect().catch(() => fail('connection error'));
    });
    return provider;
  } catch (err) {
    await provider.disconnect().catch(() => undefined);
    throw err;
  } finally {
    clearTimeout(timer);
    for (const off of offs) off();
  }
}

/** An ApiPromise on `endpoint`; `onClosed` runs once if the socket later drops, so the caller can forget it. */
export async function connectApi(endpoint: string, onClosed: () => void, timeoutMs = RPC_TIMEOUT_MS): Promise<ApiPromise> {
  const provider = await openProvider(endpoint, timeoutMs);
  try {
    const api = await ApiPromise.create({ provider, noInitWarn: true, throwOnConnect: true });
    const off = provider.on('disconnected', () => {
      off();
      onClosed();
    });
    return api;
  } catch (err) {
    await provider.disconnect().catch(() => undefined);
    throw new LatchError(`The node at ${endpoint} did not answer as a Substrate chain`, { category: 'RPC_ERROR', cause: err });
  }
}
