/** Entries of an in-memory store, each dropped once its time has passed. */
export interface ExpiringEntries<Value> {
  /** Stores the value until `expiresAt` (ms); false, storing nothing, when the store is full. */
  set(key: string, value: Value, expiresAt: number): boolean;
  /** The value while it lives. */
  get(key: string): Value | undefined;
  /** Removes the entry and answers it, expired or not. */
  take(key: string): { value: Value; expiresAt: number } | undefined;
  delete(key: string): void;
}

/** How many entries one write looks at for expired ones. */
const SWEEP_STEP = 16;

/**
 * A Map with a cap whose expired entries are swept a few at a time: each write moves a cursor
 * SWEEP_STEP entries on (round the whole map over successive writes), so no request pays for a scan
 * of everything and expired entries do not pile up.
 */
export function createExpiringEntries<Value>(maxEntries: number, now: () => number): ExpiringEntries<Value> {
  const entries = new Map<string, { value: Value; expiresAt: number }>();
  // A Map iterator stays valid while the map changes: it skips deleted entries and reaches new ones.
  let cursor: Iterator<[string, { expiresAt: number }]> | undefined;

  function sweep(): void {
    const time = now();
    for (let step = 0; step < SWEEP_STEP; step += 1) {
      cursor ??= entries.entries();
      const next = cursor.next();
      if (next.done) {
        cursor = undefined;
        return;
      }
      if (next.value[1].expiresAt <= time) entries.delete(next.value[0]);
    }
  }

  return {
    set(key, value, expiresAt) {
      sweep();
      if (entries.size >= maxEntries && !entries.has(key)) return false;
      entries.set(key, { value, expiresAt });
      return true;
    },
    get(key) {
      const entry = entries.get(key);
      if (!entry || entry.expiresAt > now()) return entry?.value;
      entries.delete(key);
      return undefined;
    },
    take(key) {
      const entry = entries.get(key);
      entries.delete(key);
      return entry;
    },
    delete: (key) => void entries.delete(key),
  };
}
