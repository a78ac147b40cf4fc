import type { SiwxMessage } from './message/types.js';

/** §3 "Sign-in session": the message's fields, its text and the wallet's signature. */
export interface SiwxSession {
  data: SiwxMessage;
  message: string;
  signature: string;
  /** When the server stops honouring it (RFC 3339). */
  expiresAt: string;
}

/** An account on every network of its namespace (`{ namespace: 'eip155', address: '0x…' }`): what a sign-out names. */
export interface SiwxNamespaceAccount {
  namespace: string;
  address: string;
}
