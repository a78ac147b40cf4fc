import { BECH32, BECH32_CHARSET, BECH32M, base58Decode, bech32Words, wordsToBytes } from './encodings.js';
import { sha256 } from './sha256.js';

/** What makes an address belong to a network: its bech32 prefix and its base58 version bytes. */
export interface AddressFamily {
  readonly hrp: string;
  readonly pubKeyHash: number;
  readonly scriptHash: number;
}

export const MAINNET_FAMILY: AddressFamily = { hrp: 'bc', pubKeyHash: 0x00, scriptHash: 0x05 };
/** testnet3, testnet4 and signet share their prefixes. */
export const TESTNET_FAMILY: AddressFamily = { hrp: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4 };
export const REGTEST_FAMILY: AddressFamily = { hrp: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4 };
const FAMILIES = [MAINNET_FAMILY, TESTNET_FAMILY, REGTEST_FAMILY];

/** The kind of output an address pays to; decides how it is spent and its size in a transaction. */
export type AddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr' | 'witness';

// bech32 allows 90 characters; no segwit address is longer.
const MAX_BECH32_LENGTH = 90;

/** BIP-173 (v0, bech32) and BIP-350 (v1+, bech32m) segwit addresses; the family it belongs to. */
function segwitType(address: string, families: readonly AddressFamily[]): AddressType | undefined {
  if (address.length > MAX_BECH32_LENGTH || (address !== address.toLowerCase() && address !== address.toUpperCase())) return undefined;
  const lower = address.toLowerCase();
  const separator = lower.lastIndexOf('1');
  const family = families.find((candidate) => lower.slice(0, separator) === candidate.hrp);
  if (!family) return undefined;
  // The witness version is the first data character; it decides the checksum (bech32 for v0, bech32m after).
  const version = BECH32_CHARSET.indexOf(lower.charAt(separator + 1));
  if (version < 0 || version > 16) return undefined;
  const words = bech32Words(lower, family.hrp, version === 0 ? BECH32 : BECH32M);
  const program = words && wordsToBytes(words.slice(1));
  if (!program || program.length < 2 || program.length > 40) return undefined;
  if (version === 0) return program.length === 20 ? 'p2wpkh' : program.length === 32 ? 'p2wsh' : undefined;
  return version === 1 && program.length === 32 ? 'p2tr' : 'witness';
}

/** Legacy base58check addresses: a version byte, a 20-byte hash and a 4-byte double-SHA-256 checksum. */
function base58Type(address: string, families: readonly AddressFamily[]): AddressType | undefined {
  if (address.length < 25 || address.length > 35) return undefined;
  const bytes = base58Decode(address);
  if (bytes?.length !== 25) return undefined;
  const checksum = sha256(sha256(bytes.subarray(0, 21)));
  if (!checksum.subarray(0, 4).every((byte, i) => byte === bytes[21 + i])) return undefined;
  const version = bytes[0];
  if (families.some((family) => family.pubKeyHash === version)) return 'p2pkh';
  return families.some((family) => family.scriptHash === version) ? 'p2sh' : undefined;
}

/** The type of a Bitcoin address of one of `families` (all networks by default), or undefined when it is none. */
export function bitcoinAddressType(address: unknown, families: readonly AddressFamily[] = FAMILIES): AddressType | undefined {
  if (typeof address !== 'string' || address.trim() !== address || address === '') return undefined;
  return /^[13mn2]/.test(address) ? base58Type(address, families) : segwitType(address, families);
}

/** Whether `address` is a valid Bitcoin address (bech32/bech32m or base58check) of mainnet, a testnet or regtest. */
export function isBitcoinAddress(address: unknown, family?: AddressFamily): address is string {
  return bitcoinAddressType(address, family ? [family] : FAMILIES) !== undefined;
}
