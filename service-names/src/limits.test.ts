// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import { firstReason, freshAccount, postRegistration, signedRegistration } from './test-support/registrations.js';
import { testStores } from './test-support/stores.js';
import { type RunningNameService, type StartNameServiceOptions, startNameService } from './startNameService.js';

const { stores, stop: stopStores } = testStores();
afterAll(stopStores);

/** 20 minutes into an hour: an hour's fixed window has 40 minutes left. */
const START = Date.UTC(2030, 0, 1, 0, 20);
const SUFFIX = 'limits.test';
/** Behind one balancer that appends the client's address to X-Forwarded-For. */
const from = (client: string, sent?: string) => ({ 'x-forwarded-for': sent ? `${sent}, ${client}` : client });

for (const store of stores) {
  describe(`name service limits on ${store.label}`, () => {
    const running: RunningNameService[] = [];
    const closers: (() => Promise<void>)[] = [];
    afterAll(async () => {
      await Promise.all(running.map((service) => service.stop()));
      for (const close of closers) await close();
    });

    /** A service on a database of its own, behind one trusted proxy, on a clock the test moves. */
    async function start(options: Partial<StartNameServiceOptions>) {
      const opened = await store.open();
      closers.push(opened.close);
      const clock = { now: START };
      const service = await startNameService({
        database: opened.database,
        suffix: SUFFIX,
        trustProxy: 1,
        now: () => clock.now,
        ...options,
      });
      running.push(service);
      const register = async (
        label: string,
        client: string,
        options: { account?: ReturnType<typeof freshAccount>; sent?: string; projectId?: string } = {},
      ) => {
        const account = options.account ?? freshAccount();
        const body = await signedRegistration(account, `${label}.${SUFFIX}`, {
          serviceUrl: service.url,
          timestampMs: clock.now,
          projectId: options.projectId,
        });
        return postRegistration(service.url, body, { headers: from(client, options.sent), projectId: options.projectId });
      };
      return { service, clock, register };
    }

    it('limits registrations per client (10 an hour by default; 3 here), counted from the right of X-Forwarded-For', async () => {
      const { clock, register } = await start({ limits: { registrationsPerIp: { max: 3, windowSeconds: 3600 } } });
      for (const label of ['first', 'second', 'third']) expect((await register(label, '203.0.113.7')).status).toBe(201);
      const refused = await register('fourth', '203.0.113.7');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe(String(40 * 60));
      expect(await refused.json()).toEqual({
        reasons: [{ description: 'Too many registrations from your network: try again in 40 minutes' }],
      });
      // A made-up first entry changes nothing: the balancer's entry (the right-most) is the client.
      for (let i = 0; i < 3; i++) expect((await register(`rotate${i}`, '203.0.113.7', { sent: `10.0.0.${i}` })).status).toBe(429);
      expect((await register('another', '198.51.100.2')).status).toBe(201);
      // Refused requests count too, bad ones included: a flood of garbage is limited like registrations.
      clock.now += 40 * 60_000;
      expect((await register('fourth', '203.0.113.7')).status).toBe(201);
    });

    it('caps the names one address holds in a project (1 by default), whatever the client', async () => {
      const { register } = await start({});
      const account = freshAccount();
      expect((await register('mine', '203.0.113.7', { account })).status).toBe(201);
      const second = await register('mine2', '198.51.100.2', { account });
      expect(second.status).toBe(409);
      expect(await firstReason(second)).toBe(`The address ${account.address} already has a name here: mine.${SUFFIX}`);
      // A name taken by someone else is refused as taken first: the visitor learns the more useful reason.
      expect(await firstReason(await register('mine', '198.51.100.2', { account }))).toBe(`Name mine.${SUFFIX} is already taken`);
    });

    it('lets several projects each give the address its name, and takes another cap as an option', async () => {
      const { register } = await start({
        projects: { shop: { suffix: SUFFIX }, blog: { suffix: `blog.${SUFFIX}` } },
        suffix: undefined,
        limits: { namesPerAddress: 2 },
      });
      const account = freshAccount();
      expect((await register('first', '203.0.113.7', { account, projectId: 'shop' })).status).toBe(201);
      expect((await register('second', '203.0.113.7', { account, projectId: 'shop' })).status).toBe(201);
      const third = await register('third', '203.0.113.7', { account, projectId: 'shop' });
      expect(await firstReason(third)).toBe(`The address ${account.address} already has 2 names here, the most one address may hold`);
      expect((await register('first.blog', '203.0.113.7', { account, projectId: 'blog' })).status).toBe(201);
    });

    it('limits the names the whole service stores in a sliding window; refusals do not use it up', async () => {
      const { clock, register } = await start({ limits: { registrations: { max: 2, windowSeconds: 600 } } });
      expect((await register('global1', '203.0.113.1')).status).toBe(201);
      // Refused (invalid) registrations are not stored, so they take none of the window.
      expect((await register('bad_name', '203.0.113.2')).status).toBe(400);
      clock.now += 300_000;
      expect((await register('global2', '203.0.113.3')).status).toBe(201);
      const full = await register('global3', '203.0.113.4');
      expect(full.status).toBe(429);
      // The first name leaves the window 600 s after it was stored, 300 s from now.
      expect(full.headers.get('retry-after')).toBe('300');
      expect(await firstReason(full)).toBe('Too many names are being registered: try again in 5 minutes');
      clock.now += 300_001;
      expect((await register('global3', '203.0.113.4')).status).toBe(201);
      expect((await register('global4', '203.0.113.5')).status).toBe(429);
    });

    it('limits reads per client (600 a minute by default; 3 here), and lets a page read the Retry-After', async () => {
      const origin = 'https://app.example';
      const { service, clock } = await start({ allowedOrigins: [origin], limits: { lookupsPerIp: { max: 3, windowSeconds: 60 } } });
      const read = (path: string, client: string) => fetch(`${service.url}/v1${path}`, { headers: { ...from(client), origin } });
      expect((await read(`/names/alice.${SUFFIX}`, '203.0.113.7')).status).toBe(404);
      expect((await read('/suggestions?name=alice', '203.0.113.7')).status).toBe(200);
      expect((await read(`/addresses/${freshAccount().address}/names`, '203.0.113.7')).status).toBe(200);
      const refused = await read('/suggestions?name=bob', '203.0.113.7');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(refused.headers.get('access-control-expose-headers')).toBe('Retry-After');
      expect(await firstReason(refused)).toBe('Too many requests from your network: try again in 1 minute');
      expect((await read('/suggestions?name=bob', '198.51.100.2')).status).toBe(200);
      clock.now += 60_000;
      expect((await read('/suggestions?name=bob', '203.0.113.7')).status).toBe(200);
    });

    it('holds every limit under concurrent requests', async () => {
      const { register } = await start({
        limits: { registrations: { max: 3, windowSeconds: 600 }, registrationsPerIp: { max: 100, windowSeconds: 60 } },
      });
      const account = freshAccount();
      // One address, eight names at once: one is stored.
      const same = await Promise.all(Array.from({ length: 8 }, (_, i) => register(`same${i}`, `203.0.113.${i}`, { account })));
      expect(same.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
      // Eight addresses at once, two places left in the window: two are stored.
      const many = await Promise.all(Array.from({ length: 8 }, (_, i) => register(`many${i}`, `198.51.100.${i}`)));
      expect(many.filter((r) => r.status === 201)).toHaveLength(2);
      expect(many.filter((r) => r.status === 429)).toHaveLength(6);
      // One client, twelve requests at once against a limit of 5: five get through.
      const { register: perClient } = await start({ limits: { registrationsPerIp: { max: 5, windowSeconds: 60 } } });
      const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => perClient(`burst${i}`, '192.0.2.1')));
      expect(burst.filter((r) => r.status === 201)).toHaveLength(5);
      expect(burst.filter((r) => r.status === 429)).toHaveLength(7);
    });
  });
}
