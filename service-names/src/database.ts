import type { PGlite } from '@electric-sql/pglite';
import { type Generated, Kysely, type Migration, Migrator, PostgresDialect, sql } from 'kysely';
import { invalidOption } from '@latch/kernel';

/** One registered name. */
export interface NameTable {
  /** The full name, lowercased ('alice.latch.id'). */
  name: string;
  project_id: string;
  /** EIP-55 address the name points to. */
  address: string;
  /** §7 coin type of the chain it was registered on (chain id with the top bit set). */
  coin_type: string;
  /** The signed §7 message and its signature: proof of who registered it. */
  message: string;
  signature: string;
  created_at: Generated<Date>;
}

/** One fixed window of a rate limit: how many requests it counted. */
export interface RateLimitTable {
  /** What is counted, e.g. `registrations-ip:203.0.113.7`. */
  key: string;
  /** The window's start, in ms since the epoch (bigint). */
  window_start: string;
  hits: number;
  /** The window's end: rows past it are deleted. */
  expires_at: Date;
}

export interface NameDatabase {
  latch_names: NameTable;
  latch_names_rate_limits: RateLimitTable;
}

/** What `createNameService({ database })` takes: an open PGlite, or a Postgres connection string. */
export type DatabaseOption = PGlite | string;

const MIGRATIONS: Record<string, Migration> = {
  '001_latch_names': {
    async up(db) {
      await db.schema
        .createTable('latch_names')
        .ifNotExists()
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('coin_type', 'bigint', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('signature', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('latch_names_by_address').ifNotExists().on('latch_names').columns(['project_id', 'address']).execute();
    },
  },
  // Limits counted in the database, so they hold across instances: fixed windows per client, and the
  // registrations of a recent window read from the names themselves.
  '002_rate_limits': {
    async up(db) {
      await db.schema
        .createTable('latch_names_rate_limits')
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('latch_names_rate_limits_pkey', ['key', 'window_start'])
        .execute();
      await db.schema.createIndex('latch_names_rate_limits_by_expiry').on('latch_names_rate_limits').column('expires_at').execute();
      await db.schema.createIndex('latch_names_by_creation').on('latch_names').column('created_at').execute();
    },
  },
};

/**
 * PGlite is one in-process connection: a pg-Pool-shaped front so Kysely's PostgresDialect drives it. A
 * connection is handed to one user at a time (the next waits for `release`), so a transaction's
 * statements never interleave with another request's.
 */
function pgliteAsPool(pglite: PGlite) {
  let queue: Promise<void> = Promise.resolve();
  const query = async (text: string, parameters: readonly unknown[]) => {
    const result = await pglite.query<Record<string, unknown>>(text, parameters as unknown[]);
    return {
      rows: result.rows,
      rowCount: result.affectedRows ?? result.rows.length,
      command: text.trim().split(/\s/, 1)[0]?.toUpperCase(),
    };
  };
  return {
    async connect() {
      let release!: () => void;
      const turn = new Promise<void>((resolve) => {
        release = resolve;
      });
      const previous = queue;
      queue = previous.then(() => turn);
      await previous;
      return { query, release };
    },
    end: async () => undefined,
  };
}

export interface OpenDatabase {
  readonly db: Kysely<NameDatabase>;
  /**
   * Runs `work` alone for `keys`: on Postgres in one transaction holding an advisory lock per key (so instances
   * working on the same key wait for each other); on PGlite (one process) one call after another, without a
   * transaction, since a PGlite may be shared with another service whose statements must not land in ours.
   */
  exclusive<T>(keys: readonly string[], work: (db: Kysely<NameDatabase>) => Promise<T>): Promise<T>;
  /** Closes what this module opened (a PGlite the caller passed stays open). */
  close(): Promise<void>;
}

const MIGRATION_LOCK = 'latch-names-migrations';

/**
 * Opens the database (in-memory PGlite by default) and brings its schema up to date. On Postgres the
 * migrations run holding an advisory lock, so instances starting together on one fresh database run
 * them once, one after the other.
 */
export async function openDatabase(option: DatabaseOption | undefined): Promise<OpenDatabase> {
  let ownPglite: PGlite | undefined;
  let pool: unknown;
  let pgPool: import('pg').Pool | undefined;
  if (typeof option === 'string') {
    if (!/^postgres(ql)?:\/\//.test(option)) throw invalidOption('database: give a postgres:// connection string or a PGlite instance');
    const { default: pg } = await import('pg');
    pool = pgPool = new pg.Pool({ connectionString: option, max: 5 });
    // An idle connection that breaks (the server restarted) is replaced on next use; it must not end the process.
    pgPool.on('error', (error) => console.error('[name service] idle database connection failed:', error.message));
  } else {
    let pglite = option;
    if (!pglite) {
      const { PGlite } = await import('@electric-sql/pglite');
      pglite = ownPglite = new PGlite();
    }
    pool = pgliteAsPool(pglite);
  }
  const db = new Kysely<NameDatabase>({ dialect: new PostgresDialect({ pool: pool as never }) });
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    migrationTableName: 'latch_names_migrations',
    migrationLockTableName: 'latch_names_migrations_lock',
  });
  const migrate = async () => (await migrator.migrateToLatest()).error;
  let error: unknown;
  try {
    error = pgPool ? await holdingLock(pgPool, migrate) : await migrate();
  } catch (thrown) {
    error = thrown;
  }
  if (error) {
    await db.destroy();
    await ownPglite?.close();
    throw error;
  }
  let queue: Promise<unknown> = Promise.resolve();
  return {
    db,
    exclusive(keys, work) {
      if (pgPool) {
        return db.transaction().execute(async (trx) => {
          // Sorted, so two instances taking the same keys lock them in one order (no deadlock).
          for (const key of [...new Set(keys)].sort())
            await sql`SELECT pg_advisory_xact_lock(hashtext(${`latch-names:${key}`}))`.execute(trx);
          return work(trx);
        });
      }
      const run = queue.then(() => work(db));
      queue = run.catch(() => undefined);
      return run;
    },
    async close() {
      await db.destroy();
      await ownPglite?.close();
    },
  };
}

/** Runs `work` holding the migrations' advisory lock on a connection of its own. */
async function holdingLock<T>(pool: import('pg').Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
    return await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
