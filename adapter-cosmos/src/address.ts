/**
 * Cosmos account addresses: bech32 (BIP-173) checked here without a library, so the sync `isAddress` costs the first
 * load a few hundred bytes (address.test.ts checks it against @scure/base on random inputs).
 */
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
/** BIP-173's length limit. */
const MAX_LENGTH = 90;

/** BIP-173's checksum over the expanded prefix, the data and its checksum: 1 for a valid bech32 (not bech32m) string. */
function polymod(values: readonly number[]): number {
  let chk = 1;
  for (const value of values) {
    const top = chk >> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i++) if ((top >> i) & 1) chk ^= GENERATORS[i] as number;
  }
  return chk;
}

/**
 * The bech32 prefix of a canonical (lower-case) Cosmos account address, or undefined for anything else. Account
 * addresses hold a 20-byte key hash (32 five-bit words); module, contract and ICA accounts a 32-byte hash (52 words,
 * the last one's 4 padding bits zero).
 */
export function cosmosAddressPrefix(address: unknown): string | undefined {
  if (typeof address !== 'string' || address.length > MAX_LENGTH || address !== address.toLowerCase()) return undefined;
  const separator = address.lastIndexOf('1');
  const prefix = address.slice(0, separator);
  const words = [...address.slice(separator + 1)].map((char) => CHARSET.indexOf(char));
  const dataWords = words.length - 6; // the last six are the checksum
  if (separator < 1 || (dataWords !== 32 && dataWords !== 52) || words.includes(-1)) return undefined;
  if (dataWords === 52 && ((words[51] as number) & 15) !== 0) return undefined;
  const codes = [...prefix].map((char) => char.charCodeAt(0));
  if (codes.some((code) => code < 33 || code > 126)) return undefined;
  return polymod([...codes.map((code) => code >> 5), 0, ...codes.map((code) => code & 31), ...words]) === 1 ? prefix : undefined;
}

/** Whether `address` is a lower-case bech32 account address, with `prefix` when given (`cosmos1…`, `osmo1…`). */
export function isCosmosAddress(address: unknown, prefix?: string): address is string {
  const found = cosmosAddressPrefix(address);
  return found !== undefined && (prefix === undefined || found === prefix);
}
