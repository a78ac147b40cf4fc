import { LatchError } from '@latch/kernel';
import { ApiPromise, WsProvider } from '@polkadot/api';

/** §9: an RPC request gives up after 10 s; so does opening the socket. */
export const RPC_TIMEOUT_MS = 10_000;

/** Opens the socket once, without @polkadot/api's endless reconnect loop: an unreachable node fails fast and leaves no timer. */
async function openProvider(endpoint: string): Promise<WsProvider> {
  const provider = new WsProvider(endpoint, false, {}, RPC_TIMEOUT_MS);
  const offs: (() => void)[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (reason: string) => reject(new LatchError(`Cannot reach the node at ${endpoint}: ${reason}`, { category: 'RPC_ERROR' }));
      timer = setTimeout(() => fail('timed out'), RPC_TIMEOUT_MS);
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
export async function connectApi(endpoint: string, onClosed: () => void): Promise<ApiPromise> {
  const provider = await openProvider(endpoint);
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
