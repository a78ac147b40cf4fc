import { registerWallet } from '@wallet-standard/wallet';
import { createMockSolanaWallet } from './mockSolanaWallet.js';
import type { MockSolanaWallet, MockSolanaWalletOptions } from './types.js';

export interface MockSolanaWalletConfig {
  wallets: MockSolanaWalletOptions[];
}

export interface MockSolanaWalletInstallation {
  /** The wallets by name; the same object is `window.__latchMockSolanaWallets`. */
  readonly wallets: Readonly<Record<string, MockSolanaWallet>>;
}

interface MockSolanaWalletGlobals {
  __latchMockSolanaWallets?: Record<string, MockSolanaWallet>;
}

/**
 * Registers a wallet with the page the Wallet Standard way (`wallet-standard:register-wallet` now, and again on
 * every `wallet-standard:app-ready`), so discovery works whichever side loads first.
 */
export function registerMockSolanaWallet(wallet: MockSolanaWallet): void {
  registerWallet(wallet);
}

/** Creates and registers each wallet in this window, and exposes them as `window.__latchMockSolanaWallets` for tests. */
export function installMockSolanaWallet(config: MockSolanaWalletConfig): MockSolanaWalletInstallation {
  const wallets: Record<string, MockSolanaWallet> = {};
  for (const options of config.wallets) {
    const wallet = createMockSolanaWallet(options);
    if (Object.hasOwn(wallets, wallet.name)) throw new Error(`mock Solana wallet: two wallets are named "${wallet.name}"`);
    wallets[wallet.name] = wallet;
  }
  (window as unknown as MockSolanaWalletGlobals).__latchMockSolanaWallets = wallets;
  for (const wallet of Object.values(wallets)) registerMockSolanaWallet(wallet);
  return { wallets };
}
