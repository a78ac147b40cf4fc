import { type AuthorisationStore, createAuthorisationStore as storeUnder } from '../pageStorage.js';

export type { AuthorisationStore };

/** `localStorage` key `latch-mock-solana-wallet:<name>:connected` when there is one, else this wallet's memory. */
export const createAuthorisationStore = (walletName: string): AuthorisationStore =>
  storeUnder(`latch-mock-solana-wallet:${walletName}:connected`);
