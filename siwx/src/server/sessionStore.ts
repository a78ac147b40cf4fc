import type { SiwxSession } from '../session.js';
import { createExpiringEntries } from './expiringEntries.js';
import { SiwxVerificationError } from './SiwxVerificationError.js';

/** Where the HTTP handler keeps each visitor's sessions, by the id in their cookie. */
export interface SiwxSessionStore {
  get(id: string): readonly SiwxSession[] | undefined | Promise<readonly SiwxSession[] | undefined>;
  /** Keeps the list under the id until its last session ends; may reject with a SiwxVerificationError (`STORE_FULL`). */
  set(id: string, sessions: readonly SiwxSession[]): void | Promise<void>;
  delete(id: string): void | Promise<void>;
}

export interface MemorySessionStoreOptions {
  /** The most cookie ids kept at once; a sign-in beyond is refused (`STORE_FULL`, HTTP 503). Default 100 000. */
  maxIds?: number;
  /** The clock (ms). Default `Date.now`. */
  now?: () => number;
}

/** The time the last of these sessions ends (ms). */
export function lastExpiry(sessions: readonly SiwxSession[]): number {
  return Math.max(...sessions.map((session) => Date.parse(session.expiresAt)));
}

/** Sessions in this process's memory (one process, tests; gone on restart). Expired ones are dropped a few at a time. */
export function createMemorySessionStore(options: MemorySessionStoreOptions = {}): SiwxSessionStore {
  const ids = createExpiringEntries<readonly SiwxSession[]>(options.maxIds ?? 100_000, options.now ?? Date.now);
  return {
    get: (id) => ids.get(id),
    set(id, sessions) {
      if (sessions.length === 0) return ids.delete(id);
      if (!ids.set(id, sessions, lastExpiry(sessions)))
        throw new SiwxVerificationError('STORE_FULL', 'Too many visitors are signed in on this server; try again later');
    },
    delete: (id) => ids.delete(id),
  };
}
