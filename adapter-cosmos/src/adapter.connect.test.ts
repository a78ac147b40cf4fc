import { isLatchError, isUserRejection } from '@latch/kernel';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createPage,
  type FakePage,
  failure,
  installWallets,
  type LocalCosmos,
  type MockCosmosWallet,
  mountAdapter,
  privateKey,
  startLocalCosmos,
  tick,
  unmountAll,
} from './test-support/cosmosFixture.js';

const ALICE = privateKey(0x11);
const BOB = privateKey(0x12);
let local: LocalCosmos;
let page: FakePage;
let keplr: MockCosmosWallet;

beforeEach(async () => {
  local = await startLocalCosmos();
  page = createPage();
  keplr = installWallets(page, [{ global: 'keplr', mnemonicOrPrivateKey: ALICE }]).wallets.keplr!;
});
afterEach(async () => {
  unmountAll();
  await local.stop();
});

describe('connect', () => {
  it('suggests the localnet the wallet does not know, enables it and returns the bech32 address', async () => {
    const { adapter, connector } = mountAdapter(page, [local.network]);
    const result = await adapter.connect(connector('keplr'), { network: local.network });
    const address = await keplr.addressFor(local.chain.chainId);
    expect(result).toEqual({ address, caipNetworkId: 'cosmos:latch-local-1', accounts: [{ address, type: 'eoa' }] });
    expect(address).toMatch(/^cosmos1/);
    expect(keplr.prompts()).toEqual(['suggestChain:latch-local-1', 'enable:latch-local-1']);
  });

  it('turns "Request rejected" into a 4001 user rejection, keeps the wallet usable, and connects on retry', async () => {
    const { adapter, connector } = mountAdapter(page, [local.network]);
    keplr.setFailure('rejectConnect', true);
    const error = await failure(adapter.connect(connector('keplr'), { network: local.network }));
    expect(isLatchError(error)).toBe(true);
    expect(error).toMatchObject({ code: 4001, category: 'CONNECTOR_ERROR', message: 'Request rejected' });
    expect(isUserRejection(error)).toBe(true);
    keplr.setFailure('rejectConnect', false);
    await expect(adapter.connect(connector('keplr'), { network: local.network })).resolves.toMatchObject({
      caipNetworkId: 'cosmos:latch-local-1',
    });
  });

  it('surfaces a declined chain suggestion as a user rejection, and enables nothing', async () => {
    const { adapter, connector } = mountAdapter(page, [local.network]);
    keplr.setFailure('rejectSuggestChain', true);
    expect(isUserRejection(await failure(adapter.connect(connector('keplr'), { network: local.network })))).toBe(true);
    expect(keplr.enabledChains()).toEqual([]);
  });

  it('does not suggest a chain the network gives no chain info for: the wallet\'s "no chain info" stands', async () => {
    const { chainInfo: _dropped, ...withoutInfo } = local.network.cosmos;
    const network = { ...local.network, cosmos: withoutInfo };
    const { adapter, connector } = mountAdapter(page, [network]);
    const error = await failure(adapter.connect(connector('keplr'), { network }));
    expect(error).toMatchObject({ category: 'CONNECTOR_ERROR', message: 'There is no chain info for latch-local-1' });
    expect(isUserRejection(error)).toBe(false);
    expect(keplr.prompts()).toEqual([]);
  });

  it('refuses a network without Cosmos chain data, and a connector without a Keplr-style wallet', async () => {
    const { adapter, connector } = mountAdapter(page, [local.network]);
    const { cosmos: _dropped, ...plain } = local.network;
    expect(await failure(adapter.connect(connector('keplr'), { network: plain }))).toMatchObject({
      message: expect.stringMatching(/^Chain not configured/),
    });
    const foreign = { id: 'x', name: 'X', type: 'INJECTED' as const, chain: 'cosmos', provider: { enable() {} } };
    expect(await failure(adapter.connect(foreign, { network: local.network }))).toMatchObject({ category: 'CONNECTOR_ERROR' });
  });

  it('rejects a wallet that answers a key of another chain', async () => {
    const { adapter, connector } = mountAdapter(page, [local.network]);
    const lying = Object.assign(Object.create(keplr) as object, {
      getKey: async () => ({ bech32Address: 'osmo1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu' }),
    });
    page.keplr = lying;
    page.dispatchEvent(new Event('load'));
    const error = await failure(adapter.connect(connector('keplr'), { network: local.network }));
    expect(error).toMatchObject({ message: 'Keplr answered a malformed key for latch-local-1' });
  });
});

describe('reconnect', () => {
  it('restores silently (no prompt) where the wallet kept the site enabled, and resolves null where it did not', async () => {
    const { adapter } = mountAdapter(page, [local.network]);
    expect(await adapter.reconnect!('keplr', { network: local.network })).toBeNull(); // present, never enabled
    await keplr.experimentalSuggestChain(local.network.cosmos.chainInfo);
    await keplr.enable(local.chain.chainId);
    const prompts = keplr.prompts().length;
    const restored = await adapter.reconnect!('keplr', { network: local.network });
    expect(restored?.result.address).toBe(await keplr.addressFor(local.chain.chainId));
    expect(restored?.connector).toMatchObject({ id: 'keplr', name: 'Keplr', provider: keplr });
    expect(keplr.prompts()).toHaveLength(prompts);
  });

  it('waits for a wallet injected late (on load), and gives up after the timeout when none comes', async () => {
    const late = createPage();
    const { adapter } = mountAdapter(late, [local.network]);
    const pending = adapter.reconnect!('leap', { network: local.network });
    await tick(20);
    const { leap } = installWallets(late, [{ global: 'leap', mnemonicOrPrivateKey: BOB }]).wallets;
    await leap!.experimentalSuggestChain(local.network.cosmos.chainInfo);
    await leap!.enable(local.chain.chainId);
    late.dispatchEvent(new Event('load'));
    expect((await pending)?.connector.name).toBe('Leap');
    const started = Date.now();
    expect(await adapter.reconnect!('cosmostation', { network: local.network })).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(await adapter.reconnect!('not-a-wallet', { network: local.network })).toBeNull();
  });

  it('restores on a connector the kernel hands over, and not on one without a Keplr-style wallet', async () => {
    const { adapter, connector } = mountAdapter(page, [local.network]);
    await adapter.connect(connector('keplr'), { network: local.network });
    const given = { id: 'shared', name: 'Shared', type: 'EXTERNAL' as const, chain: 'cosmos', provider: keplr };
    expect(await adapter.reconnect!('shared', { network: local.network, connector: given })).toMatchObject({ connector: given });
    const foreign = { ...given, provider: {} };
    expect(await adapter.reconnect!('shared', { network: local.network, connector: foreign })).toBeNull();
  });
});

describe('wallet events', () => {
  it('reports an account switch (keplr_keystorechange), a wallet-side disconnect, and nothing after either ends', async () => {
    const { adapter, connector, events } = mountAdapter(page, [local.network]);
    await adapter.connect(connector('keplr'), { network: local.network });
    page.dispatchEvent(new Event('keplr_keystorechange')); // same key: nothing to report
    await tick(10);
    await keplr.switchAccount(BOB);
    await tick(10);
    const bob = await keplr.addressFor(local.chain.chainId);
    expect(events).toEqual([{ type: 'accountsChanged', accounts: [{ address: bob, type: 'eoa' }] }]);
    keplr.disconnectFromWallet();
    await tick(10);
    expect(events.at(-1)).toEqual({ type: 'disconnected' });
    await keplr.switchAccount(ALICE);
    await tick(10);
    expect(events).toHaveLength(2);
  });

  it('stops following the wallet after disconnect, and revokes the chains it enabled', async () => {
    const { adapter, connector, events } = mountAdapter(page, [local.network]);
    await adapter.connect(connector('keplr'), { network: local.network });
    await adapter.disconnect(connector('keplr'));
    expect(keplr.enabledChains()).toEqual([]);
    await keplr.switchAccount(BOB);
    keplr.disconnectFromWallet();
    await tick(10);
    expect(events).toEqual([]);
  });

  it('follows Leap on leap_keystorechange', async () => {
    const { leap } = installWallets(page, [{ global: 'leap', mnemonicOrPrivateKey: BOB }]).wallets;
    page.dispatchEvent(new Event('load'));
    const { adapter, connector, events } = mountAdapter(page, [local.network]);
    await adapter.connect(connector('leap'), { network: local.network });
    await leap!.switchAccount(ALICE);
    await tick(10);
    expect(events).toEqual([{ type: 'accountsChanged', accounts: [{ address: await leap!.addressFor('latch-local-1'), type: 'eoa' }] }]);
  });
});

describe('switchNetwork', () => {
  it('enables the other chain and reports the account under its prefix once the switch resolved', async () => {
    const other = await startLocalCosmos({ chainId: 'latch-osmo-1', bech32Prefix: 'osmo', denom: 'uosmo' });
    try {
      const { adapter, connector, events } = mountAdapter(page, [local.network, other.network]);
      await adapter.connect(connector('keplr'), { network: local.network });
      await adapter.switchNetwork!(other.network, connector('keplr'));
      expect(events).toEqual([]); // reported after the kernel has made the network active
      await tick(5);
      const osmo = await keplr.addressFor('latch-osmo-1');
      expect(osmo).toMatch(/^osmo1/);
      expect(events).toEqual([{ type: 'accountsChanged', accounts: [{ address: osmo, type: 'eoa' }] }]);
      await keplr.switchAccount(BOB); // followed on the new chain
      await tick(10);
      expect(events.at(-1)).toEqual({
        type: 'accountsChanged',
        accounts: [{ address: await keplr.addressFor('latch-osmo-1'), type: 'eoa' }],
      });
      await adapter.disconnect(connector('keplr'));
      expect(keplr.enabledChains()).toEqual([]);
    } finally {
      await other.stop();
    }
  });
});
