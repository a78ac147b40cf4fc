import { createHash } from 'node:crypto';
import type { Generated, Kysely, Migration } from 'kysely';
import type { WalletDatabase } from './database.js';

/** At most `max` events per `windowMs`. */
export interface RateRule {
  max: number;
  windowMs: number;
}

/** The PROTOCOL.md §1 limits. */
export const DEFAULT_RATE_LIMITS = {
  /** Sending a code, per address: once per 30 s (§9 cooldown) and 5 an hour. */
  sendPerAddress: [
    { max: 1, windowMs: 30_000 },
    { max: 5, windowMs: 3_600_000 },
  ],
  /** Sending a code, per client IP: 20 an hour. */
  sendPerIp: [{ max: 20, windowMs: 3_600_000 }],
  /** Checking a code, per address: 10 tries per 15 min. */
  verifyPerAddress: [{ max: 10, windowMs: 900_000 }],
  /** Starting a social sign-in (an intent), per client IP: 30 an hour. */
  socialIntentsPerIp: [{ max: 30, windowMs: 3_600_000 }],
  /** Mailing a confirmation code (before changing sign-in methods), per user: once per 30 s and 5 an hour. */
  stepUpCodesPerUser: [
    { max: 1, windowMs: 30_000 },
    { max: 5, windowMs: 3_600_000 },
  ],
  /** Opening a Farcaster sign-in request (a relay channel), per client IP: 10 a minute and 60 an hour. */
  farcasterChannelsPerIp: [
    { max: 10, windowMs: 60_000 },
    { max: 60, windowMs: 3_600_000 },
  ],
} satisfies Record<string, RateRule[]>;

export type RateLimits = { [K in keyof typeof DEFAULT_RATE_LIMITS]: RateRule[] };

/** One counted event: the key is hashed (it holds e-mail addresses and IPs), the time is ms since 1970. */
export interface RateEventTable {
  id: Generated<string>;
  key: string;
  at: string;
}

export const RATE_EVENT_MIGRATION: Migration = {
  async up(db) {
    await db.schema
      .createTable('latch_rate_event')
      .ifNotExists()
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('latch_rate_event_by_key').ifNotExists().on('latch_rate_event').columns(['key', 'at']).execute();
    await db.schema.createIndex('latch_rate_event_by_time').ifNotExists().on('latch_rate_event').column('at').execute();
  },
};

export type Take = { ok: true; release(): Promise<void> } | { ok: false; retryAfter: number };

export interface RateLimiterOptions {
  db: Kysely<WalletDatabase>;
  /** Runs the check-and-count alone for its keys, on every instance (database.ts `exclusive`). */
  exclusive<T>(keys: readonly string[], work: (db: Kysely<WalletDatabase>) => Promise<T>): Promise<T>;
  now: () => number;
  /** The longest window of any rule: older events are deleted. */
  keepMs: number;
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('base64url');

/**
 * A sliding-window limiter counted in the database, so every instance of the service sees every event: a check
 * and its count happen under a lock per key (Postgres advisory locks; PGlite is one process). Events older than
 * the longest window are deleted at most once a minute per instance.
 */
export function createRateLimiter(options: RateLimiterOptions) {
  const { now } = options;
  let lastSweep = 0;

  async function sweep(at: number) {
    if (at - lastSweep < 60_000) return;
    lastSweep = at;
    await options.db
      .deleteFrom('latch_rate_event')
      .where('at', '<=', String(at - options.keepMs))
      .execute();
  }

  return {
    /**
     * Counts one event for every key if all their rules allow it; else counts nothing and answers the seconds
     * until the first rule allows one more.
     */
    async take(checks: readonly { key: string; rules: readonly RateRule[] }[]): Promise<Take> {
      const at = now();
      await sweep(at);
      const hashed = checks.map(({ key, rules }) => ({ key: hashKey(key), rules }));
      return options.exclusive(
        hashed.map(({ key }) => key),
        async (db): Promise<Take> => {
          let waitMs = 0;
          for (const { key, rules } of hashed) {
            const longest = Math.max(...rules.map((rule) => rule.windowMs));
            const rows = await db
              .selectFrom('latch_rate_event')
              .select('at')
              .where('key', '=', key)
              .where('at', '>', String(at - longest))
              .orderBy('at')
              .execute();
            const times = rows.map((row) => Number(row.at));
            for (const rule of rules) {
              const inWindow = times.filter((time) => time > at - rule.windowMs);
              if (inWindow.length >= rule.max) {
                const oldestThatCounts = inWindow[inWindow.length - rule.max] as number;
                waitMs = Math.max(waitMs, oldestThatCounts + rule.windowMs - at);
              }
            }
          }
          if (waitMs > 0) return { ok: false, retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) };
          const counted = await db
            .insertInto('latch_rate_event')
            .values(hashed.map(({ key }) => ({ key, at: String(at) })))
            .returning('id')
            .execute();
          return {
            ok: true,
            /** Gives the events back (the action failed on the service's side). */
            async release() {
              await options.db
                .deleteFrom('latch_rate_event')
                .where(
                  'id',
                  'in',
                  counted.map((row) => row.id),
                )
                .execute();
            },
          };
        },
      );
    },
  };
}

/** The longest window among `limits`: how long events must be kept. */
export const longestWindow = (limits: RateLimits) =>
  Math.max(...Object.values(limits).flatMap((rules) => rules.map((rule) => rule.windowMs)));
