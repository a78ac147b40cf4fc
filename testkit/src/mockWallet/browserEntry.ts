// Entry of dist/mock-wallet.iife.js, which defines the global `__latchMockWallet` in the page.
export { installMockWallet } from './announce.js';
export { createMockEip1193Provider } from './provider.js';
export { MOCK_WALLET_INFO, SECOND_MOCK_WALLET_INFO } from './walletInfo.js';
