// Entry of dist/polkadot-wallet.iife.js, which defines the global `__latchPolkadotWallet` in the page.
export { installMockPolkadotExtension } from './install.js';
export { installMockPolkadotExtensions } from './installWallets.js';
export { buildMockPolkadotExtension } from './mockExtension.js';
