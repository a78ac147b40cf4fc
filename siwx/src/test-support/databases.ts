import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import type { SiwxDatabase } from '../server/database.js';

/** A Kysely over PGlite (one in-process connection, which serialises its queries), as an integrator would open one. */
export async function openPglite(): Promise<{ db: Kysely<SiwxDatabase>; close(): Promise<void> }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite: PGlite = new PGlite();
  await pglite.waitReady;
  const connection = {
    query: async (text: string, values: unknown[]) => {
      const { rows, affectedRows } = await pglite.query(text, values);
      return { rows, rowCount: affectedRows ?? rows.length, command: /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() };
    },
    release: () => undefined,
  };
  const db = new Kysely<SiwxDatabase>({
    dialect: new PostgresDialect({ pool: { connect: async () => connection, end: async () => undefined } as never }),
  });
  return {
    db,
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

/** A Kysely over a pg pool on a Postgres database (one app instance's connections). */
export async function openPostgres(url: string): Promise<{ db: Kysely<SiwxDatabase>; close(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const db = new Kysely<SiwxDatabase>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 4 }) }) });
  return { db, close: () => db.destroy() };
}
