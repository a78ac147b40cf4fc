// Entry of dist/toy-wallet.iife.js, which defines the global `__latchToyWallet` in the page.
export { installToyWallet } from './announce.js';
export { installToyWallets } from './installWallets.js';
export { createToyWallet } from './wallet.js';
export { TOY_WALLET_INFO } from './walletInfo.js';
