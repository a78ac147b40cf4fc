// @vitest-environment node
import { PGlite } from '@electric-sql/pglite';
import { anvilAccounts } from '@latch/testkit';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinTypeOfChain, createRegistrationMessage } from '../nameRules.js';
import { createNameService } from './createNameService.js';
import { type RunningNameService, startNameService } from './startNameService.js';

const [alice, bob] = anvilAccounts().map((a) => privateKeyToAccount(a.privateKey));
const CHAIN_ID = 31337;
const ORIGIN = 'http://127.0.0.1:5173';
const POSTGRES_URL = process.env.LATCH_TEST_POSTGRES_URL;
if (!POSTGRES_URL) console.info('[feature-names] LATCH_TEST_POSTGRES_URL is not set: the name service suite runs on PGlite only.');

/** The same suite on each store: in-memory PGlite always, a real Postgres when one is given. */
type Store = [string, () => Promise<{ database: PGlite | string; close(): Promise<void> }>];
const stores: Store[] = [
  [
    'PGlite',
    async () => {
      const pglite = new PGlite();
      return { database: pglite, close: () => pglite.close() };
    },
  ],
  ...(POSTGRES_URL ? [['Postgres', async () => ({ database: POSTGRES_URL, close: async () => undefined })] as Store] : []),
];

for (const [store, open] of stores) {
  describe(`name service on ${store}`, () => {
    // A suffix of its own per run: a real Postgres keeps rows between runs.
    const suffix = `${store.toLowerCase()}${Date.now().toString(36)}.test`;
    const clock = Date.now();
    let service: RunningNameService;
    let closeStore: () => Promise<void>;

    beforeAll(async () => {
      const opened = await open();
      closeStore = opened.close;
      service = await startNameService({
        database: opened.database,
        projects: { demo: { suffix, allowedOrigins: [ORIGIN] }, other: { suffix: `other-${suffix}` } },
        now: () => clock,
      });
    });
    afterAll(async () => {
      await service?.stop();
      await closeStore?.();
    });

    const api = (path: string, init: RequestInit = {}, projectId = 'demo') =>
      fetch(`${service.url}/v1${path}${path.includes('?') ? '&' : '?'}projectId=${projectId}`, {
        ...init,
        headers: { origin: ORIGIN, 'content-type': 'application/json', ...init.headers },
      });

    async function signedRegistration(label: string, account = alice!, overrides: { timestampMs?: number; name?: string } = {}) {
      const message = createRegistrationMessage(overrides.name ?? `${label}.${suffix}`, overrides.timestampMs ?? clock);
      const signature = await account.signMessage({ message });
      return { coinType: coinTypeOfChain(CHAIN_ID), address: account.address, signature, message };
    }
    const register = async (body: object) => api('/names', { method: 'POST', body: JSON.stringify(body) });
    const firstReason = async (response: Response) =>
      ((await response.json()) as { reasons: { description: string }[] }).reasons[0]?.description;

    it('registers a name signed by its account; lookup and reverse lookup then find it', async () => {
      const response = await register(await signedRegistration('Alice'));
      expect(response.status).toBe(201);
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      const coinType = String(0x80000000 + CHAIN_ID);
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
      const response = await register(await signedRegistration('alice', bob));
      expect(response.status).toBe(409);
      expect(await firstReason(response)).toBe(`Name alice.${suffix} is already taken`);
    });

    it('refuses §5-invalid names with the reason', async () => {
      const short = await register(await signedRegistration('abc'));
      expect(short.status).toBe(400);
      expect(await firstReason(short)).toBe('A name must be at least 4 characters');
      const symbols = await register(await signedRegistration('bob_smith'));
      expect(await firstReason(symbols)).toBe('A name may contain only letters, digits and hyphens');
      const foreign = await register(await signedRegistration('bobby', alice, { name: 'bobby.eth' }));
      expect(await firstReason(foreign)).toBe(`The name must end with .${suffix}`);
    });

    it('refuses a forged signature, a stale message and a wrong coin type', async () => {
      const genuine = await signedRegistration('carol');
      // Signed by bob, claimed for alice's address.
      const forged = { ...genuine, signature: await bob!.signMessage({ message: genuine.message }) };
      const refused = await register(forged);
      expect(refused.status).toBe(401);
      expect(await firstReason(refused)).toBe('The signature does not match the address');
      const tampered = await register({ ...genuine, message: genuine.message.replace('carol', 'carl1') });
      expect(tampered.status).toBe(401);
      const stale = await register(await signedRegistration('carol', alice, { timestampMs: clock - 11 * 60_000 }));
      expect(await firstReason(stale)).toBe('The signed message has expired: sign a new one');
      const wrongCoin = await register({ ...genuine, coinType: 60 });
      expect(await firstReason(wrongCoin)).toBe('coinType must be an EVM chain id with the top bit set');
      expect((await api(`/names/carol.${suffix}`)).status).toBe(404);
      expect((await register(genuine)).status).toBe(201);
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
  });
}

describe('createNameService options', () => {
  it('needs a suffix that is a domain', async () => {
    await expect(createNameService({})).rejects.toThrow('createNameService: give `suffix` or `projects`');
    await expect(createNameService({ suffix: 'not a domain' })).rejects.toThrow(/needs a domain suffix/);
  });

  it('keeps names in a PGlite data folder across restarts', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const dir = await mkdtemp(`${(await import('node:os')).tmpdir()}/latch-names-`);
    try {
      const clock = Date.now();
      const first = await startNameService({ database: new PGlite(dir), suffix: 'keep.test', now: () => clock });
      const message = createRegistrationMessage('dave1.keep.test', clock);
      const body = { coinType: coinTypeOfChain(1), address: alice!.address, signature: await alice!.signMessage({ message }), message };
      const posted = await fetch(`${first.url}/v1/names`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
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
