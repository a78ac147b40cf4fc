// Entry of dist/mock-cosmos-wallet.iife.js, which defines the global `__latchMockCosmosWallet` in the page.
export { installMockCosmosWallets } from './installMockCosmosWallets.js';
export { createMockCosmosWallet } from './mockCosmosWallet.js';
export { verifyAdr36Signature } from '../adr36.js';
