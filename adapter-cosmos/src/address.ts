import { bech32 } from '@scure/base';

/** Account addresses hold a 20-byte key hash; module, contract and ICA accounts a 32-byte hash. */
const ADDRESS_BYTES = new Set([20, 32]);

/** The bech32 prefix of a canonical (lower-case) Cosmos account address, or undefined for anything else. */
export function cosmosAddressPrefix(address: unknown): string | undefined {
  if (typeof address !== 'string' || address !== address.toLowerCase()) return undefined;
  try {
    const { prefix, words } = bech32.decode(address as `${string}1${string}`);
    return ADDRESS_BYTES.has(bech32.fromWords(words).length) ? prefix : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `address` is a lower-case bech32 account address, with `prefix` when given (`cosmos1…`, `osmo1…`). */
export function isCosmosAddress(address: unknown, prefix?: string): address is string {
  const found = cosmosAddressPrefix(address);
  return found !== undefined && (prefix === undefined || found === prefix);
}
