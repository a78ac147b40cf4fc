/*
 * A transfer's failures the visitor can act on; the package exports them. A module of their own: the first-load
 * modules import none of it, so a host that does not use them keeps them in the lazy chunks that throw them.
 */
export const INSUFFICIENT_FUNDS_MESSAGE = "The payment account's balance does not cover this amount plus the network fee.";
export const BROADCAST_REJECTED_PREFIX = 'The Bitcoin network rejected the transaction';
