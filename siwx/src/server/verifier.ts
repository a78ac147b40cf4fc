import type { SiwxMessage } from '../message/types.js';

export interface SiwxVerifyRequest {
  /** The parsed fields; domain, nonce, times and network are already checked. */
  data: SiwxMessage;
  /** The exact text the wallet signed. */
  message: string;
  signature: string;
}

/** Checks signatures for one namespace: answers whether `signature` is the account's over `message`. */
export interface SiwxVerifier {
  namespace: string;
  verify(request: SiwxVerifyRequest): Promise<boolean>;
}
