import type { WalletConnectWallet } from './walletRegistry.js';

/**
 * The small list shipped with the connector, used when the integrator configures none. Names and
 * links only: icons are drawn as monograms, so listing them fetches nothing.
 */
export const BUNDLED_WALLETCONNECT_WALLETS: readonly WalletConnectWallet[] = [
  {
    id: 'metamask',
    name: 'MetaMask',
    homepage: 'https://metamask.io',
    links: { native: 'metamask://', universal: 'https://metamask.app.link' },
    namespaces: ['eip155'],
  },
  {
    id: 'trust',
    name: 'Trust Wallet',
    homepage: 'https://trustwallet.com',
    links: { native: 'trust://', universal: 'https://link.trustwallet.com' },
    namespaces: ['eip155', 'solana', 'cosmos'],
  },
  {
    id: 'rainbow',
    name: 'Rainbow',
    homepage: 'https://rainbow.me',
    links: { native: 'rainbow://', universal: 'https://rnbwapp.com' },
    namespaces: ['eip155'],
  },
  {
    id: 'zerion',
    name: 'Zerion',
    homepage: 'https://zerion.io',
    links: { native: 'zerion://', universal: 'https://wallet.zerion.io' },
    namespaces: ['eip155', 'solana'],
  },
  {
    id: 'uniswap',
    name: 'Uniswap Wallet',
    homepage: 'https://wallet.uniswap.org',
    links: { native: 'uniswap://', universal: 'https://uniswap.org/app' },
    namespaces: ['eip155'],
  },
  {
    id: 'ledger',
    name: 'Ledger Live',
    homepage: 'https://www.ledger.com/ledger-live',
    links: { native: 'ledgerlive://', desktop: 'ledgerlive://' },
    namespaces: ['eip155', 'solana'],
  },
];
