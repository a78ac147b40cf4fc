/*
 * What the testkit's page wallets remember per origin, as a browser extension does: `localStorage`
 * when the page has one (a reload finds the authorisation), else memory for as long as the page lives.
 */

/** Whether the site is authorised, as an extension remembers it per origin. */
export interface AuthorisationStore {
  read(): boolean;
  write(authorised: boolean): void;
}

/** The page's `localStorage`, or undefined where there is none or it throws (opaque origins: about:blank, sandboxed frames). */
export function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** An authorisation remembered under `key` ('true' while authorised); memory when storage is missing, full or denied. */
export function createAuthorisationStore(key: string): AuthorisationStore {
  const storage = browserStorage();
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
