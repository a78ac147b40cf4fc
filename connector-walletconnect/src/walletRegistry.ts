import { httpStatusError, LatchError } from '@latch/kernel';
import type { WalletLinks } from './deepLinks.js';

/*
 * The WalletConnect wallets an integrator offers (§2 All Wallets): a bundled list, an inline list, or
 * a JSON file the integrator hosts. Registry data is untrusted input: every entry is checked, and an
 * icon is kept only when it is a data: image or lives on the registry's own host.
 */

/** One wallet in a registry file: `{ "wallets": [ … ] }` or a bare array of these. */
export interface WalletConnectWallet {
  readonly id: string;
  readonly name: string;
  /** A `data:image/…` URI, or an https URL on the registry's host. */
  readonly icon?: string;
  readonly homepage?: string;
  readonly links?: WalletLinks;
  /** CAIP-2 namespaces it serves over WalletConnect (`eip155`, `solana`…); absent: any. */
  readonly namespaces?: readonly string[];
}

const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif|svg\+xml)[;,]/i;
const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const NAMESPACE = /^[-a-z0-9]{3,8}$/;

function text(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.trim() !== '' && value.length <= max ? value.trim() : undefined;
}

function read(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

/** An icon the modal may show: data: images always; http(s) only from `allowedOrigin` (the registry's own). */
export function allowedIcon(icon: unknown, allowedOrigin: string | undefined): string | undefined {
  if (typeof icon !== 'string' || icon.length > 200_000) return undefined;
  if (DATA_IMAGE.test(icon)) return icon;
  if (!allowedOrigin) return undefined;
  try {
    const url = new URL(icon, `${allowedOrigin}/`);
    return url.origin === allowedOrigin && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function homepageOf(value: unknown): string | undefined {
  const url = text(value, 2048);
  return url && /^https:\/\/[^/\s]+/i.test(url) ? url : undefined;
}

function linksOf(value: unknown): WalletLinks | undefined {
  const links = {
    native: text(read(value, 'native'), 256),
    universal: text(read(value, 'universal'), 512),
    desktop: text(read(value, 'desktop'), 256),
  };
  const kept = Object.fromEntries(Object.entries(links).filter(([, link]) => link !== undefined));
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/** One checked entry, or undefined when it lacks a valid id or name. */
export function parseWallet(value: unknown, iconOrigin?: string): WalletConnectWallet | undefined {
  const id = text(read(value, 'id'), 128);
  const name = text(read(value, 'name'), 64);
  if (!id || !ID.test(id) || !name) return undefined;
  const namespaces = read(value, 'namespaces');
  const wallet: { -readonly [K in keyof WalletConnectWallet]: WalletConnectWallet[K] } = { id, name };
  const icon = allowedIcon(read(value, 'icon'), iconOrigin);
  if (icon) wallet.icon = icon;
  const homepage = homepageOf(read(value, 'homepage'));
  if (homepage) wallet.homepage = homepage;
  const links = linksOf(read(value, 'links'));
  if (links) wallet.links = links;
  if (Array.isArray(namespaces)) wallet.namespaces = namespaces.filter((ns): ns is string => typeof ns === 'string' && NAMESPACE.test(ns));
  return wallet;
}

/** The wallets of a registry document; duplicates (by id) keep the first. Throws on a document of the wrong shape. */
export function parseWalletRegistry(document: unknown, iconOrigin?: string): WalletConnectWallet[] {
  const list = Array.isArray(document) ? document : read(document, 'wallets');
  if (!Array.isArray(list))
    throw new LatchError('The wallet registry must be a JSON array of wallets or { "wallets": [...] }', { category: 'API_ERROR' });
  const seen = new Set<string>();
  const wallets: WalletConnectWallet[] = [];
  for (const entry of list.slice(0, 5000)) {
    const wallet = parseWallet(entry, iconOrigin);
    if (!wallet || seen.has(wallet.id)) continue;
    seen.add(wallet.id);
    wallets.push(wallet);
  }
  return wallets;
}

/** Fetches and checks a self-hosted registry; icons are allowed from the registry's own origin only. */
export async function fetchWalletRegistry(url: string, signal?: AbortSignal): Promise<WalletConnectWallet[]> {
  const response = await fetch(url, { signal, credentials: 'omit', headers: { accept: 'application/json' } });
  if (!response.ok) throw httpStatusError(response.status);
  return parseWalletRegistry(await response.json(), new URL(url).origin);
}

export interface WalletSelection {
  readonly featuredWalletIds?: readonly string[];
  readonly includeWalletIds?: readonly string[];
  readonly excludeWalletIds?: readonly string[];
}

/**
 * The wallets to list: `includeWalletIds` (when given) keeps only those, `excludeWalletIds` drops
 * some, featured ones come first in their given order; then a case-insensitive name search.
 */
export function selectWallets(
  wallets: readonly WalletConnectWallet[],
  { featuredWalletIds = [], includeWalletIds = [], excludeWalletIds = [] }: WalletSelection,
  search = '',
): WalletConnectWallet[] {
  const kept = wallets.filter(
    (w) => (includeWalletIds.length === 0 || includeWalletIds.includes(w.id)) && !excludeWalletIds.includes(w.id),
  );
  const featured = featuredWalletIds.flatMap((id) => kept.filter((w) => w.id === id));
  const ordered = [...featured, ...kept.filter((w) => !featuredWalletIds.includes(w.id))];
  const needle = search.trim().toLowerCase();
  return needle ? ordered.filter((w) => w.name.toLowerCase().includes(needle)) : ordered;
}
