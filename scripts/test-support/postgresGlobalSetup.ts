import type { TestProject } from 'vitest/node';
import { type PostgresFixture, postgresAvailable, startPostgres } from '../../devnet/src/services/postgres.js';
import { sharedForRun } from './sharedForRun.js';

/*
 * One real PostgreSQL server for the whole Vitest run, not one per test file (initdb and a server start cost 1 to
 * 2 CPU s each time). It is the `globalSetup` of every project whose tests use Postgres (`sharedPostgresSetup` in
 * vitest.shared.ts): the first of those projects starts it in Vitest's main process, the others reuse it, and the last
 * one's teardown stops it (`sharedForRun`; the server also dies with the process). Each project passes its URL to its
 * test files (`provide`); a file takes it with `sharedPostgres()` (scripts/test-support/sharedPostgres.ts) and creates
 * a database of its own on it, so files running side by side share the server but no data.
 *
 * With LATCH_TEST_POSTGRES_URL set, or without PostgreSQL installed, nothing starts here: `sharedPostgres()` then
 * falls back to `startPostgres()`, which uses that server, or fails the Postgres suites saying what is missing.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared PostgreSQL server (its maintenance database), when this setup started one. */
    latchPostgresUrl?: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.LATCH_TEST_POSTGRES_URL || !postgresAvailable()) return undefined;
  // Three files at a time, from several projects, each with service instances and their pools on this one server.
  const server = await sharedForRun<PostgresFixture>(
    'latch.test.sharedPostgres',
    () => startPostgres({ maxConnections: 500 }),
    (running) => running.stop(),
  );
  project.provide('latchPostgresUrl', server.value.url);
  return server.release;
}
