import { createModal, type StorageLike } from '@latch/kernel';
import { installBitcoinWallet, pollUntil } from '@latch/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBitcoinAdapter } from './adapter.js';
import { createPage, createWallet, key, SATS_CONNECTOR_ID, startRegtest, type Regtest } from './test-support/bitcoinFixture.js';
import { recordingProvider } from './test-support/recordingProvider.js';
import { createTestRegistry } from './test-support/testRegistry.js';

let local: Regtest;
beforeAll(async () => {
  local = await startRegtest();
});
afterAll(() => local?.stop());
const modals: ReturnType<typeof createModal>[] = [];
afterEach(() => {
  for (const modal of modals.splice(0)) modal.destroy();
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

describe('under the kernel (createModal + the real wallet and regtest node)', () => {
  it('lists and connects the wallet with no request before the visitor acts, shows BTC, follows it, and restores silently', async () => {
    const wallet = createWallet(local, { paymentKey: key(0x91) });
    await local.regtest.fund(wallet.paymentAddress, 50_000_000n);
    const storage = memoryStorage();
    const requestsBefore = local.regtest.requests.length;

    // First page load: the wallet is in the page; the visitor connects.
    const firstPage = createPage();
    installBitcoinWallet(wallet, firstPage);
    const first = createModal({
      networks: [local.network],
      adapters: [createBitcoinAdapter({ window: firstPage, getWallets: createTestRegistry })],
      storage,
    });
    modals.push(first);
    await pollUntil(() => first.getState().connectors.find((c) => c.id === SATS_CONNECTOR_ID), 'the wallet in the list');
    expect(local.regtest.requests.length).toBe(requestsBefore); // listing wallets asks the node nothing
    await first.connect(SATS_CONNECTOR_ID);
    expect(first.getState().account).toMatchObject({
      status: 'connected',
      address: wallet.paymentAddress,
      caipAddress: `${local.network.caipNetworkId}:${wallet.paymentAddress}`,
      allAccounts: [
        { address: wallet.paymentAddress, type: 'payment' },
        { address: wallet.ordinalsAddress, type: 'ordinal' },
      ],
    });
    await pollUntil(() => first.getState().account?.balance, 'the balance');
    expect(first.getState().account).toMatchObject({ balance: '0.5', balanceSymbol: 'BTC' });
    expect(local.regtest.requests.slice(requestsBefore)).toContain(`GET /address/${wallet.paymentAddress}`);
    const next = wallet.switchAccount({ paymentKey: key(0x92) });
    await pollUntil(() => (first.getState().account?.address === next ? true : undefined), 'the switched account');
    first.destroy();

    // Second page load: the wallet remembers this site; the session comes back without a prompt.
    const secondPage = createPage();
    const recorded = recordingProvider(wallet.provider);
    secondPage.LatchBitcoinWalletProviders = { BitcoinProvider: recorded.provider };
    secondPage.btc_providers = [{ id: wallet.info.providerPath, name: wallet.info.name, icon: wallet.info.icon }];
    const second = createModal({
      networks: [local.network],
      adapters: [createBitcoinAdapter({ window: secondPage, getWallets: createTestRegistry })],
      storage,
    });
    modals.push(second);
    await pollUntil(() => (second.getState().status === 'connected' ? true : undefined), 'the silent restore');
    expect(second.getState().account).toMatchObject({ status: 'connected', address: next });
    expect(recorded.methods()).toEqual(['wallet_getAccount']);

    wallet.disconnectFromWallet();
    await pollUntil(() => (second.getState().status === 'disconnected' ? true : undefined), 'the disconnect');
  });
});
