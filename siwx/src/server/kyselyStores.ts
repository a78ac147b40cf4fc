import type { Kysely } from 'kysely';
import type { SiwxSession } from '../session.js';
import type { SiwxDatabase } from './database.js';
import type { SiwxNonceStore } from './nonceStore.js';
import type { SiwxRateLimitStore } from './rateLimit.js';
import { lastExpiry, type SiwxSessionStore } from './sessionStore.js';

/*
 * The stores on PostgreSQL or PGlite, through your Kysely instance (run migrateSiwxDatabase first).
 * Every instance of the app sees the same rows; each write also deletes a few expired ones
 * (SWEEP_ROWS at most), so no request pays for the whole table.
 */

const SWEEP_ROWS = 64;

export interface KyselyStoreOptions {
  /** The clock (ms). Default `Date.now`. */
  now?: () => number;
}

const tables = <DB>(db: Kysely<DB>) => db as unknown as Kysely<SiwxDatabase>;

/** Nonces in the database: a nonce is taken once across every instance (one DELETE … RETURNING wins). */
export function createKyselyNonceStore<DB>(database: Kysely<DB>, options: KyselyStoreOptions = {}): SiwxNonceStore {
  const db = tables(database);
  const now = options.now ?? Date.now;
  return {
    async add(nonce, expiresAt) {
      await db
        .with('swept', (q) =>
          q
            .deleteFrom('latch_siwx_nonce')
            .where('nonce', 'in', (s) =>
              s.selectFrom('latch_siwx_nonce').select('nonce').where('expires_at', '<=', now()).limit(SWEEP_ROWS),
            )
            .returning('nonce'),
        )
        .insertInto('latch_siwx_nonce')
        .values({ nonce, expires_at: expiresAt })
        .execute();
    },
    async take(nonce) {
      const row = await db.deleteFrom('latch_siwx_nonce').where('nonce', '=', nonce).returning('expires_at').executeTakeFirst();
      return row === undefined ? undefined : Number(row.expires_at);
    },
  };
}

/** Sessions in the database, by cookie id: a visitor signed in through one instance is signed in on all. */
export function createKyselySessionStore<DB>(database: Kysely<DB>, options: KyselyStoreOptions = {}): SiwxSessionStore {
  const db = tables(database);
  const now = options.now ?? Date.now;
  const remove = async (id: string) => void (await db.deleteFrom('latch_siwx_session').where('id', '=', id).execute());
  return {
    async get(id) {
      const row = await db
        .selectFrom('latch_siwx_session')
        .select('sessions')
        .where('id', '=', id)
        .where('expires_at', '>', now())
        .executeTakeFirst();
      return row === undefined ? undefined : (JSON.parse(row.sessions) as SiwxSession[]);
    },
    async set(id, sessions) {
      if (sessions.length === 0) return remove(id);
      const row = { sessions: JSON.stringify(sessions), expires_at: lastExpiry(sessions) };
      await db
        .with('swept', (q) =>
          q
            .deleteFrom('latch_siwx_session')
            .where('id', 'in', (s) =>
              s.selectFrom('latch_siwx_session').select('id').where('expires_at', '<=', now()).where('id', '!=', id).limit(SWEEP_ROWS),
            )
            .returning('id'),
        )
        .insertInto('latch_siwx_session')
        .values({ id, ...row })
        .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
        .execute();
    },
    delete: remove,
  };
}

/** Request counts in the database: a client's limit counts its requests to every instance. */
export function createKyselyRateLimitStore<DB>(database: Kysely<DB>): SiwxRateLimitStore {
  const db = tables(database);
  return {
    async hit(key, windowStart, windowMs) {
      const row = await db
        .with('swept', (q) =>
          q
            .deleteFrom('latch_siwx_rate_limit')
            .where('key', 'in', (s) =>
              s
                .selectFrom('latch_siwx_rate_limit')
                .select('key')
                .where('window_ends', '<=', windowStart)
                .where('key', '!=', key)
                .limit(SWEEP_ROWS),
            )
            .returning('key'),
        )
        .insertInto('latch_siwx_rate_limit')
        .values({ key, window_start: windowStart, window_ends: windowStart + windowMs, hits: 1 })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet((eb) => ({
            hits: eb
              .case()
              .when('latch_siwx_rate_limit.window_start', '=', eb.ref('excluded.window_start'))
              .then(eb('latch_siwx_rate_limit.hits', '+', 1))
              .else(1)
              .end(),
            window_start: eb.ref('excluded.window_start'),
            window_ends: eb.ref('excluded.window_ends'),
          })),
        )
        .returning('hits')
        .executeTakeFirstOrThrow();
      return row.hits;
    },
  };
}
