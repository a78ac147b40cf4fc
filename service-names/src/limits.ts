import { type Kysely, sql } from 'kysely';
import type { NameDatabase } from './database.js';
import { NameServiceError } from './registration.js';
import { invalidOption } from '@latch/kernel';

/** At most `max` in any `windowSeconds`. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/** The service's limits; `false` turns one off. All are counted in the database, so they hold across instances. */
export interface NameServiceLimits {
  /** Registration requests (`POST /v1/names`, whatever the outcome) per client address. Default 10 an hour. */
  registrationsPerIp?: RateLimit | false;
  /** Names stored by the whole service (every project) in a sliding window. Default 1000 an hour. */
  registrations?: RateLimit | false;
  /** Reads (lookups, reverse lookups, suggestions) per client address. Default 600 a minute. */
  lookupsPerIp?: RateLimit | false;
  /** Names one address may hold in one project. Default 1 (the account's name). */
  namesPerAddress?: number | false;
}

export const DEFAULT_LIMITS: Readonly<Required<NameServiceLimits>> = {
  registrationsPerIp: { max: 10, windowSeconds: 3600 },
  registrations: { max: 1000, windowSeconds: 3600 },
  lookupsPerIp: { max: 600, windowSeconds: 60 },
  namesPerAddress: 1,
};

const positiveInteger = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The configured limits over the defaults, checked: a wrong one is an INVALID_OPTION LatchError naming it. */
export function resolveLimits(limits: NameServiceLimits = {}): Required<NameServiceLimits> {
  const resolved = { ...DEFAULT_LIMITS, ...limits };
  for (const key of ['registrationsPerIp', 'registrations', 'lookupsPerIp'] as const) {
    const limit = resolved[key];
    if (limit !== false && !(positiveInteger(limit?.max) && positiveInteger(limit?.windowSeconds))) {
      throw invalidOption(`createNameService: limits.${key} must be false or { max, windowSeconds } with positive whole numbers`);
    }
  }
  if (resolved.namesPerAddress !== false && !positiveInteger(resolved.namesPerAddress)) {
    throw invalidOption('createNameService: limits.namesPerAddress must be false or a positive whole number');
  }
  return resolved;
}

/** '42 seconds', '3 minutes', '2 hours': how long to wait, rounded up, for a refusal a person reads. */
export function waitText(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(seconds, 'second');
  if (seconds < 3600) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}

const SWEEP_EVERY_MS = 60_000;

/**
 * Fixed-window counters in `latch_names_rate_limits`. One atomic UPSERT per request counts it, and counts it
 * only while the window has room, so instances sharing the database never let more than `max` through.
 */
export function createRateCounter(db: Kysely<NameDatabase>) {
  let lastSweep = Number.NEGATIVE_INFINITY;
  return async function count(key: string, limit: RateLimit, nowMs: number, refusal: (wait: string) => string): Promise<void> {
    if (nowMs - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = nowMs;
      await db.deleteFrom('latch_names_rate_limits').where('expires_at', '<', new Date(nowMs)).execute();
    }
    const windowMs = limit.windowSeconds * 1000;
    const start = Math.floor(nowMs / windowMs) * windowMs;
    const counted = await db
      .insertInto('latch_names_rate_limits')
      .values({ key, window_start: String(start), hits: 1, expires_at: new Date(start + windowMs) })
      .onConflict((conflict) =>
        conflict
          .columns(['key', 'window_start'])
          .doUpdateSet({ hits: sql<number>`latch_names_rate_limits.hits + 1` })
          .where('latch_names_rate_limits.hits', '<', limit.max),
      )
      .returning('hits')
      .executeTakeFirst();
    if (!counted) {
      const retryAfter = Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000));
      throw new NameServiceError(429, refusal(waitText(retryAfter)), retryAfter);
    }
  };
}

/**
 * Under the registrations lock: refuses with 429 when the last window already holds `limit.max` names
 * (sliding window over the names' creation times), with the seconds until the oldest of them leaves it.
 */
export async function checkRecentRegistrations(trx: Kysely<NameDatabase>, limit: RateLimit, nowMs: number): Promise<void> {
  const windowMs = limit.windowSeconds * 1000;
  const oldestCounted = await trx
    .selectFrom('latch_names')
    .select('created_at')
    .where('created_at', '>', new Date(nowMs - windowMs))
    .orderBy('created_at', 'desc')
    .offset(limit.max - 1)
    .limit(1)
    .executeTakeFirst();
  if (!oldestCounted) return;
  const retryAfter = Math.max(1, Math.ceil((new Date(oldestCounted.created_at).getTime() + windowMs - nowMs) / 1000));
  throw new NameServiceError(429, `Too many names are being registered: try again in ${waitText(retryAfter)}`, retryAfter);
}
