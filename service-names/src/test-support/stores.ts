import { PGlite } from '@electric-sql/pglite';
import { type PostgresFixture, startPostgres } from '@latch/devnet/services';

/** A database for one service: a new in-memory PGlite, or a new database on a real Postgres server. */
export interface TestStore {
  label: 'PGlite' | 'Postgres';
  open(): Promise<{ database: PGlite | string; close(): Promise<void> }>;
}

/**
 * The stores a name-service suite runs on: in-memory PGlite, and a real PostgreSQL server started for the
 * file on first use (`startPostgres`: Debian's package, or LATCH_TEST_POSTGRES_URL). `stop` ends the server.
 */
export function testStores(): { stores: TestStore[]; stop(): Promise<void> } {
  let postgres: Promise<PostgresFixture> | undefined;
  return {
    stores: [
      {
        label: 'PGlite',
        async open() {
          const pglite = new PGlite();
          return { database: pglite, close: () => pglite.close() };
        },
      },
      {
        label: 'Postgres',
        async open() {
          postgres ??= startPostgres();
          return { database: await (await postgres).createDatabase(), close: async () => undefined };
        },
      },
    ],
    async stop() {
      if (postgres) await (await postgres.catch(() => undefined))?.stop();
    },
  };
}
