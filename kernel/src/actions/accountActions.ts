/*
 * What the Account view does beyond showing the account: send, the Activity and NFTs tabs, name
 * resolution. One chunk, loaded when the visitor opens one of them (or a host calls one).
 */
export { getNfts, getTransactions, resolveName } from './history.js';
export { estimateSendFee, maxSendable, sendTransfer, setSendState, waitForTransfer } from './send.js';
