// Entry of dist/shared-wallet.iife.js, which defines the global `__latchSharedWalletBundle` in the page.
export { installSharedSessionWallet } from './install.js';
export { createSharedSessionWallet } from './wallet.js';
export { SHARED_WALLET_GLOBAL, SHARED_WALLET_ID } from './walletInfo.js';
