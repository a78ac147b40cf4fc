import { type AuthorisationStore, createAuthorisationStore as storeUnder } from '../pageStorage.js';

export type { AuthorisationStore };

/** `localStorage` key `latch-mock-polkadot-wallet:<key>:authorised` when there is one, else this extension's memory. */
export const createAuthorisationStore = (extensionKey: string): AuthorisationStore =>
  storeUnder(`latch-mock-polkadot-wallet:${extensionKey}:authorised`);
