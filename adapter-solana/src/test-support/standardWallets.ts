import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';

/*
 * Registration-side helpers for discovery tests: what a wallet extension puts in the registry. The
 * features here are never called (discovery only reads them); connect, sign and send tests use the
 * testkit's real Wallet Standard wallet against a real local Solana RPC.
 */

export const SVG_ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';
export const MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
export const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1';

const never = () => Promise.reject(new Error('discovery must not call wallet features'));

export function fullFeatures(): Record<string, unknown> {
  return {
    'standard:connect': { version: '1.0.0', connect: never },
    'standard:disconnect': { version: '1.0.0', disconnect: never },
    'standard:events': { version: '1.0.0', on: () => () => {} },
    'solana:signAndSendTransaction': { version: '1.0.0', supportedTransactionVersions: ['legacy', 0], signAndSendTransaction: never },
    'solana:signTransaction': { version: '1.0.0', supportedTransactionVersions: ['legacy', 0], signTransaction: never },
    'solana:signMessage': { version: '1.0.0', signMessage: never },
  };
}

export interface WalletShape {
  name?: unknown;
  icon?: unknown;
  chains?: unknown;
  features?: unknown;
  /** Features to leave out of the full set. */
  without?: readonly string[];
}

/** A registration shaped like a Wallet Standard wallet; any field can be overridden with garbage. */
export function standardWallet(name: string, shape: WalletShape = {}): Wallet {
  const features = 'features' in shape ? shape.features : fullFeatures();
  if (shape.without && typeof features === 'object' && features)
    for (const key of shape.without) delete (features as Record<string, unknown>)[key];
  return {
    version: '1.0.0',
    name: 'name' in shape ? shape.name : name,
    icon: 'icon' in shape ? shape.icon : SVG_ICON,
    chains: 'chains' in shape ? shape.chains : [MAINNET, DEVNET],
    features,
    accounts: [],
  } as unknown as Wallet;
}

/** Registers in @wallet-standard/app's registry (the real one) and unregisters everything on `clear()`. */
export function createRegistrations() {
  const unregisters: (() => void)[] = [];
  return {
    register(...wallets: Wallet[]): () => void {
      const unregister = getWallets().register(...wallets);
      unregisters.push(unregister);
      return unregister;
    },
    clear() {
      for (const unregister of unregisters.splice(0)) unregister();
    },
  };
}
