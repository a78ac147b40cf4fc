import type { SiwxSession } from '../session.js';

/** Where the HTTP handler keeps each visitor's sessions, by the id in their cookie. */
export interface SiwxSessionStore {
  get(id: string): readonly SiwxSession[] | undefined | Promise<readonly SiwxSession[] | undefined>;
  set(id: string, sessions: readonly SiwxSession[]): void | Promise<void>;
  delete(id: string): void | Promise<void>;
}

/** Sessions in this process's memory (gone on restart). */
export function createMemorySessionStore(): SiwxSessionStore {
  const sessions = new Map<string, readonly SiwxSession[]>();
  return {
    get: (id) => sessions.get(id),
    set: (id, list) => void sessions.set(id, list),
    delete: (id) => void sessions.delete(id),
  };
}
