import type { PGlite } from '@electric-sql/pglite';
import { type Generated, Kysely, type Migration, Migrator, PostgresDialect, sql } from 'kysely';
import { FARCASTER_REQUEST_MIGRATION, type FarcasterRequestTable } from './farcasterRequests.js';
import { RATE_EVENT_MIGRATION, type RateEventTable } from './rateLimit.js';
import { SESSION_SCOPE_MIGRATION, type SessionScopeTable } from './sessionScopes.js';
import { SOCIAL_INTENT_MIGRATION, SOCIAL_INTENT_BINDING_MIGRATION, type SocialIntentTable } from './socialIntents.js';
import { invalidOption } from '@latch/kernel';

/** One embedded wallet: the public addresses and the auth share (one of three; never enough to sign). */
export interface WalletTable {
  /** The project's wallet group (its id unless the operator shares one wallet across projects). */
  wallet_group: string;
  /** better-auth's user id. */
  user_id: string;
  eip155_address: string;
  solana_address: string;
  /** The Shamir auth share, base64, as the frame uploaded it. */
  auth_share: string;
  created_at: Generated<Date>;
}

export interface WalletDatabase {
  wallet: WalletTable;
  /** Social sign-ins in flight (socials.ts). */
  social_intent: SocialIntentTable;
  /** The project and host page each session is for (sessionScopes.ts). */
  latch_session_scope: SessionScopeTable;
  /** Rate-limited events of every instance (rateLimit.ts). */
  latch_rate_event: RateEventTable;
  /** Sign In With Farcaster requests in flight (farcasterRequests.ts). */
  latch_farcaster_request: FarcasterRequestTable;
}

/** An open PGlite, or a Postgres connection string (`postgres://user:pass@host:5432/db`). */
export type DatabaseOption = PGlite | string;

const MIGRATIONS: Record<string, Migration> = {
  '001_wallet': {
    async up(db) {
      await db.schema
        .createTable('wallet')
        .ifNotExists()
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
        .addColumn('eip155_address', 'text', (c) => c.notNull())
        .addColumn('solana_address', 'text', (c) => c.notNull())
        .addColumn('auth_share', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  '002_social_intent': SOCIAL_INTENT_MIGRATION,
  // Wallets per project (a wallet made on one integrator's site is not another's), sessions bound to their project.
  '003_project_scopes': {
    async up(db) {
      await db.schema
        .alterTable('wallet')
        .addColumn('wallet_group', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('wallet')
        .alterColumn('wallet_group', (c) => c.dropDefault())
        .execute();
      await db.schema.alterTable('wallet').dropConstraint('wallet_pkey').execute();
      await db.schema.alterTable('wallet').addPrimaryKeyConstraint('wallet_pkey', ['wallet_group', 'user_id']).execute();
      await SESSION_SCOPE_MIGRATION.up(db);
      await SOCIAL_INTENT_BINDING_MIGRATION.up(db);
    },
  },
  // Several instances on one database: the rate limits and Farcaster requests leave process memory.
  '004_shared_state': {
    async up(db) {
      await RATE_EVENT_MIGRATION.up(db);
      await FARCASTER_REQUEST_MIGRATION.up(db);
    },
  },
};

/** The advisory-lock class of the rate limiter's per-key locks (its own space, apart from the migration lock). */
const RATE_LOCK_CLASS = 4201;

/**
 * PGlite is one in-process connection: a pg-Pool-shaped front so Kysely's PostgresDialect drives it. Queries
 * are serialised by PGlite itself; nothing here opens a transaction (better-auth runs with `transaction: false`).
 */
function pgliteAsPool(pglite: PGlite) {
  const client = {
    async query(text: string, parameters: readonly unknown[]) {
      const result = await pglite.query<Record<string, unknown>>(text, parameters as unknown[]);
      return {
        rows: result.rows,
        rowCount: result.affectedRows ?? result.rows.length,
        command: text.trim().split(/\s/, 1)[0]?.toUpperCase(),
      };
    },
    release() {},
  };
  return { connect: async () => client, end: async () => undefined };
}

export interface OpenDatabase {
  readonly db: Kysely<WalletDatabase>;
  /** Runs the service's own migrations (after better-auth's, which create the `user` table it references). */
  migrate(): Promise<void>;
  /**
   * Runs `work` (the migrations) holding a Postgres advisory lock, so services starting together on one
   * fresh database do not create the same tables at once; PGlite has one owner and needs none.
   */
  migrating(work: () => Promise<void>): Promise<void>;
  /**
   * Runs `work` alone for `keys`: on Postgres in one transaction holding an advisory lock per key (so instances
   * counting the same key wait for each other), on PGlite (one process, one connection) one call after another.
   */
  exclusive<T>(keys: readonly string[], work: (db: Kysely<WalletDatabase>) => Promise<T>): Promise<T>;
  /** Closes what this module opened (a PGlite the caller passed stays open). */
  close(): Promise<void>;
}

/** Opens PGlite (in memory, or in `dataDir`) or a Postgres pool, behind one Kysely instance. */
export async function openDatabase(option: DatabaseOption | undefined, dataDir?: string): Promise<OpenDatabase> {
  let ownPglite: PGlite | undefined;
  let pool: unknown;
  let pgPool: import('pg').Pool | undefined;
  if (typeof option === 'string') {
    if (!/^postgres(ql)?:\/\//.test(option)) throw invalidOption('database: give a postgres:// connection string or a PGlite instance');
    const { default: pg } = await import('pg');
    pool = pgPool = new pg.Pool({ connectionString: option, max: 10 });
    // An idle connection the server dropped (a restart, a failover) is replaced on the next query; without a
    // listener its error would end the process.
    pgPool.on('error', (error) => console.error('[embedded wallet service] a database connection was lost:', error.message));
  } else {
    let pglite = option;
    if (!pglite) {
      const { PGlite } = await import('@electric-sql/pglite');
      pglite = ownPglite = new PGlite(dataDir);
      await pglite.waitReady;
    }
    pool = pgliteAsPool(pglite);
  }
  const db = new Kysely<WalletDatabase>({ dialect: new PostgresDialect({ pool: pool as never }) });
  let queue: Promise<unknown> = Promise.resolve();
  return {
    db,
    exclusive(keys, work) {
      if (pgPool) {
        return db.transaction().execute(async (trx) => {
          // Sorted, so two instances taking the same keys lock them in one order (no deadlock).
          for (const key of [...new Set(keys)].sort())
            await sql`SELECT pg_advisory_xact_lock(${RATE_LOCK_CLASS}, hashtext(${key}))`.execute(trx);
          return work(trx);
        });
      }
      const run = queue.then(() => work(db));
      queue = run.catch(() => undefined);
      return run;
    },
    async migrate() {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => MIGRATIONS },
        migrationTableName: 'latch_embedded_migrations',
        migrationLockTableName: 'latch_embedded_migrations_lock',
      });
      const { error } = await migrator.migrateToLatest();
      if (error) throw error;
    },
    async migrating(work) {
      if (!pgPool) return work();
      const client = await pgPool.connect();
      const lock = ['latch-embedded-migrations'];
      try {
        await client.query('SELECT pg_advisory_lock(hashtext($1))', lock);
        await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', lock).catch(() => undefined);
        client.release();
      }
    },
    async close() {
      await db.destroy();
      await ownPglite?.close();
    },
  };
}
