import { createSatsConnectProvider } from './satsConnectProvider.js';
import { createStandardWallet } from './standardWallet.js';
import type { MockBitcoinWallet, MockBitcoinWalletOptions } from './types.js';
import { createWalletCore } from './walletCore.js';

/**
 * A Bitcoin wallet with two real secp256k1 keys (payment: P2WPKH, ordinals: P2TR) that signs BIP-322 messages and
 * builds, signs and broadcasts transfers through an Esplora API. Two faces over one state: a sats-connect provider
 * and a Bitcoin Wallet Standard wallet. Works in Node and in a browser; the authorisation survives reloads.
 */
export function createMockBitcoinWallet(options: MockBitcoinWalletOptions): MockBitcoinWallet {
  const core = createWalletCore(options);
  const provider = createSatsConnectProvider(core);
  const standardWallet = createStandardWallet(core);
  return {
    info: core.info,
    provider,
    standardWallet,
    get network() {
      return core.network();
    },
    get paymentAddress() {
      return core.keys().payment.address;
    },
    get ordinalsAddress() {
      return core.keys().ordinals.address;
    },
    get authorised() {
      return core.authorised();
    },
    setFailure: core.setFailure,
    disconnectFromWallet: core.disconnectFromWallet,
    switchAccount: core.switchAccount,
    switchNetwork: (network) => core.switchNetwork(network),
  };
}
