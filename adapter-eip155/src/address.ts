import { invalidOption } from '@latch/kernel';
import { keccak256 } from './keccak.js';

const EVM_ADDRESS = /^(?:0x)?([0-9a-fA-F]{40})$/;

/** EIP-55 mixed-case checksum of an EVM address (with or without 0x, any case). */
export function toChecksumAddress(address: string): `0x${string}` {
  const hex = typeof address === 'string' ? EVM_ADDRESS.exec(address)?.[1] : undefined;
  if (hex === undefined) throw invalidOption(`Not an EVM address (expected 40 hex characters): "${String(address)}"`);
  const lower = hex.toLowerCase();
  const hash = Array.from(keccak256(new TextEncoder().encode(lower)), (byte) => byte.toString(16).padStart(2, '0')).join('');
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
