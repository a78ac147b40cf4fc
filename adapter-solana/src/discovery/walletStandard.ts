import { readUntrustedProperty } from '@latch/kernel';
import type { CaipNetwork, Connector } from '@latch/kernel';
import type { Wallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';
import { supportsAnyNetwork } from '../chains.js';
import { CONNECTOR_ID_PREFIX } from '../constants.js';
import { SIGN_FEATURES, hasFeature, readFeature, readStringList } from '../walletFeatures.js';

/** A registered wallet that passed validation: what a connector is made from. */
export interface SolanaWallet {
  readonly wallet: Wallet;
  readonly name: string;
  /** Always a `data:image/…` URI: a remote icon URL would leak the visitor's IP to a third party. */
  readonly icon: string;
}

const DATA_IMAGE_URI = /^data:image\/[a-z0-9.+-]+[;,]/i;

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * A registration the adapter can use: named, with a data: icon, the connect and events features, a Solana
 * sign feature, and a chain among `networks`. Undefined for anything else, including hostile objects.
 */
export function readSolanaWallet(wallet: unknown, networks: readonly CaipNetwork[]): SolanaWallet | undefined {
  try {
    const name = nonEmptyString(readUntrustedProperty(wallet, 'name'));
    const icon = nonEmptyString(readUntrustedProperty(wallet, 'icon'));
    const features = readUntrustedProperty(wallet, 'features');
    if (!name || !icon || !DATA_IMAGE_URI.test(icon)) return undefined;
    if (typeof features !== 'object' || features === null || Array.isArray(features)) return undefined;
    if (!hasFeature(wallet, 'standard:connect') || !hasFeature(wallet, 'standard:events')) return undefined;
    if (!SIGN_FEATURES.some((feature) => hasFeature(wallet, feature))) return undefined;
    if (!supportsAnyNetwork(readStringList(wallet, 'chains'), networks)) return undefined;
    return { wallet: wallet as Wallet, name, icon };
  } catch {
    return undefined;
  }
}

export function connectorIdOf(name: string): string {
  return `${CONNECTOR_ID_PREFIX}${name}`;
}

export function createWalletConnector({ wallet, name, icon }: SolanaWallet): Connector {
  return { id: connectorIdOf(name), name, type: 'ANNOUNCED', chain: 'solana', icon, installed: true, provider: wallet };
}

export interface WalletStandardDiscovery {
  /** The first subscriber starts listening to the registry (and to each wallet's changes); returns an unsubscribe. */
  subscribe(onChange: () => void): () => void;
  /** Usable wallets, one per name (the first registered wins), sorted by name so the order survives reloads. */
  wallets(): SolanaWallet[];
  /** Whether the wallet object is still registered. */
  isRegistered(wallet: Wallet): boolean;
  /** Resolves with the wallet of that name once usable, or undefined after `timeoutMs`. */
  waitFor(name: string, timeoutMs: number): Promise<SolanaWallet | undefined>;
}

const byName = (a: SolanaWallet, b: SolanaWallet) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Wallet Standard discovery. `getWallets` is first called when the wallets are first needed (watching,
 * reconnecting), so creating this during server-side rendering or at construction touches no global.
 */
// long: first-load code (in every app with the adapter); moving wallets() and waitFor() to module functions measured +16 B gzip on latch-five's first load, and that budget has 2 B left
export function createWalletStandardDiscovery(
  getWallets: () => Wallets,
  getNetworks: () => readonly CaipNetwork[],
): WalletStandardDiscovery {
  const listeners = new Set<() => void>();
  const walletChangeOffs = new Map<Wallet, () => void>();
  let registry: Wallets | undefined;
  let registryOffs: (() => void)[] = [];

  const registryApi = (): Wallets => (registry ??= getWallets());
  const registered = (): readonly Wallet[] => {
    try {
      return registryApi().get();
    } catch {
      return [];
    }
  };

  function notify(): void {
    followWalletChanges();
    for (const listener of [...listeners]) listener();
  }

  // A wallet may add Solana chains or features later (e.g. once unlocked): re-read it when it says so.
  function followWalletChanges(): void {
    const current = new Set(registered());
    for (const [wallet, off] of walletChangeOffs) {
      if (!current.has(wallet)) {
        off();
        walletChangeOffs.delete(wallet);
      }
    }
    for (const wallet of current) {
      if (walletChangeOffs.has(wallet)) continue;
      const events = readFeature(wallet, 'standard:events');
      try {
        const off = events?.on('change', (properties) => {
          if (readUntrustedProperty(properties, 'chains') || readUntrustedProperty(properties, 'features')) notify();
        });
        walletChangeOffs.set(wallet, typeof off === 'function' ? off : () => {});
      } catch {
        walletChangeOffs.set(wallet, () => {});
      }
    }
  }

  function start(): void {
    registryOffs = [registryApi().on('register', notify), registryApi().on('unregister', notify)];
    followWalletChanges();
  }

  function stop(): void {
    for (const off of registryOffs) off();
    registryOffs = [];
    for (const off of walletChangeOffs.values()) off();
    walletChangeOffs.clear();
  }

  const discovery: WalletStandardDiscovery = {
    subscribe(onChange) {
      const listener = () => onChange();
      listeners.add(listener);
      if (listeners.size === 1) start();
      return () => {
        if (!listeners.delete(listener)) return;
        if (listeners.size === 0) stop();
      };
    },
    wallets() {
      const networks = getNetworks();
      const usable = new Map<string, SolanaWallet>();
      for (const wallet of registered()) {
        const parsed = readSolanaWallet(wallet, networks);
        if (parsed && !usable.has(parsed.name)) usable.set(parsed.name, parsed);
      }
      return [...usable.values()].sort(byName);
    },
    isRegistered: (wallet) => registered().includes(wallet),
    waitFor(name, timeoutMs) {
      const find = () => discovery.wallets().find((wallet) => wallet.name === name);
      return new Promise((resolve) => {
        let settled = false;
        let timer: ReturnType<typeof setTimeout> | undefined;
        let unsubscribe: (() => void) | undefined;
        const finish = (found: SolanaWallet | undefined) => {
          if (settled) return;
          settled = true;
          if (timer !== undefined) clearTimeout(timer);
          unsubscribe?.();
          resolve(found);
        };
        unsubscribe = discovery.subscribe(() => {
          const found = find();
          if (found) finish(found);
        });
        const found = find();
        if (found) finish(found);
        else timer = setTimeout(() => finish(find()), timeoutMs);
      });
    },
  };
  return discovery;
}
