// Entry of dist/mock-bitcoin-wallet.iife.js, which defines the global `__latchMockBitcoinWallet` in the page.
export { installBitcoinWallet, installBitcoinWallets } from './installBitcoinWallets.js';
export { createMockBitcoinWallet } from './mockBitcoinWallet.js';
export { MOCK_BITCOIN_WALLET_INFO } from './walletInfo.js';
