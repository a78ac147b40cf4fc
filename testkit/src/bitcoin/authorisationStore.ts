import { type AuthorisationStore, createAuthorisationStore as storeUnder } from '../pageStorage.js';

export type { AuthorisationStore };

/** The `localStorage` key of a wallet's authorisation. */
export const bitcoinAuthorisationKey = (walletId: string) => `latch-bitcoin-wallet:${walletId}:connected`;

/** `localStorage` (key `latch-bitcoin-wallet:<id>:connected`) when there is one, so a reload reconnects; else memory. */
export const createAuthorisationStore = (walletId: string): AuthorisationStore => storeUnder(bitcoinAuthorisationKey(walletId));
