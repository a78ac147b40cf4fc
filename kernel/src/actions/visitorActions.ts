/*
 * Everything that happens once a visitor acts: connecting, restoring a session, switching, signing,
 * disconnecting, reading balances. One chunk, loaded on the first of these (or when the UI
 * preloads the modal), so an instance that is only created costs the page none of it.
 */
export { refreshBalance } from './account.js';
export { connectWallet, connectWallets, handleAdapterEvent } from './connect.js';
export { disconnect } from './disconnect.js';
export { switchNetwork } from './network.js';
export { removeAdapter, removeNetwork } from './networkRemoval.js';
export { reconnect } from './reconnect.js';
export { endSession } from './session.js';
export { signMessage } from './sign.js';
export { refreshTokenBalances } from './tokens.js';
/** Send, activity, NFTs and names: a chunk of their own, loaded when the visitor opens one of them. */
export const accountActions = () => import('./accountActions.js');
