// Entry of dist/mock-solana-wallet.iife.js, which defines the global `__latchMockSolanaWallet` in the page.
export { installMockSolanaWallet, registerMockSolanaWallet } from './installMockSolanaWallet.js';
export { createMockSolanaWallet } from './mockSolanaWallet.js';
export { MOCK_SOLANA_WALLET_NAME, MULTICHAIN_WALLET_NAME } from './walletNames.js';
