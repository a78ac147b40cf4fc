import { KNOWN_CONNECTOR_IDS, readUntrustedProperty } from '@latch/kernel';
import type { Connector } from '@latch/kernel';
import { isEip1193Provider, type Eip1193Provider } from '../provider.js';

export const BROWSER_WALLET_NAME = 'Browser Wallet';
/** Some in-app browsers inject `window.ethereum` after load and then fire this event. */
export const ETHEREUM_INITIALIZED_EVENT = 'ethereum#initialized';

export function readInjectedProvider(target: unknown): Eip1193Provider | undefined {
  const ethereum = readUntrustedProperty(target, 'ethereum');
  return isEip1193Provider(ethereum) ? ethereum : undefined;
}

export function createInjectedConnector(provider: Eip1193Provider): Connector {
  return {
    id: KNOWN_CONNECTOR_IDS.injected,
    name: BROWSER_WALLET_NAME,
    type: 'INJECTED',
    chain: 'eip155',
    installed: true,
    provider,
  };
}

/**
 * §5: the generic entry has no rdns and no reliable installed check, so it is hidden on desktop and
 * shown on mobile only when `window.ethereum` exists and no EIP-6963 wallet announced itself.
 */
export function shouldShowBrowserWallet(input: { isMobile: boolean; hasInjected: boolean; announcedCount: number }): boolean {
  return input.isMobile && input.hasInjected && input.announcedCount === 0;
}
