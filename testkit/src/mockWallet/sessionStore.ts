import { browserStorage } from '../pageStorage.js';

const KEY_PREFIX = 'latch-mock-wallet';

/** What a real wallet remembers per site: whether it is connected and which chain it is on. */
export interface SessionStore {
  readConnected(): boolean;
  writeConnected(connected: boolean): void;
  readChainId(): number | undefined;
  writeChainId(chainId: number): void;
}

/** Keeps the session in `window.localStorage` under `latch-mock-wallet:<rdns>:*`; in Node (no window) it keeps nothing. */
export function createSessionStore(rdns: string | undefined): SessionStore {
  const storage = rdns === undefined ? undefined : browserStorage();
  const key = (field: string) => `${KEY_PREFIX}:${rdns}:${field}`;
  const read = (field: string) => {
    try {
      return storage?.getItem(key(field)) ?? null;
    } catch {
      return null;
    }
  };
  const write = (field: string, value: string | null) => {
    try {
      if (value === null) storage?.removeItem(key(field));
      else storage?.setItem(key(field), value);
    } catch {
      // storage full or denied: the session simply does not survive a reload
    }
  };
  return {
    readConnected: () => read('connected') === 'true',
    writeConnected: (connected) => write('connected', connected ? 'true' : null),
    readChainId: () => {
      const stored = Number(read('chainId') ?? Number.NaN);
      return Number.isSafeInteger(stored) && stored > 0 ? stored : undefined;
    },
    writeChainId: (chainId) => write('chainId', String(chainId)),
  };
}
