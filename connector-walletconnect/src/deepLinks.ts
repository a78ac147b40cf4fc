import { invalidOption } from '@latch/kernel';

/*
 * Links that open a WalletConnect pairing URI in a chosen wallet (§2 mobile): a native scheme
 * (`scheme://wc?uri=…`) or a universal link (`https://…/wc?uri=…`). Pure: no DOM, no request.
 */

/** Where the visitor is: a phone's OS decides which kind of link opens an app reliably. */
export type Platform = 'ios' | 'android' | 'desktop';

/** How a wallet is reached from a link; any may be missing. */
export interface WalletLinks {
  /** A custom scheme, e.g. `rainbow://` (a bare `rainbow` is accepted). */
  readonly native?: string;
  /** An https prefix that the OS hands to the app, e.g. `https://rnbwapp.com`. */
  readonly universal?: string;
  /** A desktop app's scheme, used on desktop. */
  readonly desktop?: string;
}

export interface DeepLink {
  readonly href: string;
  readonly kind: 'native' | 'universal';
}

/** Schemes that would run code or load content in this page instead of opening an app. */
const FORBIDDEN_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'file', 'blob', 'about', 'http', 'https', 'wc']);

/** `scheme://` from `scheme`, `scheme:`, `scheme://` or `scheme://path/`; undefined when not a safe app scheme. */
export function nativePrefix(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*)(?::(?:\/\/)?(.*))?$/.exec(value.trim());
  const scheme = match?.[1]?.toLowerCase();
  if (!match || !scheme || FORBIDDEN_SCHEMES.has(scheme)) return undefined;
  const rest = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  return rest ? `${scheme}://${rest}/` : `${scheme}://`;
}

/** `https://host/path/` from an https URL; undefined for anything else. */
export function universalPrefix(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.search || url.hash) return undefined;
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/** A WalletConnect pairing URI: `wc:<topic>@2?…` with a relay protocol and a symmetric key. */
export function isPairingUri(uri: string): boolean {
  return /^wc:[0-9a-f]{64}@2\?/.test(uri) && /[?&]symKey=[0-9a-f]{64}(&|$)/.test(uri) && /[?&]relay-protocol=/.test(uri);
}

/**
 * The link that opens `uri` in `wallet` on `platform`: iOS prefers the universal link (it opens the
 * app when installed and the wallet's site when not, without a "cannot open" dialog), Android the
 * native scheme (an intent that needs no verified domain), desktop only a desktop app's scheme.
 * Undefined when the wallet has no link for the platform: the visitor scans the QR code instead.
 */
export function buildDeepLink(wallet: { readonly links?: WalletLinks }, uri: string, platform: Platform): DeepLink | undefined {
  if (!isPairingUri(uri)) throw invalidOption('buildDeepLink: not a WalletConnect pairing URI (wc:…@2?…)');
  const links = wallet.links ?? {};
  const encoded = encodeURIComponent(uri);
  const native = (prefix: string | undefined): DeepLink | undefined =>
    prefix ? { href: `${prefix}wc?uri=${encoded}`, kind: 'native' } : undefined;
  const universal = (prefix: string | undefined): DeepLink | undefined =>
    prefix ? { href: `${prefix}wc?uri=${encoded}`, kind: 'universal' } : undefined;
  switch (platform) {
    case 'ios':
      return universal(universalPrefix(links.universal)) ?? native(nativePrefix(links.native));
    case 'android':
      return native(nativePrefix(links.native)) ?? universal(universalPrefix(links.universal));
    default:
      return native(nativePrefix(links.desktop));
  }
}

/** The visitor's platform from a user agent (and touch points: iPadOS reports a Mac). */
export function detectPlatform(userAgent: string, maxTouchPoints = 0): Platform {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && maxTouchPoints > 1)) return 'ios';
  return 'desktop';
}

/**
 * §4: on Telegram or iOS Safari a live pairing is reused. Both only follow a link the visitor taps, and a new
 * pairing takes a relay round trip: so the pairing made for the first wallet the visitor tried stays live when
 * they go back and pick another, and its URI is ready before the tap. Elsewhere each visit gets a new pairing.
 */
export function reusesLivePairing(userAgent: string, maxTouchPoints = 0, inTelegram = false): boolean {
  if (inTelegram || /\bTelegram\b/i.test(userAgent)) return true;
  // Safari proper: Chrome, Firefox, Edge and Opera on iOS carry their own token on top of Safari's.
  return (
    detectPlatform(userAgent, maxTouchPoints) === 'ios' && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(userAgent)
  );
}
