import { createModal, type StorageLike } from '@latch/kernel';
import { installBitcoinWallet } from '@latch/testkit';
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

async function until<T>(read: () => T | undefined): Promise<T> {
  for (let waited = 0; waited < 5_000; waited += 20) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('timed out');
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
    await until(() => first.getState().connectors.find((c) => c.id === SATS_CONNECTOR_ID));
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
    await until(() => first.getState().account?.balance);
    expect(first.getState().account).toMatchObject({ balance: '0.5', balanceSymbol: 'BTC' });
    expect(local.regtest.requests.slice(requestsBefore)).toContain(`GET /address/${wallet.paymentAddress}`);
    const next = wallet.switchAccount({ paymentKey: key(0x92) });
    await until(() => (first.getState().account?.address === next ? true : undefined));
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
    await until(() => (second.getState().status === 'connected' ? true : undefined));
    expect(second.getState().account).toMatchObject({ status: 'connected', address: next });
    expect(recorded.methods()).toEqual(['wallet_getAccount']);

    wallet.disconnectFromWallet();
    await until(() => (second.getState().status === 'disconnected' ? true : undefined));
  });
});
