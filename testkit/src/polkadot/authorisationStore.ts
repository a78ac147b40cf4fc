const KEY_PREFIX = 'latch-mock-polkadot-wallet';

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

/** `localStorage` key `latch-mock-polkadot-wallet:<key>:authorised` when there is one, else this extension's memory. */
export function createAuthorisationStore(extensionKey: string): AuthorisationStore {
  const storage = browserStorage();
  const key = `${KEY_PREFIX}:${extensionKey}:authorised`;
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
