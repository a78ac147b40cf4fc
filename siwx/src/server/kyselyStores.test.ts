import type { PostgresFixture } from '@latch/devnet/services';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { sharedPostgres } from '../../../scripts/test-support/sharedPostgres.js';
import type { SiwxSession } from '../session.js';
import { openPglite, openPostgres } from '../test-support/databases.js';
import { migrateSiwxDatabase, type SiwxDatabase } from './database.js';
import { createKyselyNonceStore, createKyselyRateLimitStore, createKyselySessionStore } from './kyselyStores.js';

let postgres: PostgresFixture | undefined;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function postgresDatabase(): Promise<string> {
  postgres ??= await sharedPostgres();
  return postgres.createDatabase();
}

const backends = {
  PGlite: () => openPglite(),
  Postgres: async () => openPostgres(await postgresDatabase()),
};

// One database per backend for the suite (PGlite takes seconds to start), emptied before each test.
const opened = new Map<keyof typeof backends, Promise<{ db: Kysely<SiwxDatabase>; close(): Promise<void> }>>();
afterAll(async () => {
  for (const database of opened.values()) await (await database).close();
  await postgres?.stop();
});

async function open(backend: keyof typeof backends): Promise<Kysely<SiwxDatabase>> {
  if (!opened.has(backend)) {
    opened.set(
      backend,
      backends[backend]().then(async (database) => {
        await migrateSiwxDatabase(database.db);
        return database;
      }),
    );
  }
  const { db } = await opened.get(backend)!;
  for (const table of ['latch_siwx_nonce', 'latch_siwx_session', 'latch_siwx_rate_limit'] as const) await db.deleteFrom(table).execute();
  return db;
}

function clock() {
  let time = 1_900_000_000_000;
  return { now: () => time, advance: (ms: number) => void (time += ms) };
}

const count = async (db: Kysely<SiwxDatabase>, table: keyof SiwxDatabase) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const session = (address: string, expiresAt: number) =>
  ({
    data: { address, caipNetworkId: 'eip155:1' },
    message: 'm',
    signature: 's',
    expiresAt: new Date(expiresAt).toISOString(),
  }) as SiwxSession;

describe.each(['PGlite', 'Postgres'] as const)('the Kysely stores on %s', (backend) => {
  it('migrate once and again without harm', async () => {
    const db = await open(backend);
    await migrateSiwxDatabase(db);
    const rows = await db
      .selectFrom('latch_siwx_migrations' as never)
      .selectAll()
      .execute();
    expect(rows.map((row) => (row as { name: string }).name)).toEqual(['001_nonces_sessions_rate_limits']);
  });

  it('hand a nonce out once, with its expiry, and sweep at most a few expired rows per add', async () => {
    const db = await open(backend);
    const time = clock();
    const store = createKyselyNonceStore(db, { now: time.now });
    await store.add('abcdef0123', time.now() + 60_000);
    expect(await store.take('abcdef0123')).toBe(time.now() + 60_000);
    expect(await store.take('abcdef0123')).toBeUndefined();
    expect(await store.take('never-issued')).toBeUndefined();

    await db
      .insertInto('latch_siwx_nonce')
      .values(Array.from({ length: 200 }, (_, i) => ({ nonce: `expired${i}`, expires_at: time.now() - 1 })))
      .execute();
    await store.add('fresh1', time.now() + 60_000);
    // One add deleted a bounded batch of expired rows (not all 200), and kept the new one.
    expect(await count(db, 'latch_siwx_nonce')).toBe(200 - 64 + 1);
    for (let i = 2; i <= 4; i += 1) await store.add(`fresh${i}`, time.now() + 60_000);
    expect(await count(db, 'latch_siwx_nonce')).toBe(4);
  });

  it("keep a cookie id's sessions until the last one ends; [] or delete forgets them", async () => {
    const db = await open(backend);
    const time = clock();
    const store = createKyselySessionStore(db, { now: time.now });
    const list = [session('0xA', time.now() + 1_000), session('0xB', time.now() + 5_000)];
    await store.set('id1', list);
    expect(await store.get('id1')).toEqual(list);
    await store.set('id1', list.slice(1));
    expect(await store.get('id1')).toEqual(list.slice(1));
    time.advance(5_000);
    expect(await store.get('id1')).toBeUndefined();
    await store.set('id2', [session('0xC', time.now() + 1_000)]);
    expect(await count(db, 'latch_siwx_session')).toBe(1);
    await store.set('id2', []);
    expect(await store.get('id2')).toBeUndefined();
    await store.set('id3', [session('0xD', time.now() + 1_000)]);
    await store.delete('id3');
    expect(await count(db, 'latch_siwx_session')).toBe(0);
  });

  it('count hits per client and window, and start again in the next window', async () => {
    const db = await open(backend);
    const store = createKyselyRateLimitStore(db);
    const hits = [];
    for (const key of ['a', 'a', 'b', 'a']) hits.push(await store.hit(key, 60_000, 60_000));
    expect(hits).toEqual([1, 2, 1, 3]);
    expect(await store.hit('a', 120_000, 60_000)).toBe(1);
    // The old window's row of another client is swept by the next hit.
    expect(await count(db, 'latch_siwx_rate_limit')).toBe(1);
  });
});

describe('the Kysely stores on Postgres, several instances at once', () => {
  async function instances(n: number): Promise<Kysely<SiwxDatabase>[]> {
    const url = await postgresDatabase();
    const opened = await Promise.all(Array.from({ length: n }, () => openPostgres(url)));
    closers.push(...opened.map((o) => o.close));
    return opened.map((o) => o.db);
  }

  it('migrate together on a fresh database: each waits its turn, the tables are made once', async () => {
    const dbs = await instances(4);
    await Promise.all(dbs.map((db) => migrateSiwxDatabase(db)));
    const rows = await dbs[0]!
      .selectFrom('latch_siwx_migrations' as never)
      .selectAll()
      .execute();
    expect(rows).toHaveLength(1);
    expect(await count(dbs[1]!, 'latch_siwx_nonce')).toBe(0);
  });

  it('a nonce is taken by exactly one of two instances asking at the same time', async () => {
    const [a, b] = await instances(2);
    await migrateSiwxDatabase(a!);
    const stores = [createKyselyNonceStore(a!), createKyselyNonceStore(b!)];
    const nonces = Array.from({ length: 40 }, (_, i) => `race${i}nonce`);
    for (const nonce of nonces) await stores[0]!.add(nonce, Date.now() + 60_000);
    const taken = await Promise.all(nonces.flatMap((nonce) => stores.map((store) => store.take(nonce))));
    expect(taken.filter((expiresAt) => expiresAt !== undefined)).toHaveLength(nonces.length);
  });

  it('hits from two instances at once are each counted once', async () => {
    const [a, b] = await instances(2);
    await migrateSiwxDatabase(a!);
    const stores = [createKyselyRateLimitStore(a!), createKyselyRateLimitStore(b!)];
    const counts = await Promise.all(Array.from({ length: 30 }, (_, i) => stores[i % 2]!.hit('client', 0, 60_000)));
    expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });
});
