import { ripemd160, sha256 } from '@cosmjs/crypto';
import { fromBech32, toBech32 } from '@cosmjs/encoding';

const BECH32_LIMIT = 90;

/** A secp256k1 account address: bech32(prefix, ripemd160(sha256(compressed public key))). */
export function cosmosAddressOfPubkey(pubkey: Uint8Array, prefix: string): string {
  if (pubkey.length !== 33) throw new TypeError('A Cosmos secp256k1 public key is 33 bytes (compressed)');
  return toBech32(prefix, ripemd160(sha256(pubkey)));
}

/** Whether `address` is a lower-case bech32 account address with `prefix` (20 or 32 bytes). */
export function isCosmosAddressWithPrefix(address: unknown, prefix: string): address is string {
  if (typeof address !== 'string' || address !== address.toLowerCase()) return false;
  try {
    // An explicit limit: CosmJS 0.39 defaults to Infinity, which @scure/base 2.4 rejects.
    const { prefix: found, data } = fromBech32(address, BECH32_LIMIT);
    return found === prefix && (data.length === 20 || data.length === 32);
  } catch {
    return false;
  }
}
