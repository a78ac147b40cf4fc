import { truncateAddress } from '@latch/kernel';
import type { CaipNetwork, CaipNetworkId } from '@latch/kernel';
import { isSolanaAddress } from './address.js';

export interface SolanaTokenConfigEntry {
  /** The SPL mint address. */
  mint: string;
  image?: string;
  /** Shown instead of the shortened mint; the chain itself holds no name for a plain SPL mint. */
  name?: string;
  symbol?: string;
}

/** SPL tokens to show per network: one entry or a list. The kernel's `{ address }` shape is accepted too. */
export type SolanaTokenConfig = Readonly<
  Partial<
    Record<
      CaipNetworkId,
      | SolanaTokenConfigEntry
      | { address: string; image?: string }
      | readonly (SolanaTokenConfigEntry | { address: string; image?: string })[]
    >
  >
>;

export interface ConfiguredToken {
  mint: string;
  name: string;
  symbol: string;
  image: string;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** How an SPL token without configured metadata is labelled: its shortened mint. */
export function describeMint(mint: string, entry: { name?: unknown; symbol?: unknown; image?: unknown } = {}): ConfiguredToken {
  const short = truncateAddress(mint, 4, 4);
  return { mint, name: text(entry.name) ?? short, symbol: text(entry.symbol) ?? short, image: text(entry.image) ?? '' };
}

/** The valid, de-duplicated tokens configured for a network (looked up by its CAIP-2 id, then its deprecated one). */
export function tokensFor(config: SolanaTokenConfig | undefined, network: CaipNetwork): ConfiguredToken[] {
  const configured = config?.[network.caipNetworkId] ?? (network.deprecatedCaipNetworkId && config?.[network.deprecatedCaipNetworkId]);
  const entries: readonly unknown[] = !configured ? [] : Array.isArray(configured) ? configured : [configured];
  const byMint = new Map<string, ConfiguredToken>();
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { mint, address } = entry as { mint?: unknown; address?: unknown };
    const id = typeof mint === 'string' ? mint : address;
    if (typeof id !== 'string' || !isSolanaAddress(id) || byMint.has(id)) continue;
    byMint.set(id, describeMint(id, entry as SolanaTokenConfigEntry));
  }
  return [...byMint.values()];
}
