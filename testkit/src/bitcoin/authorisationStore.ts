const KEY_PREFIX = 'latch-bitcoin-wallet';

/** Whether the site is authorised, as an extension remembers it per origin. */
export interface AuthorisationStore {
  read(): boolean;
  write(authorised: boolean): void;
}

function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // opaque origins (about:blank, sandboxed frames) throw on access
  }
}

/** The `localStorage` key of a wallet's authorisation. */
export const bitcoinAuthorisationKey = (walletId: string) => `${KEY_PREFIX}:${walletId}:connected`;

/** `localStorage` (key `latch-bitcoin-wallet:<id>:connected`) when there is one, so a reload reconnects; else memory. */
export function createAuthorisationStore(walletId: string): AuthorisationStore {
  const storage = browserStorage();
  const key = bitcoinAuthorisationKey(walletId);
  let remembered = false;
  return {
    read() {
      if (!storage) return remembered;
      try {
        return storage.getItem(key) === 'true';
      } catch {
        return remembered;
      }
    },
    write(authorised) {
      remembered = authorised;
      try {
        if (authorised) storage?.setItem(key, 'true');
        else storage?.removeItem(key);
      } catch {
        // storage full or denied: the authorisation lasts as long as this page
      }
    },
  };
}
