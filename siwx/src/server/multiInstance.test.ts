import { existsSync } from 'node:fs';
import { anvilAccounts } from '@latch/testkit';
import {
  type PostgresFixture,
  type RoundRobinProxy,
  type ServiceProcess,
  startRoundRobinProxy,
  startServiceProcess,
} from '@latch/devnet/services';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPostgres } from '../../../scripts/test-support/sharedPostgres.js';
import { signedMessage, signIn, type Visitor, visitor } from '../test-support/siwxHttp.js';

/*
 * Two instances of an app serving the sign-in routes (siwx/example/server.mjs on the built
 * @latch/siwx/server), each its own process, on one real Postgres, behind a round-robin balancer,
 * as an operator runs them. The test plays the browser and the outer load balancer (it writes
 * X-Forwarded-For: the instances trust two proxies).
 */
const packageDir = new URL('../..', import.meta.url).pathname;
const site = { domain: 'app.example.test', uri: 'https://app.example.test/' };
const NONCE_LIMIT = 6;
const alice = privateKeyToAccount(anvilAccounts()[6]!.privateKey);
const bob = privateKeyToAccount(anvilAccounts()[7]!.privateKey);

let postgres: PostgresFixture | undefined;
let instances: ServiceProcess[] = [];
let balancer: RoundRobinProxy | undefined;

beforeAll(async () => {
  if (!existsSync(`${packageDir}dist/server.js`)) {
    throw new Error('@latch/siwx is not built: run `npm run build -w @latch/siwx` (npm test builds before it runs the tests)');
  }
  postgres = await sharedPostgres();
  const env = {
    PORT: '0',
    DOMAIN: site.domain,
    DATABASE_URL: await postgres.createDatabase(),
    TRUST_PROXY: '2',
    NONCE_LIMIT: String(NONCE_LIMIT),
    // Windows start on the clock (a minute's by default): a day-long one keeps the limit test's requests inside one
    // window even on a slow machine, instead of failing when they happen to cross a minute's turn.
    NONCE_WINDOW_MS: String(24 * 60 * 60 * 1000),
  };
  // Both start at once on the fresh database: the migration runs once, the other waits its turn.
  instances = await Promise.all(
    [0, 1].map(() =>
      startServiceProcess({ args: [`${packageDir}example/server.mjs`], env, ready: /on (http:\/\/127\.0\.0\.1:\d+)\/siwx/ }),
    ),
  );
  balancer = await startRoundRobinProxy(instances.map((instance) => instance.url));
});

afterAll(async () => {
  await balancer?.close();
  await Promise.all(instances.map((instance) => instance.stop()));
  await postgres?.stop();
});

/** Runs one request through the balancer and says which instance answered it. */
async function through<T>(request: () => Promise<T>): Promise<[T, number]> {
  const before = [...balancer!.served];
  const result = await request();
  return [result, balancer!.served.findIndex((count, index) => count !== before[index])];
}

const browserFrom = (address: string): Visitor => visitor(balancer!.url, { 'x-forwarded-for': address });

describe('@latch/siwx/server as two instances on one Postgres, behind a load balancer', () => {
  it('a nonce issued by one instance is accepted once by the other, and never again by either', async () => {
    const browser = browserFrom('198.51.100.1');
    const [nonce, issuer] = await through(() => browser.nonce());
    const body = await signedMessage(alice, nonce, site);
    const [accepted, verifier] = await through(() => browser.request('/siwx/verify', { body }));
    expect(verifier).not.toBe(issuer);
    expect(accepted.status).toBe(200);
    for (const expected of [issuer, verifier]) {
      const [replay, answeredBy] = await through(() => browser.request('/siwx/verify', { body }));
      expect(answeredBy).toBe(expected);
      expect(replay.status).toBe(401);
      expect(((await replay.json()) as { code: string }).code).toBe('INVALID_NONCE');
    }
  });

  it('a session set through one instance is read through both', async () => {
    const browser = browserFrom('198.51.100.2');
    expect((await signIn(browser, alice, site)).status).toBe(200);
    const reads = [await through(() => browser.sessions()), await through(() => browser.sessions())];
    expect(reads.map(([, index]) => index).sort()).toEqual([0, 1]);
    for (const [sessions] of reads) expect(sessions.map((session) => session.data.address)).toEqual([alice.address]);
  });

  it("a client's nonce limit counts its requests to both instances", async () => {
    const browser = browserFrom('198.51.100.3');
    const answers = [];
    for (let i = 0; i < NONCE_LIMIT + 2; i += 1) answers.push(await through(() => browser.request('/siwx/nonce')));
    expect(answers.slice(0, NONCE_LIMIT).map(([response]) => response.status)).toEqual(Array(NONCE_LIMIT).fill(200));
    // Each instance served half: counting alone, neither would have reached the limit yet.
    const over = answers.slice(NONCE_LIMIT);
    expect(over.map(([response]) => response.status)).toEqual([429, 429]);
    expect(over.map(([, index]) => index).sort()).toEqual([0, 1]);
    // Another client behind the same balancer is not affected.
    expect((await browserFrom('198.51.100.4').request('/siwx/nonce')).status).toBe(200);
  });

  it('an instance killed in the middle of a sign-in: the visitor finishes on the other, nothing lost', async () => {
    const earlier = browserFrom('198.51.100.5');
    expect((await signIn(earlier, alice, site)).status).toBe(200);
    const browser = browserFrom('198.51.100.6');
    const [nonce, issuer] = await through(() => browser.nonce());
    await instances[issuer]!.kill('SIGKILL');
    const body = await signedMessage(bob, nonce, site);
    const [accepted, verifier] = await through(() => browser.request('/siwx/verify', { body }));
    expect([accepted.status, verifier]).toEqual([200, 1 - issuer]);
    expect((await browser.sessions()).map((session) => session.data.address)).toEqual([bob.address]);
    expect((await earlier.sessions()).map((session) => session.data.address)).toEqual([alice.address]);
    expect((await browser.request('/siwx/verify', { body })).status).toBe(401);
  });
});
