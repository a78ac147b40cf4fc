// @vitest-environment node
import { PGlite } from '@electric-sql/pglite';
import { anvilAccounts } from '@latch/testkit';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { coinTypeOfChain } from '@latch/feature-names/protocol';
import { firstReason, postRegistration, signedRegistration, TEST_COIN_TYPE } from './test-support/registrations.js';
import { testStores } from './test-support/stores.js';
import { createNameService } from './createNameService.js';
import { type RunningNameService, startNameService } from './startNameService.js';

const [alice, bob, carol, dave] = anvilAccounts().map((a) => privateKeyToAccount(a.privateKey));
const ORIGIN = 'http://127.0.0.1:5173';
const { stores, stop: stopStores } = testStores();
afterAll(stopStores);

/** The same suite on each store: in-memory PGlite, and a real Postgres server. */
for (const store of stores) {
  describe(`name service on ${store.label}`, () => {
    const suffix = `${store.label.toLowerCase()}.test`;
    const clock = Date.now();
    let service: RunningNameService;
    const closers: (() => Promise<void>)[] = [];

    beforeAll(async () => {
      const opened = await store.open();
      closers.push(opened.close);
      service = await startNameService({
        database: opened.database,
        // `twin` shares demo's suffix: a message signed for one project must not register in the other.
        projects: {
          demo: { suffix, allowedOrigins: [ORIGIN] },
          other: { suffix: `other-${suffix}`, allowedOrigins: [ORIGIN] },
          twin: { suffix, allowedOrigins: [ORIGIN] },
          // No allowed origins: no page may call.
          closed: { suffix: `closed-${suffix}` },
        },
        now: () => clock,
        // This suite posts many registrations from one address; the per-client limit has its own tests (limits.test.ts).
        limits: { registrationsPerIp: { max: 100, windowSeconds: 3600 } },
      });
    });
    afterAll(async () => {
      await service?.stop();
      for (const close of closers) await close();
    });

    const api = (path: string, init: RequestInit = {}, projectId = 'demo') =>
      fetch(`${service.url}/v1${path}${path.includes('?') ? '&' : '?'}projectId=${projectId}`, {
        ...init,
        headers: { origin: ORIGIN, 'content-type': 'application/json', ...init.headers },
      });

    async function signed(label: string, account = alice!, overrides: { timestampMs?: number; name?: string; coinType?: number } = {}) {
      return signedRegistration(account, overrides.name ?? `${label}.${suffix}`, {
        serviceUrl: service.url,
        projectId: 'demo',
        timestampMs: overrides.timestampMs ?? clock,
        coinType: overrides.coinType,
      });
    }
    const register = async (body: object, projectId = 'demo') => api('/names', { method: 'POST', body: JSON.stringify(body) }, projectId);

    it('registers a name signed by its account; lookup and reverse lookup then find it', async () => {
      const response = await register(await signed('Alice'));
      expect(response.status).toBe(201);
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      const coinType = String(0x80000000 + 31337);
      expect(await response.json()).toMatchObject({ name: `alice.${suffix}`, addresses: { [coinType]: { address: alice!.address } } });

      const lookup = await api(`/names/ALICE.${suffix}`);
      expect(lookup.status).toBe(200);
      expect(await lookup.json()).toMatchObject({
        name: `alice.${suffix}`,
        addresses: { [coinType]: { address: alice!.address } },
        attributes: {},
      });
      const reverse = await api(`/addresses/${alice!.address.toLowerCase()}/names`);
      expect(((await reverse.json()) as { names: { name: string }[] }).names.map((n) => n.name)).toEqual([`alice.${suffix}`]);
      const none = await api(`/addresses/${bob!.address}/names`);
      expect(await none.json()).toEqual({ names: [] });
    });

    it('refuses a taken name, whoever asks', async () => {
      const response = await register(await signed('alice', bob));
      expect(response.status).toBe(409);
      expect(await firstReason(response)).toBe(`Name alice.${suffix} is already taken`);
    });

    it('refuses §5-invalid names with the reason', async () => {
      const short = await register(await signed('abc'));
      expect(short.status).toBe(400);
      expect(await firstReason(short)).toBe('A name must be at least 4 characters');
      const symbols = await register(await signed('bob_smith'));
      expect(await firstReason(symbols)).toBe('A name may contain only letters, digits and hyphens');
      const foreign = await register(await signed('bobby', alice, { name: 'bobby.eth' }));
      expect(await firstReason(foreign)).toBe(`The name must end with .${suffix}`);
    });

    it('refuses a forged signature, a stale message and a wrong coin type', async () => {
      const genuine = await signed('carol', carol);
      // Signed by bob, claimed for carol's address.
      const forged = { ...genuine, signature: await bob!.signMessage({ message: genuine.message }) };
      const refused = await register(forged);
      expect(refused.status).toBe(401);
      expect(await firstReason(refused)).toBe('The signature does not match the address');
      const tampered = await register({ ...genuine, message: genuine.message.replace('carol', 'carl1') });
      expect(tampered.status).toBe(401);
      const stale = await register(await signed('carol', carol, { timestampMs: clock - 11 * 60_000 }));
      expect(await firstReason(stale)).toBe('The signed message has expired: sign a new one');
      const wrongCoin = await register({ ...genuine, coinType: 60 });
      expect(await firstReason(wrongCoin)).toBe('coinType must be an EVM chain id with the top bit set');
      expect((await api(`/names/carol.${suffix}`)).status).toBe(404);
      expect((await register(genuine)).status).toBe(201);
    });

    it('refuses a message dated more than 30 s ahead, saying so (not "expired"); a clock a little fast is fine', async () => {
      const ahead = await register(await signed('futures', dave, { timestampMs: clock + 11 * 60_000 }));
      expect(ahead.status).toBe(400);
      expect(await firstReason(ahead)).toBe("The signed message is dated in the future: check the device's clock and sign again");
      const beyond = await register(await signed('futures', dave, { timestampMs: clock + 31_000 }));
      expect(beyond.status).toBe(400);
      expect((await register(await signed('futures', dave, { timestampMs: clock + 29_000 }))).status).toBe(201);
    });

    it('refuses a copy of the signature sent with another coin type: the name is bound to the signed chain', async () => {
      const mine = await signed('chainbound', bob);
      const mainnet = coinTypeOfChain(1);
      const copied = await register({ ...mine, coinType: mainnet });
      expect(copied.status).toBe(400);
      expect(await firstReason(copied)).toBe(`The signed message is for coin type ${TEST_COIN_TYPE}, not ${mainnet}`);
      expect((await api(`/names/chainbound.${suffix}`)).status).toBe(404);
      const registered = await register(mine);
      expect(registered.status).toBe(201);
      expect(await registered.json()).toMatchObject({ addresses: { [String(TEST_COIN_TYPE)]: { address: bob!.address } } });
    });

    it('refuses a message signed for another project of the service, or for none when the request names one', async () => {
      const forDemo = await signed('projectbound', bob);
      const elsewhere = await register(forDemo, 'twin');
      expect(elsewhere.status).toBe(400);
      expect(await firstReason(elsewhere)).toBe("The signed message is for project 'demo', not this one");
      const unnamed = await signedRegistration(bob!, `projectbound.${suffix}`, { serviceUrl: service.url, timestampMs: clock });
      expect(await firstReason(await register(unnamed, 'twin'))).toBe('The signed message is for no project, not this one');
      expect((await api(`/names/projectbound.${suffix}`, {}, 'twin')).status).toBe(404);
    });

    it('suggests free, valid names only', async () => {
      const response = await api('/suggestions?name=alice');
      const { suggestions } = (await response.json()) as { suggestions: { name: string }[] };
      expect(suggestions.map((s) => s.name)).toEqual([
        `alice1.${suffix}`,
        `alice2.${suffix}`,
        `alice3.${suffix}`,
        `alice-id.${suffix}`,
        `alice-web3.${suffix}`,
      ]);
      const short = (await (await api('/suggestions?name=ab')).json()) as { suggestions: { name: string }[] };
      expect(short.suggestions.map((s) => s.name)).toEqual([`ab-id.${suffix}`, `ab-web3.${suffix}`, `ab-app.${suffix}`]);
    });

    it('keeps projects apart: a name of one is not found through another', async () => {
      expect((await api(`/names/alice.${suffix}`, {}, 'other')).status).toBe(404);
      expect((await api('/suggestions?name=x', {}, 'missing')).status).toBe(404);
    });

    it('answers CORS for allowed origins only, and refuses bodies that are too large or not JSON', async () => {
      const preflight = await fetch(`${service.url}/v1/names?projectId=demo`, { method: 'OPTIONS', headers: { origin: ORIGIN } });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST');
      const stranger = await api(`/names/alice.${suffix}`, { headers: { origin: 'https://evil.example' } });
      expect(stranger.status).toBe(403);
      expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
      const big = await api('/names', { method: 'POST', body: JSON.stringify({ message: 'x'.repeat(20_000) }) });
      expect(big.status).toBe(413);
      const text = await api('/names', { method: 'POST', body: 'not json' });
      expect(await firstReason(text)).toBe('The request body is not JSON');
      const form = await api('/names', { method: 'POST', body: '{}', headers: { 'content-type': 'text/plain' } });
      expect(form.status).toBe(415);
    });

    it('denies every page by default: a project without allowed origins refuses a foreign Origin and sends no CORS header', async () => {
      const read = (origin?: string, method = 'GET') =>
        fetch(`${service.url}/v1/suggestions?name=alice&projectId=closed`, { method, headers: origin ? { origin } : {} });
      for (const method of ['GET', 'OPTIONS']) {
        const foreign = await read('https://evil.example', method);
        expect(foreign.status).toBe(403);
        expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
        expect(await firstReason(foreign)).toBe('Origin not allowed');
      }
      // Not a browser on another site: a server, curl, or a page of the service's own origin.
      expect((await read()).status).toBe(200);
      const own = await read(new URL(service.url).origin);
      expect(own.status).toBe(200);
      expect(own.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('answers a malformed percent-encoding with 400, and logs nothing', async () => {
      const logged = vi.spyOn(console, 'error');
      try {
        const response = await api('/names/%E0%A4%A');
        expect(response.status).toBe(400);
        expect(await firstReason(response)).toBe('The URL has a malformed percent-encoding');
        expect((await api('/addresses/%ZZ/names')).status).toBe(400);
        expect(logged).not.toHaveBeenCalled();
      } finally {
        logged.mockRestore();
      }
    });

    it('refuses a message signed for another deployment with the same suffix, and accepts its own public URL', async () => {
      const opened = await store.open();
      closers.push(opened.close);
      // Another deployment for the same suffix, reached at https://names-b.example (its balancer forwards here).
      const other = await startNameService({
        database: opened.database,
        suffix,
        publicUrls: ['https://names-b.example/'],
        now: () => clock,
      });
      try {
        const forThisOne = await signedRegistration(dave!, `deployed.${suffix}`, { serviceUrl: service.url, timestampMs: clock });
        const replayed = await postRegistration(other.url, forThisOne);
        expect(replayed.status).toBe(400);
        expect(await firstReason(replayed)).toBe(
          `The signed message is for the name service at ${new URL(service.url).origin}, not this one`,
        );
        const forOther = await signedRegistration(dave!, `deployed.${suffix}`, {
          serviceUrl: 'https://names-b.example',
          timestampMs: clock,
        });
        expect((await postRegistration(other.url, forOther)).status).toBe(201);
      } finally {
        await other.stop();
      }
    }, 180_000);
  });
}

describe('createNameService options', () => {
  it('needs a suffix that is a domain, limits that are whole numbers, public URLs that are URLs', async () => {
    await expect(createNameService({})).rejects.toThrow('createNameService: give `suffix` or `projects`');
    await expect(createNameService({ suffix: 'not a domain' })).rejects.toThrow(/needs a domain suffix/);
    await expect(createNameService({ suffix: 'not a domain' })).rejects.toMatchObject({
      name: 'LatchError',
      category: 'VALIDATION_ERROR',
      code: 'INVALID_OPTION',
    });
    await expect(createNameService({ suffix: 'a.test', limits: { registrationsPerIp: { max: 0, windowSeconds: 60 } } })).rejects.toThrow(
      'createNameService: limits.registrationsPerIp must be false or { max, windowSeconds } with positive whole numbers',
    );
    await expect(createNameService({ suffix: 'a.test', limits: { namesPerAddress: 1.5 } })).rejects.toThrow(
      'createNameService: limits.namesPerAddress must be false or a positive whole number',
    );
    await expect(createNameService({ suffix: 'a.test', publicUrls: ['names.example'] })).rejects.toThrow(
      "createNameService: publicUrls holds 'names.example', which is not a URL",
    );
    await expect(createNameService({ suffix: 'a.test', trustProxy: -1 })).rejects.toThrow(
      'createNameService: trustProxy must be a whole number of proxies',
    );
    await expect(createNameService({ suffix: 'a.test', database: 'mysql://x' })).rejects.toThrow(
      'database: give a postgres:// connection string or a PGlite instance',
    );
  });

  it('keeps names in a PGlite data folder across restarts', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const dir = await mkdtemp(`${(await import('node:os')).tmpdir()}/latch-names-`);
    try {
      const clock = Date.now();
      const first = await startNameService({ database: new PGlite(dir), suffix: 'keep.test', now: () => clock });
      const body = await signedRegistration(alice!, 'dave1.keep.test', {
        serviceUrl: first.url,
        coinType: coinTypeOfChain(1),
        timestampMs: clock,
      });
      const posted = await postRegistration(first.url, body);
      expect(posted.status).toBe(201);
      await first.stop();
      const second = await startNameService({ database: new PGlite(dir), suffix: 'keep.test' });
      const found = await fetch(`${second.url}/v1/names/dave1.keep.test`);
      expect(
        ((await found.json()) as { addresses: Record<string, { address: string }> }).addresses[String(coinTypeOfChain(1))]?.address,
      ).toBe(alice!.address);
      await second.stop();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
