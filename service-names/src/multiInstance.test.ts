// @vitest-environment node
import { existsSync } from 'node:fs';
import {
  type PostgresFixture,
  type RoundRobinProxy,
  type ServiceProcess,
  startRoundRobinProxy,
  startServiceProcess,
} from '@latch/devnet/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPostgres } from '../../scripts/test-support/sharedPostgres.js';
import { firstReason, freshAccount, type RegistrationBody, signedRegistration } from './test-support/registrations.js';

// Two instances of the name service as an operator runs them: the built CLI, each its own process, on one real
// Postgres, behind a round-robin load balancer that appends X-Forwarded-For (so each runs with --trust-proxy).
// Nothing but the database is shared: a limit counted by one holds on the other, a name stored by one is read by
// the other, and when one dies the other carries on.
const cli = new URL('../dist/cli.js', import.meta.url).pathname;
const SUFFIX = 'multi.test';
/** One fixed window covers the whole run (windows are aligned to multiples of their length since 1970). */
const WHOLE_RUN = 1_000_000_000;
const PER_IP = 3;

let postgres: PostgresFixture;
let database: string;
let balancer: RoundRobinProxy;
const instances: ServiceProcess[] = [];

beforeAll(async () => {
  expect(existsSync(cli), `${cli} is missing: build the package first (npm test does)`).toBe(true);
  postgres = await sharedPostgres();
  database = await postgres.createDatabase();
  // Started together on a fresh database: the two race for the migrations.
  const args = [
    ...[cli, '--suffix', SUFFIX, '--database', database, '--port', '0', '--trust-proxy'],
    ...['--registrations-per-ip', `${PER_IP}/${WHOLE_RUN}`, '--lookups-per-ip', `${PER_IP * 2}/${WHOLE_RUN}`],
  ];
  instances.push(...(await Promise.all([0, 1].map(() => startServiceProcess({ args, ready: /on (http:\/\/\S+)/ })))));
  balancer = await startRoundRobinProxy(instances.map((instance) => instance.url));
}, 300_000);
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await balancer?.close();
  await postgres?.stop();
});

const target = (index: number) => (instances[index] as ServiceProcess).url;

/**
 * A request to one instance as the balancer would pass it on from `client`: the client's address appended to
 * X-Forwarded-For, the balancer's host and scheme. Without `base`, through the balancer itself.
 */
function call(path: string, options: { base?: string; client?: string; body?: RegistrationBody } = {}) {
  const headers: Record<string, string> = {};
  if (options.base) {
    headers['x-forwarded-for'] = options.client ?? '127.0.0.1';
    headers['x-forwarded-host'] = new URL(balancer.url).host;
    headers['x-forwarded-proto'] = 'http';
  }
  if (options.body) headers['content-type'] = 'application/json';
  return fetch(`${options.base ?? balancer.url}/v1${path}`, {
    method: options.body ? 'POST' : 'GET',
    headers,
    body: options.body && JSON.stringify(options.body),
  });
}

/** A registration of `<label>.multi.test` signed for the service at the balancer's URL, as the plugin signs it. */
const signed = (label: string, account = freshAccount()) => signedRegistration(account, `${label}.${SUFFIX}`, { serviceUrl: balancer.url });

describe('the name service as two instances on one Postgres', () => {
  it('ran its migrations once although both instances started together', async () => {
    for (const base of [target(0), target(1)])
      expect((await call('/suggestions?name=alice', { base, client: '192.0.2.1' })).status).toBe(200);
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: database });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT name, count(*)::int AS runs FROM latch_names_migrations GROUP BY name ORDER BY name');
      expect(rows).toEqual([
        { name: '001_latch_names', runs: 1 },
        { name: '002_rate_limits', runs: 1 },
      ]);
    } finally {
      await client.end();
    }
  });

  it('reads on one instance a name the other registered', async () => {
    const account = freshAccount();
    const registered = await call('/names', { base: target(0), client: '192.0.2.2', body: await signed('shared', account) });
    expect(registered.status).toBe(201);
    const lookup = await call(`/names/shared.${SUFFIX}`, { base: target(1), client: '192.0.2.2' });
    expect(lookup.status).toBe(200);
    expect(await lookup.json()).toMatchObject({
      name: `shared.${SUFFIX}`,
      addresses: { [String(0x80000000 + 31337)]: { address: account.address } },
    });
    const reverse = await call(`/addresses/${account.address}/names`, { base: target(1), client: '192.0.2.2' });
    expect(((await reverse.json()) as { names: { name: string }[] }).names.map((n) => n.name)).toEqual([`shared.${SUFFIX}`]);
    // The name is taken for the other instance too.
    const again = await call('/names', { base: target(1), client: '192.0.2.3', body: await signed('shared') });
    expect(again.status).toBe(409);
    expect(await firstReason(again)).toBe(`Name shared.${SUFFIX} is already taken`);
  });

  it('counts a client’s registrations and reads across instances, whatever it writes in X-Forwarded-For', async () => {
    const client = '203.0.113.50';
    const statuses: number[] = [];
    for (let i = 0; i < PER_IP; i++) {
      statuses.push((await call('/names', { base: target(i % 2), client, body: await signed(`limited${i}`) })).status);
    }
    expect(statuses).toEqual(Array(PER_IP).fill(201));
    for (const base of [target(0), target(1)]) {
      const refused = await call('/names', { base, client, body: await signed('limitedmore') });
      expect(refused.status).toBe(429);
      expect(await firstReason(refused)).toMatch(/^Too many registrations from your network: try again in \d+ hours?$/);
    }
    // Reads: PER_IP * 2 in all, spread over both instances.
    const reads: number[] = [];
    for (let i = 0; i < PER_IP * 2 + 2; i++) {
      reads.push((await call(`/names/limited0.${SUFFIX}`, { base: target(i % 2), client: '203.0.113.51' })).status);
    }
    expect(reads).toEqual([...Array(PER_IP * 2).fill(200), 429, 429]);

    // A made-up first entry (the balancer appends the address it saw after it) changes nothing.
    const rotated = await call('/names', { base: target(0), client: `10.9.8.7, ${client}`, body: await signed('rotated') });
    expect(rotated.status).toBe(429);
  });

  it('gives one address one name across instances, also when it asks both at once', async () => {
    const account = freshAccount();
    const attempts = await Promise.all(
      Array.from({ length: 6 }, async (_, i) =>
        call('/names', { base: target(i % 2), client: `198.51.100.${i}`, body: await signed(`capped${i}`, account) }),
      ),
    );
    expect(attempts.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const held = await call(`/addresses/${account.address}/names`, { base: target(0), client: '198.51.100.9' });
    expect(((await held.json()) as { names: unknown[] }).names).toHaveLength(1);
  });

  it('lets a visitor finish on the other instance when the one that answered them dies', async () => {
    const account = freshAccount();
    // The visitor's page checks the name through the balancer, then the wallet signs; meanwhile the instance that
    // answered dies.
    const before = [...balancer.served];
    const available = await call('/suggestions?name=survivor');
    expect(((await available.json()) as { suggestions: { name: string }[] }).suggestions[0]?.name).toBe(`survivor.${SUFFIX}`);
    const answered = balancer.served.findIndex((n, i) => n > (before[i] as number));
    const body = await signed('survivor', account);
    await (instances[answered] as ServiceProcess).kill();
    // The registration goes through the balancer, which skips the dead instance.
    const registered = await call('/names', { body });
    expect(registered.status).toBe(201);
    const lookup = await call(`/names/survivor.${SUFFIX}`);
    expect(await lookup.json()).toMatchObject({ addresses: { [String(0x80000000 + 31337)]: { address: account.address } } });
  });
});
