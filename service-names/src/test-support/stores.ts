import { PGlite } from '@electric-sql/pglite';
import type { PostgresFixture } from '@latch/devnet/services';
import { sharedPostgres } from '../../../scripts/test-support/sharedPostgres.js';

/** A database for one service: a new in-memory PGlite, or a new database on a real Postgres server. */
export interface TestStore {
  label: 'PGlite' | 'Postgres';
  open(): Promise<{ database: PGlite | string; close(): Promise<void> }>;
}

/**
 * The stores a name-service suite runs on: in-memory PGlite, and a new database on the run's real PostgreSQL server
 * (`sharedPostgres()`), taken on first use. `stop` ends the server if the file had to start one of its own.
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
          postgres ??= sharedPostgres();
          return { database: await (await postgres).createDatabase(), close: async () => undefined };
        },
      },
    ],
    async stop() {
      if (postgres) await (await postgres.catch(() => undefined))?.stop();
    },
  };
}
