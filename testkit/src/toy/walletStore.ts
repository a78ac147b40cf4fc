import { type AuthorisationStore, createAuthorisationStore as storeUnder } from '../pageStorage.js';

export type { AuthorisationStore };

/** The `localStorage` key of a wallet's authorisation. */
export const toyAuthorisationKey = (walletId: string) => `latch-toy-wallet:${walletId}:connected`;

/** `localStorage` (key `latch-toy-wallet:<id>:connected`) when there is one, so a reload reconnects; else memory. */
export const createAuthorisationStore = (walletId: string): AuthorisationStore => storeUnder(toyAuthorisationKey(walletId));
