import { type PostgresFixture, startPostgres } from '@latch/devnet/services';
import { inject } from 'vitest';

/**
 * The run's shared PostgreSQL server (scripts/test-support/postgresGlobalSetup.ts), for a test file to create its own
 * databases on (`createDatabase()`). Its `stop()` does nothing: the server belongs to the run, and the global
 * teardown stops it. Outside a project with that global setup, with LATCH_TEST_POSTGRES_URL set, or without
 * PostgreSQL installed, it is `startPostgres()`: a server of the file's own (stopped by `stop()`), the one the
 * variable names, or the error saying what is missing.
 */
export function sharedPostgres(): Promise<PostgresFixture> {
  const url = inject('latchPostgresUrl');
  return url ? startPostgres({ url }) : startPostgres();
}
