import { createModal, type StorageLike } from '@latch/kernel';
import { pollUntil } from '@latch/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCosmosAdapter } from './adapter.js';
import {
  createPage,
  type FakePage,
  installWallets,
  type LocalCosmos,
  type MockCosmosWallet,
  privateKey,
  startLocalCosmos,
} from './test-support/cosmosFixture.js';

let hub: LocalCosmos;
let osmo: LocalCosmos;
let page: FakePage;
let keplr: MockCosmosWallet;
const modals: ReturnType<typeof createModal>[] = [];

beforeEach(async () => {
  [hub, osmo] = await Promise.all([
    startLocalCosmos(),
    startLocalCosmos({ chainId: 'latch-osmo-1', bech32Prefix: 'osmo', denom: 'uosmo' }),
  ]);
  page = createPage();
  keplr = installWallets(page, [{ global: 'keplr', mnemonicOrPrivateKey: privateKey(0x61) }]).wallets.keplr!;
});
afterEach(async () => {
  for (const modal of modals.splice(0)) modal.destroy();
  await Promise.all([hub.stop(), osmo.stop()]);
});

/** One browser profile's localStorage, shared by the page loads of a test. */
function memoryStorage(): StorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** A page load: a fresh modal and adapter over the same storage and the same injected wallet. */
function loadPage(storage: StorageLike) {
  const adapter = createCosmosAdapter({ window: page, reconnectTimeoutMs: 300, broadcastPollIntervalMs: 20 });
  const modal = createModal({ networks: [hub.network, osmo.network], adapters: [adapter], storage });
  modals.push(modal);
  return modal;
}

describe('under the kernel (createModal + the mock wallet + two stand-in chains)', () => {
  it('connects with the balance, switches to a chain of another prefix, and restores silently on the next page load', async () => {
    const storage = memoryStorage();
    const first = loadPage(storage);
    await pollUntil(() => first.getState().connectors.find((c) => c.id === 'keplr'), 'the wallet in the list');
    await keplr.experimentalSuggestChain(hub.network.cosmos.chainInfo);
    const alice = await keplr.addressFor('latch-local-1');
    hub.chain.fund(alice, 2_500_000n);
    await first.connect('keplr');
    expect(first.getState().account).toMatchObject({ status: 'connected', address: alice, caipAddress: `cosmos:latch-local-1:${alice}` });
    await pollUntil(() => first.getState().account?.balance, 'the balance');
    expect(first.getState().account).toMatchObject({ balance: '2.5', balanceSymbol: 'STAKE' });

    await first.switchNetwork(osmo.network);
    const aliceOsmo = await keplr.addressFor('latch-osmo-1');
    await pollUntil(() => (first.getState().account?.address === aliceOsmo ? true : undefined), 'the switched account');
    expect(first.getState().account).toMatchObject({ caipAddress: `cosmos:latch-osmo-1:${aliceOsmo}` });
    await pollUntil(() => first.getState().account?.balance, 'the balance');
    expect(first.getState().account).toMatchObject({ balance: '0', balanceSymbol: 'STAKE' });
    first.destroy();

    const prompts = keplr.prompts().length;
    const second = loadPage(storage);
    await pollUntil(() => (second.getState().status === 'connected' ? true : undefined), 'the silent restore');
    expect(second.getState().account).toMatchObject({ address: aliceOsmo });
    expect(keplr.prompts()).toHaveLength(prompts); // restored without asking

    keplr.disconnectFromWallet();
    await pollUntil(() => (second.getState().status === 'disconnected' ? true : undefined), 'the disconnect');
  });
});
