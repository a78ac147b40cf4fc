import type { MockBitcoinWalletInfo } from './types.js';

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f7931a"/>' +
  '<path d="M11 8h7a4 4 0 0 1 1.5 7.7A4.5 4.5 0 0 1 18 24h-7zm4 3v3h2.5a1.5 1.5 0 0 0 0-3zm0 6v4h3a2 2 0 0 0 0-4z" fill="#fff"/></svg>';

/** The default mock Bitcoin wallet icon, an inline SVG. */
export const MOCK_BITCOIN_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent(ICON_SVG)}`;

export const MOCK_BITCOIN_WALLET_INFO: MockBitcoinWalletInfo = Object.freeze({
  id: 'latch-bitcoin-wallet',
  name: 'Latch Bitcoin Wallet',
  icon: MOCK_BITCOIN_WALLET_ICON,
  providerPath: 'LatchBitcoinWalletProviders.BitcoinProvider',
});

/** The provider path of a wallet id other than the default: `Latch_<id>Providers.BitcoinProvider`. */
export function providerPathFor(id: string): string {
  return id === MOCK_BITCOIN_WALLET_INFO.id
    ? MOCK_BITCOIN_WALLET_INFO.providerPath
    : `Latch_${id.replace(/[^A-Za-z0-9_$]/g, '_')}Providers.BitcoinProvider`;
}
