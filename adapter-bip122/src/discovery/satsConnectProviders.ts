import { readUntrustedProperty } from '@latch/kernel';
import { SATS_CONNECT_ID_PREFIX } from '../constants.js';
import { isObjectLike, readDataIcon, readList, readName } from './untrusted.js';

/** A sats-connect provider found on the page: listed in `window.btc_providers`, or a default global. */
export interface SatsConnectWalletEntry {
  readonly kind: 'sats-connect';
  /** The connector id: `sats-connect:<path>`. */
  readonly id: string;
  readonly name: string;
  readonly icon?: string;
  readonly provider: object;
}

/** A window path such as `XverseProviders.BitcoinProvider` (WBIP004: the `id` of a `btc_providers` entry). */
const PROVIDER_PATH = /^[A-Za-z_$][\w$]{0,63}(\.[A-Za-z_$][\w$]{0,63}){0,3}$/;
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);
const MAX_LISTED = 32;
/** Where sats-connect looks when no provider is chosen; they carry no name, so they get the wallet's well-known one. */
const DEFAULT_PROVIDERS: readonly (readonly [path: string, name: string])[] = [
  ['XverseProviders.BitcoinProvider', 'Xverse'],
  ['BitcoinProvider', 'Bitcoin Wallet'],
];

/** Whether a value (read across the page boundary, so untrusted) speaks sats-connect's `request(method, params)`. */
export function isSatsConnectProvider(value: unknown): value is object {
  return isObjectLike(value) && typeof readUntrustedProperty(value, 'request') === 'function';
}

function resolvePath(root: unknown, path: string): unknown {
  if (!PROVIDER_PATH.test(path)) return undefined;
  const segments = path.split('.');
  if (segments.some((segment) => FORBIDDEN_SEGMENTS.has(segment))) return undefined;
  return segments.reduce<unknown>((holder, segment) => readUntrustedProperty(holder, segment), root);
}

/**
 * The sats-connect wallets on `root` (the window): each well-formed `btc_providers` entry (id = path of a provider
 * with `request`, a name, a `data:` icon) in listed order, then the default globals when they are a provider not listed.
 */
export function readSatsConnectWallets(root: unknown): SatsConnectWalletEntry[] {
  const found: SatsConnectWalletEntry[] = [];
  const seen = new Set<object>();
  const add = (path: string, name: string, icon: string | undefined, provider: object) => {
    if (seen.has(provider) || found.some((entry) => entry.id === SATS_CONNECT_ID_PREFIX + path)) return;
    seen.add(provider);
    found.push({ kind: 'sats-connect', id: SATS_CONNECT_ID_PREFIX + path, name, ...(icon ? { icon } : {}), provider });
  };
  for (const listing of readList(readUntrustedProperty(root, 'btc_providers'), MAX_LISTED)) {
    const path = readUntrustedProperty(listing, 'id');
    const name = readName(readUntrustedProperty(listing, 'name'));
    const icon = readDataIcon(readUntrustedProperty(listing, 'icon'));
    if (typeof path !== 'string' || !name || !icon) continue;
    const provider = resolvePath(root, path);
    if (isSatsConnectProvider(provider)) add(path, name, icon, provider);
  }
  for (const [path, name] of DEFAULT_PROVIDERS) {
    const provider = resolvePath(root, path);
    if (isSatsConnectProvider(provider)) add(path, name, undefined, provider);
  }
  return found;
}
