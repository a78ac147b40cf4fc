import type { ColumnType, Kysely, Migration } from 'kysely';

/** Milliseconds since 1970 in a bigint column: written as a number, read back as whatever the driver gives. */
export type SiwxMillis = ColumnType<string | number | bigint, number, number>;

/** The tables `migrateSiwxDatabase` creates, all prefixed `latch_siwx_`. */
export interface SiwxDatabase {
  latch_siwx_nonce: { nonce: string; expires_at: SiwxMillis };
  /** A cookie id's sessions, as JSON text, until the last of them ends. */
  latch_siwx_session: { id: string; sessions: string; expires_at: SiwxMillis };
  latch_siwx_rate_limit: { key: string; window_start: SiwxMillis; window_ends: SiwxMillis; hits: ColumnType<number, number, number> };
}

const MIGRATIONS: Record<string, Migration> = {
  '001_nonces_sessions_rate_limits': {
    async up(db: Kysely<unknown>) {
      const schema = db.schema;
      await schema
        .createTable('latch_siwx_nonce')
        .addColumn('nonce', 'text', (column) => column.primaryKey())
        .addColumn('expires_at', 'bigint', (column) => column.notNull())
        .execute();
      await schema.createIndex('latch_siwx_nonce_expiry').on('latch_siwx_nonce').column('expires_at').execute();
      await schema
        .createTable('latch_siwx_session')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('sessions', 'text', (column) => column.notNull())
        .addColumn('expires_at', 'bigint', (column) => column.notNull())
        .execute();
      await schema.createIndex('latch_siwx_session_expiry').on('latch_siwx_session').column('expires_at').execute();
      await schema
        .createTable('latch_siwx_rate_limit')
        .addColumn('key', 'text', (column) => column.primaryKey())
        .addColumn('window_start', 'bigint', (column) => column.notNull())
        .addColumn('window_ends', 'bigint', (column) => column.notNull())
        .addColumn('hits', 'integer', (column) => column.notNull())
        .execute();
      await schema.createIndex('latch_siwx_rate_limit_expiry').on('latch_siwx_rate_limit').column('window_ends').execute();
    },
  },
};

const LOCK = 'latch-siwx-migrations';

/**
 * Creates or updates the sign-in tables on PostgreSQL or PGlite (`db` is your Kysely instance). Safe
 * when several instances start together: they take turns on a Postgres advisory lock, and each finds
 * what the first one did.
 */
export async function migrateSiwxDatabase<DB>(db: Kysely<DB>): Promise<void> {
  // kysely is an optional peer: loaded here, by the one who chose the Kysely stores.
  const { Migrator, sql } = await import('kysely');
  await (db as Kysely<unknown>).connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(hashtext(${LOCK}))`.execute(connection);
    try {
      const migrator = new Migrator({
        db: connection,
        provider: { getMigrations: async () => MIGRATIONS },
        migrationTableName: 'latch_siwx_migrations',
        migrationLockTableName: 'latch_siwx_migrations_lock',
      });
      const { error } = await migrator.migrateToLatest();
      if (error) throw error;
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext(${LOCK}))`.execute(connection);
    }
  });
}
