import { sharedSessionKey } from './walletInfo.js';
import { browserStorage } from '../pageStorage.js';

/** A persisted session: the approved namespaces, `'corrupt'` when the stored value is unreadable, null when none. */
export type StoredSession = readonly string[] | 'corrupt' | null;

/** Where a shared-session wallet keeps its session, as the phone app would across the dapp's reloads. */
export interface SessionStore {
  read(): StoredSession;
  write(namespaces: readonly string[]): void;
  clear(): void;
}

function parse(text: string | null): StoredSession {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every((ns) => typeof ns === 'string') ? value : 'corrupt';
  } catch {
    return 'corrupt';
  }
}

/** `localStorage` (key `latch-shared-wallet:<id>:session`, a JSON array) when there is one, else this wallet's memory. */
export function createSessionStore(walletId: string): SessionStore {
  const storage = browserStorage();
  const key = sharedSessionKey(walletId);
  let remembered: string | null = null;
  return {
    read() {
      if (!storage) return parse(remembered);
      try {
        return parse(storage.getItem(key));
      } catch {
        return parse(remembered);
      }
    },
    write(namespaces) {
      remembered = JSON.stringify(namespaces);
      try {
        storage?.setItem(key, remembered);
      } catch {
        // storage full or denied: the session lasts as long as this page
      }
    },
    clear() {
      remembered = null;
      try {
        storage?.removeItem(key);
      } catch {
        // denied: nothing was kept there either
      }
    },
  };
}
