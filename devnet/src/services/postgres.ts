import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { START_UP_TIMEOUT_MS } from '@latch/testkit';
import { freePort } from './freePort.js';

/** A throwaway PostgreSQL server on 127.0.0.1 (its own cluster in a temporary directory). */
export interface PostgresFixture {
  /** `postgres://latch@127.0.0.1:PORT/postgres`: the server's maintenance database. */
  readonly url: string;
  readonly port: number;
  /** Where the server came from: `cluster` (started here) or `env` (LATCH_TEST_POSTGRES_URL). */
  readonly source: 'cluster' | 'env';
  /** The server's process id (its backends are its children), when it was started here. */
  readonly pid?: number;
  /** Creates an empty database and answers its connection string. */
  createDatabase(name?: string): Promise<string>;
  /** Runs one statement on the maintenance database (e.g. to read `pg_stat_activity`). */
  query<Row = Record<string, unknown>>(text: string, parameters?: readonly unknown[]): Promise<Row[]>;
  /** Stops the server and deletes its directory; safe to call twice. */
  stop(): Promise<void>;
}

export interface PostgresOptions {
  /** Use this server instead of starting one (default: `process.env.LATCH_TEST_POSTGRES_URL`). */
  url?: string;
  /** Most connections the server accepts. Default 200 (several service instances with their pools). */
  maxConnections?: number;
}

/** The Debian package's server binaries: `LATCH_POSTGRES_BIN`, the newest `/usr/lib/postgresql/N/bin`, or PATH. */
export function postgresBinDir(): string | undefined {
  const fromEnv = process.env.LATCH_POSTGRES_BIN;
  if (fromEnv) return existsSync(join(fromEnv, 'postgres')) ? fromEnv : undefined;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((version) => existsSync(join(debian, version, 'bin', 'postgres')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(debian, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v postgres'], { encoding: 'utf8' });
  const found = which.stdout.trim();
  return found ? found.slice(0, found.lastIndexOf('/')) : undefined;
}

const MISSING =
  'PostgreSQL is not installed: the Postgres suites start a real server. Install Debian\'s "postgresql" package ' +
  '(apt-get install postgresql; `.ci/run` does it), set LATCH_POSTGRES_BIN to a directory holding initdb and postgres, ' +
  'or set LATCH_TEST_POSTGRES_URL to a server the tests may create databases on.';

// Servers still running; killed if this Node process exits first, so no postgres outlives a test run.
const running = new Set<ChildProcess>();
let hooked = false;
function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

/** initdb and postgres refuse to run as root: as root, they run as the `postgres` user the package creates. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (id.status !== 0) throw new Error('Running as root needs the "postgres" user (Debian\'s postgresql package creates it)');
  return { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

let counter = 0;
const databaseName = (name?: string) => {
  const chosen = name ?? `latch_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(chosen)) throw new TypeError(`Not a plain database name: ${chosen}`);
  return chosen;
};

async function withClient<T>(url: string, work: (client: import('pg').Client) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function fixtureOn(url: string, port: number, source: 'cluster' | 'env', stop: () => Promise<void>, pid?: number): PostgresFixture {
  return {
    url,
    port,
    source,
    ...(pid === undefined ? {} : { pid }),
    async createDatabase(name) {
      const database = databaseName(name);
      await withClient(url, (client) => client.query(`CREATE DATABASE ${database}`));
      const next = new URL(url);
      next.pathname = `/${database}`;
      return next.toString();
    },
    async query(text, parameters) {
      return withClient(url, async (client) => (await client.query(text, parameters as unknown[])).rows);
    },
    stop,
  };
}

/**
 * Starts a real PostgreSQL server for a test: `initdb` a cluster in a temporary directory (trust auth for the
 * user `latch`, fsync off), `postgres` on a free port of 127.0.0.1 with its socket in that directory, and
 * resolves once the server says it accepts connections. The server is this process's child: `stop()` ends it,
 * and so does this process's exit. With `LATCH_TEST_POSTGRES_URL` set, uses that server instead.
 */
export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresFixture> {
  const external = options.url ?? process.env.LATCH_TEST_POSTGRES_URL;
  if (external) {
    const url = new URL(external);
    return fixtureOn(external, Number(url.port || 5432), 'env', async () => undefined);
  }
  const bin = postgresBinDir();
  if (!bin || !existsSync(join(bin, 'initdb'))) throw new Error(MISSING);
  hookExit();
  const owner = runAs();
  const dir = mkdtempSync(join(tmpdir(), 'latch-pg-'));
  const data = join(dir, 'data');
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  const init = spawnSync(join(bin, 'initdb'), ['-D', data, '-U', 'latch', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'], {
    encoding: 'utf8',
    ...owner,
    timeout: START_UP_TIMEOUT_MS,
  });
  if (init.status !== 0) {
    cleanup();
    throw new Error(`initdb failed (${init.status ?? init.signal}): ${init.stderr || init.stdout}`);
  }

  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const child = spawn(
      join(bin, 'postgres'),
      [
        '-D',
        data,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${dir}`,
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
        '-c',
        `max_connections=${options.maxConnections ?? 200}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], ...owner },
    );
    running.add(child);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    void exited.then(() => running.delete(child));
    let log = '';
    const ready = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), START_UP_TIMEOUT_MS);
      const onData = (chunk: Buffer) => {
        log += chunk.toString('utf8');
        if (log.includes('ready to accept connections')) {
          clearTimeout(timer);
          resolve(true);
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    if (ready) {
      let stopping: Promise<void> | undefined;
      const stop = () => {
        stopping ??= (async () => {
          if (child.exitCode === null && child.signalCode === null) {
            // SIGQUIT is PostgreSQL's immediate shutdown: nothing here needs to survive.
            child.kill('SIGQUIT');
            const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
            await exited;
            clearTimeout(force);
          }
          cleanup();
        })();
        return stopping;
      };
      return fixtureOn(`postgres://latch@127.0.0.1:${port}/postgres`, port, 'cluster', stop, child.pid);
    }
    child.kill('SIGKILL');
    await exited;
    // Another process took the port between our probe and postgres's bind: try another one.
    if (attempt < 3 && /could not bind|Address already in use/.test(log)) continue;
    cleanup();
    throw new Error(`postgres did not start: ${log.slice(-2000)}`);
  }
}

/** Whether this machine can start a server (for a clear message before a suite runs). */
export function postgresAvailable(): boolean {
  if (process.env.LATCH_TEST_POSTGRES_URL) return true;
  const bin = postgresBinDir();
  return Boolean(bin && existsSync(join(bin, 'initdb')));
}
