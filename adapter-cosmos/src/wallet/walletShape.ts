import { readUntrustedProperty } from '@latch/kernel';

/** An injected object with Keplr's API (`window.keplr`, `window.leap`…). Untrusted: only ever called through `callWallet`. */
export interface KeplrStyleWallet {
  readonly enable: unknown;
  readonly getKey: unknown;
  readonly getOfflineSigner: unknown;
}

/** The methods that make an injected object a Keplr-style wallet; `signArbitrary` and the rest are optional. */
const REQUIRED_METHODS = ['enable', 'getKey', 'getOfflineSigner'] as const;

export function isKeplrStyleWallet(value: unknown): value is KeplrStyleWallet {
  return REQUIRED_METHODS.every((method) => typeof readUntrustedProperty(value, method) === 'function');
}

export function hasWalletMethod(wallet: KeplrStyleWallet, method: string): boolean {
  return typeof readUntrustedProperty(wallet, method) === 'function';
}
