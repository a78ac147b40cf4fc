/** Where a Keplr-style wallet injects itself, and what it is called. */
export interface KeplrStyleWalletDescriptor {
  /** The connector id, stable across reloads. */
  readonly id: string;
  /** The wallet's own display name (the modal merges a wallet across namespaces by name). */
  readonly name: string;
  /** The property path from `window` to its Keplr-compatible API: `['keplr']`, `['cosmostation', 'providers', 'keplr']`. */
  readonly path: readonly string[];
  /** Window events it fires when its keys change (an account switch), besides Keplr's `keplr_keystorechange`. */
  readonly keystoreEvents?: readonly string[];
  /** A `data:` image. */
  readonly icon?: string;
  /** Other wallets fill this slot too (Leap and others answer as `window.keplr`): listed only when nobody else owns the object. */
  readonly sharedSlot?: boolean;
}

/** The wallets the adapter looks for by default. */
export const KEPLR_STYLE_WALLETS: readonly KeplrStyleWalletDescriptor[] = Object.freeze([
  { id: 'keplr', name: 'Keplr', path: ['keplr'], sharedSlot: true },
  { id: 'leap', name: 'Leap', path: ['leap'], keystoreEvents: ['leap_keystorechange'] },
  {
    id: 'cosmostation',
    name: 'Cosmostation',
    path: ['cosmostation', 'providers', 'keplr'],
    keystoreEvents: ['cosmostation_keystorechange'],
  },
]);

export const KEPLR_KEYSTORE_EVENT = 'keplr_keystorechange';

/** Every event a wallet may fire when its keys change. */
export function keystoreEventsOf(descriptor: KeplrStyleWalletDescriptor): string[] {
  return [...new Set([KEPLR_KEYSTORE_EVENT, ...(descriptor.keystoreEvents ?? [])])];
}
