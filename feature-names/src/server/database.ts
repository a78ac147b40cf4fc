import type { PGlite } from '@electric-sql/pglite';
import { type Generated, Kysely, type Migration, Migrator, PostgresDialect, sql } from 'kysely';

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

export interface NameDatabase {
  latch_names: NameTable;
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
};

/** PGlite is one in-process connection: a pg-Pool-shaped front so Kysely's PostgresDialect drives it. */
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
  readonly db: Kysely<NameDatabase>;
  /** Closes what this module opened (a PGlite the caller passed stays open). */
  close(): Promise<void>;
}

/** Opens the database (in-memory PGlite by default) and brings its schema up to date. */
export async function openDatabase(option: DatabaseOption | undefined): Promise<OpenDatabase> {
  let ownPglite: PGlite | undefined;
  let pool: unknown;
  if (typeof option === 'string') {
    const { default: pg } = await import('pg');
    pool = new pg.Pool({ connectionString: option, max: 5 });
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
  const { error } = await migrator.migrateToLatest();
  if (error) {
    await db.destroy();
    await ownPglite?.close();
    throw error;
  }
  return {
    db,
    async close() {
      await db.destroy();
      await ownPglite?.close();
    },
  };
}
