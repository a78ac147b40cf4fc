import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/*
 * Proof of possession for `PUT /api/wallet` (PROTOCOL §1): the frame signs this text with both keys of the new
 * wallet, so the service records only addresses whose keys really exist, for this user and project, with this share.
 */

export interface WalletProofInput {
  userId: string;
  projectId: string;
  addresses: { eip155: string; solana: string };
  /** The auth share as uploaded (base64). */
  authShare: string;
}

/** The exact text both keys sign (eip155: EIP-191 personal message; solana: ed25519 over its UTF-8 bytes). */
export function walletProofMessage(input: WalletProofInput): string {
  const shareHash = bytesToHex(sha256(new TextEncoder().encode(input.authShare)));
  return [
    'Latch embedded wallet: create this wallet',
    `User: ${input.userId}`,
    `Project: ${input.projectId}`,
    `eip155: ${input.addresses.eip155}`,
    `solana: ${input.addresses.solana}`,
    `Auth share SHA-256: ${shareHash}`,
  ].join('\n');
}
