import type { CaipNetworkId } from '@latch/kernel';
import { isEvmAddress, toChecksumAddress } from './address.js';

export interface TokenConfigEntry {
  address: string;
  image?: string;
}

/** ERC-20 tokens to show per network: one entry (the kernel's `tokens` option shape) or a list. */
export type TokenConfig = Readonly<Partial<Record<CaipNetworkId, TokenConfigEntry | readonly TokenConfigEntry[]>>>;

export interface ConfiguredToken {
  address: `0x${string}`;
  image?: string;
}

/** The valid, checksummed, de-duplicated tokens configured for a network. */
export function tokensFor(config: TokenConfig | undefined, caipNetworkId: CaipNetworkId): ConfiguredToken[] {
  const configured = config?.[caipNetworkId];
  const entries: readonly TokenConfigEntry[] =
    configured === undefined ? [] : Array.isArray(configured) ? configured : [configured as TokenConfigEntry];
  const byAddress = new Map<string, ConfiguredToken>();
  for (const entry of entries) {
    if (typeof entry?.address !== 'string' || !isEvmAddress(entry.address)) continue;
    const address = toChecksumAddress(entry.address);
    if (!byAddress.has(address)) byAddress.set(address, typeof entry.image === 'string' ? { address, image: entry.image } : { address });
  }
  return [...byAddress.values()];
}
