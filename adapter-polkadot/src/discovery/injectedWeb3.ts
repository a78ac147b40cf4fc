import { readUntrustedProperty } from '@latch/kernel';
import { KNOWN_EXTENSIONS } from './extensionNames.js';

/** One well-formed `window.injectedWeb3[key]`: `{ version, enable(origin) }` or the newer `{ version, connect(origin) }`. */
export interface InjectedExtension {
  readonly key: string;
  readonly name: string;
  readonly icon?: string;
  readonly rdns?: string;
  /** The untrusted entry the extension injected; the adapter only calls its enable / connect. */
  readonly entry: object;
}

const EXTENSION_KEY = /^[a-z0-9][a-z0-9._-]{0,63}$/i;
const DATA_IMAGE_URI = /^data:image\/[a-z0-9.+-]+[;,]/i;
/** More than this many keys is not a browser with extensions but a page playing games: the rest are ignored. */
const MAX_EXTENSIONS = 32;

/** Whether an injected entry can be enabled at all (read across the page boundary, so untrusted). */
export function isInjectedEntry(entry: unknown): entry is object {
  return (
    typeof entry === 'object' &&
    entry !== null &&
    (typeof readUntrustedProperty(entry, 'enable') === 'function' || typeof readUntrustedProperty(entry, 'connect') === 'function')
  );
}

function ownKeys(map: object): string[] {
  try {
    return Object.keys(map).slice(0, MAX_EXTENSIONS);
  } catch {
    return []; // a proxy that throws on ownKeys is not a list of extensions
  }
}

/** Parses one key of `injectedWeb3`; undefined when the key or the entry is malformed. */
export function readInjectedExtension(map: unknown, key: string): InjectedExtension | undefined {
  if (!EXTENSION_KEY.test(key)) return undefined;
  const entry = readUntrustedProperty(map, key);
  if (!isInjectedEntry(entry)) return undefined;
  const known = Object.hasOwn(KNOWN_EXTENSIONS, key) ? KNOWN_EXTENSIONS[key] : undefined;
  const icon = readUntrustedProperty(entry, 'icon');
  return {
    key,
    name: known?.name ?? key,
    ...(typeof icon === 'string' && icon.length < 100_000 && DATA_IMAGE_URI.test(icon) ? { icon } : {}),
    ...(known?.rdns ? { rdns: known.rdns } : {}),
    entry,
  };
}

/** Every well-formed extension on `holder.injectedWeb3` (the window), in the order they injected. */
export function readInjectedExtensions(holder: unknown): InjectedExtension[] {
  const map = readUntrustedProperty(holder, 'injectedWeb3');
  if (typeof map !== 'object' || map === null) return [];
  return ownKeys(map).flatMap((key) => readInjectedExtension(map, key) ?? []);
}
