import { blake2b512 } from './blake2b.js';

/** A Substrate account id (the sr25519 / ed25519 public key, or the hash of an ecdsa one) is 32 bytes. */
export const ACCOUNT_ID_BYTES = 32;
export const CHECKSUM_BYTES = 2;
/** 'SS58PRE', hashed in front of the payload for the checksum. */
const SS58_CHECKSUM_CONTEXT = Uint8Array.of(0x53, 0x53, 0x35, 0x38, 0x50, 0x52, 0x45);
const MAX_SS58_FORMAT = 16_383;
/** Reserved by the SS58 registry: never a network's address format. */
const RESERVED_FORMATS = new Set([46, 47]);
export const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

export interface DecodedAddress {
  publicKey: Uint8Array;
  ss58Format: number;
}

/** Whether `value` is a network address format an SS58 address can carry (0 to 16383, not reserved). */
export function isSs58Format(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_SS58_FORMAT && !RESERVED_FORMATS.has(value);
}

export function checksum(payload: Uint8Array): Uint8Array {
  const context = new Uint8Array(SS58_CHECKSUM_CONTEXT.length + payload.length);
  context.set(SS58_CHECKSUM_CONTEXT);
  context.set(payload, SS58_CHECKSUM_CONTEXT.length);
  return blake2b512(context).subarray(0, CHECKSUM_BYTES);
}

/** The bytes of a base58 string (Bitcoin alphabet, each leading '1' a zero byte); `text` is base58 already. */
export function base58Decode(text: string): Uint8Array {
  let value = 0n;
  for (const char of text) value = value * 58n + BigInt(BASE58_ALPHABET.indexOf(char));
  let hex = value ? value.toString(16) : '';
  if (hex.length % 2) hex = `0${hex}`;
  const zeros = text.length - text.replace(/^1+/, '').length;
  const bytes = new Uint8Array(zeros + hex.length / 2);
  for (let i = 0; i < hex.length / 2; i++) bytes[zeros + i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
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
  const bytes = base58Decode(address);
  const prefix = readPrefix(bytes);
  if (!prefix || !isSs58Format(prefix.ss58Format)) return undefined;
  if (bytes.length !== prefix.length + ACCOUNT_ID_BYTES + CHECKSUM_BYTES) return undefined;
  const payloadEnd = bytes.length - CHECKSUM_BYTES;
  const expected = checksum(bytes.subarray(0, payloadEnd));
  if (bytes[payloadEnd] !== expected[0] || bytes[payloadEnd + 1] !== expected[1]) return undefined;
  return { publicKey: bytes.slice(prefix.length, payloadEnd), ss58Format: prefix.ss58Format };
}

/** Whether `address` is an SS58 account address (32-byte account id, valid checksum) of any network format. */
export function isPolkadotAddress(address: unknown): address is string {
  return decodeAddress(address) !== undefined;
}
