import { createMockEip1193Provider } from './provider.js';
import type { MockEip1193Provider, MockWalletOptions } from './types.js';
import type { Eip6963ProviderInfo } from './walletInfo.js';

export interface MockWalletConfig {
  wallets: { info: Eip6963ProviderInfo; options: MockWalletOptions }[];
  /** Extra raw `detail` payloads announced alongside the wallets, to test that a dapp validates them. */
  malformedAnnouncements?: unknown[];
  /** Also expose the first wallet as `window.ethereum`, like a pre-EIP-6963 extension. */
  legacyInjected?: boolean;
}

export interface MockWalletInstallation {
  /** The providers by rdns; the same object is `window.__latchMockWallets`. */
  readonly providers: Readonly<Record<string, MockEip1193Provider>>;
  /** Dispatches every announcement again. */
  announce(): void;
  /** Stops answering `eip6963:requestProvider` (test clean-up). */
  uninstall(): void;
}

interface MockWalletGlobals {
  __latchMockWallets?: Record<string, MockEip1193Provider>;
  ethereum?: unknown;
}

/**
 * Announces one wallet on `target` (a window, or an `EventTarget` an adapter is given in its place) the way a browser
 * extension does (EIP-6963): at once unless `announceOnLoad` is false, and again on every `eip6963:requestProvider`.
 * `detail` is the announcement, `{ info, provider }` (anything else tests how a dapp validates it); keep the same
 * provider across two calls to play one wallet over two page loads. Returns the uninstall (it stops answering).
 */
export function announceWallet(target: EventTarget, detail: unknown, { announceOnLoad = true } = {}): () => void {
  const answer = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  target.addEventListener('eip6963:requestProvider', answer);
  if (announceOnLoad) answer();
  return () => target.removeEventListener('eip6963:requestProvider', answer);
}

/**
 * Installs mock wallets in this window the way browser extensions do (EIP-6963): each announces itself at once and
 * again on every `eip6963:requestProvider`, so discovery works whichever side loads first.
 */
export function installMockWallet(config: MockWalletConfig, target: Window = window): MockWalletInstallation {
  const providers: Record<string, MockEip1193Provider> = {};
  const announcements: unknown[] = config.wallets.map(({ info, options }) => {
    const provider = createMockEip1193Provider({ ...options, rdns: options.rdns ?? info.rdns });
    providers[info.rdns] = provider;
    return Object.freeze({ info: Object.freeze({ ...info }), provider });
  });
  announcements.push(...(config.malformedAnnouncements ?? []));

  const announce = () => {
    for (const detail of announcements) target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  };
  const globals = target as unknown as MockWalletGlobals;
  globals.__latchMockWallets = providers;
  const first = config.wallets[0];
  if (config.legacyInjected && first) globals.ethereum = providers[first.info.rdns];

  target.addEventListener('eip6963:requestProvider', announce);
  announce();
  return {
    providers,
    announce,
    uninstall: () => target.removeEventListener('eip6963:requestProvider', announce),
  };
}
