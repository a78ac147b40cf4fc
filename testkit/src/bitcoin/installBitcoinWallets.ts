import { registerWallet } from '@wallet-standard/wallet';
import { createMockBitcoinWallet } from './mockBitcoinWallet.js';
import type { MockBitcoinWallet, MockBitcoinWalletOptions } from './types.js';

export interface BitcoinWalletInstallOptions extends MockBitcoinWalletOptions, BitcoinWalletPlacement {
  /** Registered as a Bitcoin Wallet Standard wallet (browser only: it goes through `window` events). Default false. */
  walletStandard?: boolean;
}

export interface BitcoinWalletConfig {
  wallets: BitcoinWalletInstallOptions[];
}

export interface BitcoinWalletInstallation {
  /** The wallets by id; the same object is `target.__latchBitcoinWallets`. */
  readonly wallets: Readonly<Record<string, MockBitcoinWallet>>;
  /** Takes the sats-connect globals back out (a Wallet Standard registration stays, as the standard has no unregister). */
  uninstall(): void;
}

type Globals = Record<string, unknown> & { btc_providers?: unknown[]; __latchBitcoinWallets?: Record<string, MockBitcoinWallet> };

/** Puts `value` at a dotted path of `target`, creating the objects on the way (`XverseProviders.BitcoinProvider`). */
function placeAt(target: Globals, path: string, value: unknown): () => void {
  const parts = path.split('.');
  const last = parts.pop()!;
  let holder: Record<string, unknown> = target;
  for (const part of parts) {
    if (typeof holder[part] !== 'object' || holder[part] === null) holder[part] = {};
    holder = holder[part] as Record<string, unknown>;
  }
  holder[last] = value;
  return () => {
    if (holder[last] === value) delete holder[last];
  };
}

export interface BitcoinWalletPlacement {
  /** Listed in `btc_providers` with its provider at `<providerPath>`. Default true. */
  satsConnect?: boolean;
  /** Also the page's default sats-connect provider, `BitcoinProvider`. Default false. */
  defaultProvider?: boolean;
}

/**
 * Makes one wallet discoverable the way Bitcoin extensions do it: its provider object on `target` (the window) at
 * its path, listed in `target.btc_providers` (WBIP004: push, never overwrite), and optionally as the default
 * `BitcoinProvider`. Returns an uninstall.
 */
export function installBitcoinWallet(
  wallet: MockBitcoinWallet,
  target: object = window,
  placement: BitcoinWalletPlacement = {},
): () => void {
  const globals = target as Globals;
  const undo: (() => void)[] = [];
  if (placement.satsConnect ?? true) {
    undo.push(placeAt(globals, wallet.info.providerPath, wallet.provider));
    if (!Array.isArray(globals.btc_providers)) globals.btc_providers = [];
    const entry = Object.freeze({
      id: wallet.info.providerPath,
      name: wallet.info.name,
      icon: wallet.info.icon,
      webUrl: 'https://latch.invalid/bitcoin-wallet',
      methods: ['getAddresses', 'signMessage', 'sendTransfer'],
    });
    globals.btc_providers.push(entry);
    undo.push(() => {
      const list = globals.btc_providers;
      if (Array.isArray(list) && list.includes(entry)) list.splice(list.indexOf(entry), 1);
    });
  }
  if (placement.defaultProvider) undo.push(placeAt(globals, 'BitcoinProvider', wallet.provider));
  return () => undo.splice(0).forEach((run) => run());
}

/**
 * Creates and installs each configured wallet (`installBitcoinWallet`), registers those with `walletStandard` as
 * Bitcoin Wallet Standard wallets, and exposes them all as `target.__latchBitcoinWallets[id]` for tests to drive.
 */
export function installBitcoinWallets(config: BitcoinWalletConfig, target: object = window): BitcoinWalletInstallation {
  const globals = target as Globals;
  const wallets: Record<string, MockBitcoinWallet> = {};
  const undo: (() => void)[] = [];
  for (const { satsConnect = true, defaultProvider = false, walletStandard = false, ...options } of config.wallets) {
    const wallet = createMockBitcoinWallet(options);
    if (Object.hasOwn(wallets, wallet.info.id)) throw new TypeError(`Two mock Bitcoin wallets share the id '${wallet.info.id}'`);
    wallets[wallet.info.id] = wallet;
    undo.push(installBitcoinWallet(wallet, target, { satsConnect, defaultProvider }));
    if (walletStandard) {
      if (typeof window === 'undefined') throw new TypeError('walletStandard registration needs a browser window');
      registerWallet(wallet.standardWallet);
    }
  }
  globals.__latchBitcoinWallets = wallets;
  return { wallets, uninstall: () => undo.splice(0).forEach((run) => run()) };
}
