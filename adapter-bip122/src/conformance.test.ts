import { formatUnits } from '@latch/kernel';
import { installBitcoinWallet, verifyBitcoinMessageSignature } from '@latch/testkit';
import { describeAdapterConformance } from '@latch/testkit/conformance';
import { createBitcoinAdapter } from './adapter.js';
import { createPage, createWallet, key, SATS_CONNECTOR_ID, STANDARD_CONNECTOR_ID, startRegtest } from './test-support/bitcoinFixture.js';
import { createTestRegistry } from './test-support/testRegistry.js';

// The shared ChainAdapter contract against a real bcoin regtest node (through its Esplora API) and the testkit's
// wallet with real keys: once through its sats-connect provider, once through its Bitcoin Wallet Standard face.

describeAdapterConformance('adapter-bip122 (sats-connect provider)', async () => {
  const local = await startRegtest();
  const page = createPage();
  const wallet = createWallet(local, { paymentKey: key(0x61) });
  await local.regtest.fund(wallet.paymentAddress, 123_456_789n);
  let uninstall: (() => void) | undefined;
  return {
    adapter: createBitcoinAdapter({ window: page, getWallets: createTestRegistry }),
    network: local.network,
    wallet: {
      connectorId: SATS_CONNECTOR_ID,
      address: wallet.paymentAddress,
      reject: (kind, on) => wallet.setFailure(kind === 'connect' ? 'rejectConnect' : 'rejectSign', on),
      disconnectFromWallet: () => wallet.disconnectFromWallet(),
      switchAccount: async () => wallet.switchAccount({ paymentKey: key(0x62) }),
      verifySignature: async (request) => verifyBitcoinMessageSignature(request),
      nativeBalance: async () => formatUnits(await local.regtest.balanceOf(wallet.paymentAddress), 8),
    },
    install() {
      uninstall = installBitcoinWallet(wallet, page);
      // sats-connect globals announce nothing: the adapter reads the page again on page events, as the visitor's focus.
      page.dispatchEvent(new Event('focus'));
    },
    async teardown() {
      uninstall?.();
      await local.stop();
    },
  };
});

describeAdapterConformance('adapter-bip122 (Bitcoin Wallet Standard)', async () => {
  const local = await startRegtest();
  const registry = createTestRegistry();
  const wallet = createWallet(local, { paymentKey: key(0x63) });
  await local.regtest.fund(wallet.paymentAddress, 98_765_432n);
  return {
    adapter: createBitcoinAdapter({ window: createPage(), getWallets: () => registry }),
    network: local.network,
    wallet: {
      connectorId: STANDARD_CONNECTOR_ID,
      address: wallet.paymentAddress,
      reject: (kind, on) => wallet.setFailure(kind === 'connect' ? 'rejectConnect' : 'rejectSign', on),
      disconnectFromWallet: () => wallet.disconnectFromWallet(),
      switchAccount: async () => wallet.switchAccount({ paymentKey: key(0x64) }),
      verifySignature: async (request) => verifyBitcoinMessageSignature(request),
      nativeBalance: async () => formatUnits(await local.regtest.balanceOf(wallet.paymentAddress), 8),
    },
    install: () => void registry.register(wallet.standardWallet),
    async teardown() {
      registry.clear();
      await local.stop();
    },
  };
});
