// @vitest-environment node
import type { PostgresFixture } from '@latch/devnet/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPostgres } from '../../../scripts/test-support/sharedPostgres.js';
import { type OpenDatabase, openDatabase } from './database.js';
import { createFarcasterRequests, VERIFY_LEASE_MS } from './farcasterRequests.js';
import { createRateLimiter, type RateRule } from './rateLimit.js';

// The service's shared state (rate limits, Farcaster requests) as two instances see it: two connection pools on one
// real Postgres, and one PGlite for the single-process default. The wallet tables reference better-auth's `user` and
// `session` (here bare stand-ins: better-auth itself is not what this file tests).
async function migrated(database: OpenDatabase) {
  await database.migrating(async () => {
    for (const table of ['user', 'session'])
      await database.db.schema
        .createTable(table)
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .execute();
    await database.migrate();
  });
  return database;
}

const HOUR = 3_600_000;

describe.each([
  { name: 'a real Postgres, two instances', postgres: true },
  { name: 'PGlite, one process', postgres: false },
])('shared state on $name', ({ postgres: onPostgres }) => {
  let postgres: PostgresFixture | undefined;
  let first: OpenDatabase;
  let second: OpenDatabase;
  let time = Date.parse('2026-11-26T12:00:00Z');
  const now = () => time;

  beforeAll(async () => {
    if (onPostgres) {
      postgres = await sharedPostgres();
      const url = await postgres.createDatabase();
      // Two instances starting together on a fresh database: the migrations run once.
      [first, second] = await Promise.all([openDatabase(url).then(migrated), openDatabase(url).then(migrated)]);
    } else {
      first = second = await migrated(await openDatabase(undefined));
    }
  }, 180_000);
  afterAll(async () => {
    await first?.close();
    if (second !== first) await second?.close();
    await postgres?.stop();
  });

  const limiterOn = (database: OpenDatabase) => createRateLimiter({ db: database.db, exclusive: database.exclusive, now, keepMs: HOUR });

  it('counts a limit across instances: 40 concurrent takes on one key, 5 allowed, exactly 5 pass', async () => {
    const rules: RateRule[] = [{ max: 5, windowMs: HOUR }];
    const limiters = [limiterOn(first), limiterOn(second)];
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) => (limiters[index % 2] as ReturnType<typeof limiterOn>).take([{ key: 'send:ip:a', rules }])),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(5);
    const refused = results.find((result) => !result.ok);
    expect(refused).toEqual({ ok: false, retryAfter: 3600 });
  });

  it('checks every key of a take, counts all or none, and gives events back on release', async () => {
    const limiter = limiterOn(first);
    const other = limiterOn(second);
    const rules: RateRule[] = [{ max: 1, windowMs: 30_000 }];
    const taken = await limiter.take([
      { key: 'send:address:x', rules },
      { key: 'send:ip:b', rules: [{ max: 2, windowMs: HOUR }] },
    ]);
    expect(taken.ok).toBe(true);
    // The address is used up: nothing is counted for the IP either.
    expect(
      await other.take([
        { key: 'send:address:x', rules },
        { key: 'send:ip:b', rules: [{ max: 2, windowMs: HOUR }] },
      ]),
    ).toEqual({
      ok: false,
      retryAfter: 30,
    });
    expect((await other.take([{ key: 'send:ip:b', rules: [{ max: 2, windowMs: HOUR }] }])).ok).toBe(true);
    if (taken.ok) await taken.release();
    expect((await other.take([{ key: 'send:address:x', rules }])).ok).toBe(true);
  });

  it('slides the window on the clock and forgets events older than the longest window', async () => {
    const limiter = limiterOn(first);
    const rules: RateRule[] = [{ max: 1, windowMs: 60_000 }];
    expect((await limiter.take([{ key: 'slide', rules }])).ok).toBe(true);
    time += 59_000;
    expect(await limiter.take([{ key: 'slide', rules }])).toEqual({ ok: false, retryAfter: 1 });
    time += 1_000;
    expect((await limiter.take([{ key: 'slide', rules }])).ok).toBe(true);
    time += 2 * HOUR;
    await limiterOn(second).take([{ key: 'sweep', rules }]);
    const left = await first.db
      .selectFrom('latch_rate_event')
      .select('at')
      .where('at', '<=', String(time - HOUR))
      .execute();
    expect(left).toEqual([]);
  });

  it('keeps no e-mail address or IP in the table: keys are hashed', async () => {
    await limiterOn(first).take([{ key: 'send:address:alice@example.test', rules: [{ max: 9, windowMs: HOUR }] }]);
    const keys = (await first.db.selectFrom('latch_rate_event').select('key').execute()).map((row) => row.key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(' ')).not.toMatch(/alice|example|send:/);
  });

  it('lets one instance at a time check a Farcaster answer, claims once, and hands a dead checker over after its lease', async () => {
    const mine = createFarcasterRequests(first.db, now, 5 * 60_000);
    const theirs = createFarcasterRequests(second.db, now, 5 * 60_000);
    const request = {
      channelToken: 'token',
      nonce: 'nonce123',
      challenge: 'c'.repeat(43),
      projectId: 'demo',
      hostOrigin: 'http://host.test',
      expiresAt: time + 5 * 60_000,
    };
    await mine.create({ ...request, channelId: 'one' });
    const leases = await Promise.all([mine.lease('one'), theirs.lease('one'), mine.lease('one'), theirs.lease('one')]);
    expect(leases.filter(Boolean)).toHaveLength(1);
    const lease = leases.find(Boolean) as string;
    expect((await theirs.get('one'))?.state).toBe('verifying');
    await mine.keepAnswer('one', lease, '{"state":"completed"}');
    expect((await theirs.get('one'))?.answer).toBe('{"state":"completed"}');
    // The checker dies; after its lease another instance takes over, and the dead one can no longer settle.
    expect(await theirs.lease('one')).toBeUndefined();
    time += VERIFY_LEASE_MS + 1;
    const takeover = await theirs.lease('one');
    expect(takeover).toBeTypeOf('string');
    expect(await mine.settle('one', lease, 'claimed')).toBe(false);
    expect(await theirs.settle('one', takeover as string, 'claimed')).toBe(true);
    expect(await mine.lease('one')).toBeUndefined();
    expect((await mine.get('one'))?.state).toBe('claimed');
    // Kept a while after expiry (a second claim is refused, not unknown), then gone.
    time += 5 * 60_000;
    expect(await mine.get('one')).toBeDefined();
    time += 5 * 60_000;
    expect(await mine.get('one')).toBeUndefined();
  });
});
