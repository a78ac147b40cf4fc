import { invalidOption } from '@latch/kernel';
// Writing SS58 addresses: only after connecting (account lists, network switches), so not part of the first load.
import { ACCOUNT_ID_BYTES, BASE58_ALPHABET, CHECKSUM_BYTES, checksum, decodeAddress, isSs58Format } from './address.js';

/** The base58 string of `bytes` (Bitcoin alphabet, each leading zero byte a '1'). */
export function base58Encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let text = '';
  for (; value; value /= 58n) text = BASE58_ALPHABET[Number(value % 58n)] + text;
  const zeros = bytes.findIndex((byte) => byte !== 0);
  return '1'.repeat(zeros < 0 ? bytes.length : zeros) + text;
}

function prefixBytes(ss58Format: number): Uint8Array {
  if (ss58Format < 64) return Uint8Array.of(ss58Format);
  // Two-byte form of the SS58 spec: 14 bits spread over both bytes, the first flagged with 0b01.
  return Uint8Array.of(((ss58Format & 0b1111_1100) >> 2) | 0b0100_0000, (ss58Format >> 8) | ((ss58Format & 0b11) << 6));
}

/** The SS58 address of a 32-byte account id in a network's format (0 Polkadot, 2 Kusama, 42 generic Substrate). */
export function encodeAddress(publicKey: Uint8Array, ss58Format: number): string {
  if (!(publicKey instanceof Uint8Array) || publicKey.length !== ACCOUNT_ID_BYTES) throw invalidOption('An account id is 32 bytes');
  if (!isSs58Format(ss58Format)) throw invalidOption(`Invalid SS58 format: ${String(ss58Format)}`);
  const prefix = prefixBytes(ss58Format);
  const payload = new Uint8Array(prefix.length + ACCOUNT_ID_BYTES);
  payload.set(prefix);
  payload.set(publicKey, prefix.length);
  const sum = checksum(payload);
  const full = new Uint8Array(payload.length + CHECKSUM_BYTES);
  full.set(payload);
  full.set(sum, payload.length);
  return base58Encode(full);
}

/** An address re-encoded for another network (same account); undefined when it is not an SS58 account address. */
export function toNetworkAddress(address: unknown, ss58Format: number): string | undefined {
  const decoded = decodeAddress(address);
  return decoded && encodeAddress(decoded.publicKey, ss58Format);
}

/** Whether two addresses name the same account, whatever network format each is written in. */
export function sameAccount(a: unknown, b: unknown): boolean {
  const [left, right] = [decodeAddress(a), decodeAddress(b)];
  return !!left && !!right && left.publicKey.every((byte, i) => byte === right.publicKey[i]);
}
