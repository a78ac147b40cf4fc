import type { RegistryWallet } from '@latch/kernel';

/**
 * The small registry shipped with Latch, used when the integrator configures none. Names and
 * homepages; the logos (bundledWalletLogos.ts) join them when All Wallets lists them, and a wallet
 * without one shows a monogram. Showing the list fetches nothing.
 */
export const BUNDLED_WALLETS: readonly RegistryWallet[] = [
  { id: 'metamask', name: 'MetaMask', rdns: 'io.metamask', homepage: 'https://metamask.io', chains: ['eip155'] },
  {
    id: 'coinbase',
    name: 'Coinbase Wallet',
    rdns: 'com.coinbase.wallet',
    homepage: 'https://www.coinbase.com/wallet',
    chains: ['eip155', 'solana'],
  },
  { id: 'rabby', name: 'Rabby Wallet', rdns: 'io.rabby', homepage: 'https://rabby.io', chains: ['eip155'] },
  { id: 'rainbow', name: 'Rainbow', rdns: 'me.rainbow', homepage: 'https://rainbow.me', chains: ['eip155'] },
  {
    id: 'trust',
    name: 'Trust Wallet',
    rdns: 'com.trustwallet.app',
    homepage: 'https://trustwallet.com',
    chains: ['eip155', 'solana', 'cosmos', 'bip122'],
  },
  { id: 'phantom', name: 'Phantom', rdns: 'app.phantom', homepage: 'https://phantom.com', chains: ['solana', 'eip155', 'bip122'] },
  {
    id: 'okx',
    name: 'OKX Wallet',
    rdns: 'com.okex.wallet',
    homepage: 'https://www.okx.com/web3',
    chains: ['eip155', 'solana', 'bip122', 'cosmos'],
  },
  { id: 'zerion', name: 'Zerion', rdns: 'io.zerion.wallet', homepage: 'https://zerion.io', chains: ['eip155', 'solana'] },
  { id: 'brave', name: 'Brave Wallet', rdns: 'com.brave.wallet', homepage: 'https://brave.com/wallet', chains: ['eip155', 'solana'] },
  { id: 'frame', name: 'Frame', rdns: 'sh.frame', homepage: 'https://frame.sh', chains: ['eip155'] },
  { id: 'taho', name: 'Taho', rdns: 'xyz.taho', homepage: 'https://taho.xyz', chains: ['eip155'] },
  { id: 'enkrypt', name: 'Enkrypt', rdns: 'com.enkrypt', homepage: 'https://www.enkrypt.com', chains: ['eip155', 'polkadot', 'bip122'] },
  { id: 'keplr', name: 'Keplr', homepage: 'https://www.keplr.app', chains: ['cosmos'] },
  { id: 'talisman', name: 'Talisman', rdns: 'xyz.talisman', homepage: 'https://talisman.xyz', chains: ['polkadot', 'eip155'] },
  { id: 'subwallet', name: 'SubWallet', rdns: 'app.subwallet', homepage: 'https://www.subwallet.app', chains: ['polkadot', 'eip155'] },
  { id: 'xverse', name: 'Xverse', homepage: 'https://www.xverse.app', chains: ['bip122'] },
  { id: 'leather', name: 'Leather', homepage: 'https://leather.io', chains: ['bip122'] },
  { id: 'backpack', name: 'Backpack', homepage: 'https://backpack.app', chains: ['solana', 'eip155'] },
  { id: 'solflare', name: 'Solflare', homepage: 'https://solflare.com', chains: ['solana'] },
  { id: 'ledger', name: 'Ledger Live', homepage: 'https://www.ledger.com/ledger-live', chains: ['eip155', 'solana', 'bip122'] },
  { id: 'safe', name: 'Safe', homepage: 'https://safe.global', chains: ['eip155'] },
  { id: 'argent', name: 'Argent', homepage: 'https://www.argent.xyz', chains: ['eip155'] },
  {
    id: 'exodus',
    name: 'Exodus',
    rdns: 'com.exodus.web3-wallet',
    homepage: 'https://www.exodus.com',
    chains: ['eip155', 'solana', 'bip122'],
  },
  { id: 'uniswap', name: 'Uniswap Wallet', homepage: 'https://wallet.uniswap.org', chains: ['eip155'] },
];
