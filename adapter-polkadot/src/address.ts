import { blake2b } from '@noble/hashes/blake2.js';
import { base58 } from '@scure/base';

/** A Substrate account id (the sr25519 / ed25519 public key, or the hash of an ecdsa one) is 32 bytes. */
const ACCOUNT_ID_BYTES = 32;
const CHECKSUM_BYTES = 2;
/** 'SS58PRE', hashed in front of the payload for the checksum. */
const SS58_CHECKSUM_CONTEXT = Uint8Array.of(0x53, 0x53, 0x35, 0x38, 0x50, 0x52, 0x45);
const MAX_SS58_FORMAT = 16_383;
/** Reserved by the SS58 registry: never a network's address format. */
const RESERVED_FORMATS = new Set([46, 47]);
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

export interface DecodedAddress {
  publicKey: Uint8Array;
  ss58Format: number;
}

/** Whether `value` is a network address format an SS58 address can carry (0 to 16383, not reserved). */
export function isSs58Format(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_SS58_FORMAT && !RESERVED_FORMATS.has(value);
}

function checksum(payload: Uint8Array): Uint8Array {
  const context = new Uint8Array(SS58_CHECKSUM_CONTEXT.length + payload.length);
  context.set(SS58_CHECKSUM_CONTEXT);
  context.set(payload, SS58_CHECKSUM_CONTEXT.length);
  return blake2b(context, { dkLen: 64 }).subarray(0, CHECKSUM_BYTES);
}

function prefixBytes(ss58Format: number): Uint8Array {
  if (ss58Format < 64) return Uint8Array.of(ss58Format);
  // Two-byte form of the SS58 spec: 14 bits spread over both bytes, the first flagged with 0b01.
  return Uint8Array.of(((ss58Format & 0b1111_1100) >> 2) | 0b0100_0000, (ss58Format >> 8) | ((ss58Format & 0b11) << 6));
}

function readPrefix(bytes: Uint8Array): { ss58Format: number; length: number } | undefined {
  const first = bytes[0];
  if (first === undefined || first & 0b1000_0000) return undefined;
  if (!(first & 0b0100_0000)) return { ss58Format: first, length: 1 };
  const second = bytes[1];
  if (second === undefined) return undefined;
  return { ss58Format: ((first & 0b0011_1111) << 2) | (second >> 6) | ((second & 0b0011_1111) << 8), length: 2 };
}

/** The account id and network format of an SS58 account address, or undefined for anything else (indices included). */
export function decodeAddress(address: unknown): DecodedAddress | undefined {
  if (typeof address !== 'string' || address.length > 64 || !BASE58.test(address)) return undefined;
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(address);
  } catch {
    return undefined;
  }
  const prefix = readPrefix(bytes);
  if (!prefix || !isSs58Format(prefix.ss58Format)) return undefined;
  if (bytes.length !== prefix.length + ACCOUNT_ID_BYTES + CHECKSUM_BYTES) return undefined;
  const payloadEnd = bytes.length - CHECKSUM_BYTES;
  const expected = checksum(bytes.subarray(0, payloadEnd));
  if (bytes[payloadEnd] !== expected[0] || bytes[payloadEnd + 1] !== expected[1]) return undefined;
  return { publicKey: bytes.slice(prefix.length, payloadEnd), ss58Format: prefix.ss58Format };
}

/** The SS58 address of a 32-byte account id in a network's format (0 Polkadot, 2 Kusama, 42 generic Substrate). */
export function encodeAddress(publicKey: Uint8Array, ss58Format: number): string {
  if (!(publicKey instanceof Uint8Array) || publicKey.length !== ACCOUNT_ID_BYTES) throw new TypeError('An account id is 32 bytes');
  if (!isSs58Format(ss58Format)) throw new TypeError(`Invalid SS58 format: ${String(ss58Format)}`);
  const prefix = prefixBytes(ss58Format);
  const payload = new Uint8Array(prefix.length + ACCOUNT_ID_BYTES);
  payload.set(prefix);
  payload.set(publicKey, prefix.length);
  const sum = checksum(payload);
  const full = new Uint8Array(payload.length + CHECKSUM_BYTES);
  full.set(payload);
  full.set(sum, payload.length);
  return base58.encode(full);
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

/** Whether `address` is an SS58 account address (32-byte account id, valid checksum) of any network format. */
export function isPolkadotAddress(address: unknown): address is string {
  return decodeAddress(address) !== undefined;
}
