import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';
import type { ChainNamespace } from './types.js';

const EVM_ADDRESS = /^(?:0x)?([0-9a-fA-F]{40})$/;
const BASE58_32_TO_44 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const SOLANA_PUBLIC_KEY_BYTES = 32;

/** EIP-55 mixed-case checksum of an EVM address (with or without 0x, any case). */
export function toChecksumAddress(address: string): `0x${string}` {
  const hex = typeof address === 'string' ? EVM_ADDRESS.exec(address)?.[1] : undefined;
  if (hex === undefined) throw new TypeError(`Not an EVM address (expected 40 hex characters): "${String(address)}"`);
  const lower = hex.toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let checksummed = '0x';
  for (let i = 0; i < lower.length; i++) {
    const char = lower.charAt(i);
    checksummed += parseInt(hash.charAt(i), 16) >= 8 ? char.toUpperCase() : char;
  }
  return checksummed as `0x${string}`;
}

/** §5: 40 hex characters, optional 0x; single-case is accepted, mixed case must match EIP-55. */
export function isEvmAddress(address: string): boolean {
  if (typeof address !== 'string') return false;
  const hex = EVM_ADDRESS.exec(address)?.[1];
  if (hex === undefined) return false;
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return toChecksumAddress(hex).slice(2) === hex;
}

/** §5: 32 to 44 base58 characters that decode to a 32-byte public key. */
export function isSolanaAddress(address: string): boolean {
  if (typeof address !== 'string' || !BASE58_32_TO_44.test(address)) return false;
  try {
    return base58.decode(address).length === SOLANA_PUBLIC_KEY_BYTES;
  } catch {
    return false;
  }
}

/** §5: only eip155 and solana addresses can be valid; every other namespace is rejected. */
export function isAddress(address: string, namespace: ChainNamespace | string): boolean {
  switch (namespace) {
    case 'eip155':
      return isEvmAddress(address);
    case 'solana':
      return isSolanaAddress(address);
    default:
      return false;
  }
}
