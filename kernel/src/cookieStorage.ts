import { parseCaipAddress } from './primitives.js';
import { createMemoryStorage, defaultWebStorage, STORAGE_KEYS, type StorageLike } from './storage.js';
import type { CaipAddress, CaipNetworkId, ChainNamespace } from './types.js';

/**
 * The keys a server render needs, kept in cookies: whether the visitor was connected, on which
 * namespace, network and account, and with which wallet. Everything else (caches, recent wallets,
 * a connector's own data) stays in the browser's Web Storage and is never sent to the server.
 */
const COOKIE_KEY_SUFFIXES = [
  STORAGE_KEYS.connectionStatus,
  STORAGE_KEYS.activeNamespace,
  STORAGE_KEYS.activeCaipNetworkId,
  STORAGE_KEYS.activeCaipAddress,
  STORAGE_KEYS.connectedNamespaces,
  ':connected_connector_id',
];

const DEFAULT_PREFIX = '@latch/';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export interface CookieStorageOptions {
  /** How long the cookies live, in seconds. Default: one year. */
  maxAgeSeconds?: number;
  /** Cookie path. Default `/`. */
  path?: string;
  /** Where the keys that are not cookies go. Default: `localStorage`, else memory. */
  fallback?: StorageLike;
}

/** Splits a `Cookie` header (or `document.cookie`) into decoded name/value pairs; malformed pairs are skipped. */
export function parseCookies(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    try {
      cookies.set(decodeURIComponent(part.slice(0, eq).trim()), decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      // A cookie someone else wrote with a bad escape: not ours.
    }
  }
  return cookies;
}

/**
 * A `storage` for `createModal` that keeps the connection in cookies, so the server can render the
 * connected account on a reload (`cookieToInitialState`). Safe to create on the server: it reads
 * `document` only when used, and there it holds nothing.
 */
export function cookieStorage(options: CookieStorageOptions = {}): StorageLike {
  const maxAge = options.maxAgeSeconds ?? YEAR_SECONDS;
  const path = options.path ?? '/';
  let fallback = options.fallback;
  const other = () => (fallback ??= defaultWebStorage() ?? createMemoryStorage());
  const doc = () => (globalThis as { document?: { cookie: string } }).document;
  const inCookie = (key: string) => COOKIE_KEY_SUFFIXES.some((suffix) => key.endsWith(suffix));
  const write = (key: string, value: string, age: number) => {
    const d = doc();
    if (!d) return;
    const secure = (globalThis as { location?: { protocol?: string } }).location?.protocol === 'https:' ? '; Secure' : '';
    const expires = age > 0 ? '' : '; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
    d.cookie = `${encodeURIComponent(key)}=${encodeURIComponent(value)}; Path=${path}; Max-Age=${age}${expires}; SameSite=Lax${secure}`;
  };
  return {
    getItem: (key) => (inCookie(key) ? (parseCookies(doc()?.cookie).get(key) ?? null) : other().getItem(key)),
    setItem: (key, value) => (inCookie(key) ? write(key, String(value), maxAge) : other().setItem(key, value)),
    removeItem: (key) => (inCookie(key) ? write(key, '', 0) : other().removeItem(key)),
  };
}

/** What the server knows of a returning visitor from the cookies: plain JSON, passed from server to client. */
export interface LatchInitialState {
  status: 'connected';
  namespace: ChainNamespace;
  caipNetworkId: CaipNetworkId;
  caipAddress: CaipAddress;
  address: string;
}

/**
 * Reads the connection `cookieStorage` wrote from a request's `Cookie` header. Undefined unless the
 * visitor was connected with a well-formed account; the wallet still confirms it in the browser.
 * `storagePrefix` must match the modal's (default `@latch/`).
 */
export function cookieToInitialState(
  cookieHeader: string | null | undefined,
  options: { storagePrefix?: string } = {},
): LatchInitialState | undefined {
  const prefix = options.storagePrefix ?? DEFAULT_PREFIX;
  const cookies = parseCookies(cookieHeader);
  const json = (key: string): unknown => {
    try {
      return JSON.parse(cookies.get(prefix + key) ?? 'null');
    } catch {
      return undefined;
    }
  };
  const caipAddress = json(STORAGE_KEYS.activeCaipAddress);
  if (json(STORAGE_KEYS.connectionStatus) !== 'connected' || typeof caipAddress !== 'string') return undefined;
  const parsed = parseCaipAddress(caipAddress);
  if (!parsed) return undefined;
  return {
    status: 'connected',
    namespace: parsed.namespace,
    caipNetworkId: parsed.caipNetworkId,
    caipAddress: caipAddress as CaipAddress,
    address: parsed.address,
  };
}
