import { address } from '@solana/kit';
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { formatUnits, LatchError, nativeTokenBalance, readUntrustedProperty } from '@latch/kernel';
import type { CaipNetwork, TokenBalance } from '@latch/kernel';
import { describeMint, tokensFor, type SolanaTokenConfig } from '../tokens.js';
import type { NetworkRpc } from './client.js';

export async function readLamports(rpc: NetworkRpc, owner: string): Promise<bigint> {
  const { value } = await rpc.getBalance(address(owner)).send();
  if (typeof value !== 'bigint') throw new LatchError('The node returned an invalid balance', { category: 'RPC_ERROR' });
  return value;
}

interface Holding {
  amount: bigint;
  decimals: number;
}

/** Reads one jsonParsed token account defensively: RPC replies are untrusted input. */
function readHolding(entry: unknown): (Holding & { mint: string }) | undefined {
  const info = readUntrustedProperty(
    readUntrustedProperty(readUntrustedProperty(readUntrustedProperty(entry, 'account'), 'data'), 'parsed'),
    'info',
  );
  const mint = readUntrustedProperty(info, 'mint');
  const tokenAmount = readUntrustedProperty(info, 'tokenAmount');
  const amount = readUntrustedProperty(tokenAmount, 'amount');
  const decimals = readUntrustedProperty(tokenAmount, 'decimals');
  if (typeof mint !== 'string' || typeof amount !== 'string' || !/^\d+$/.test(amount)) return undefined;
  if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 255) return undefined;
  return { mint, amount: BigInt(amount), decimals };
}

/** SPL holdings per mint; an owner may hold one mint in several accounts, so amounts are summed. */
async function readHoldings(rpc: NetworkRpc, owner: string): Promise<Map<string, Holding>> {
  const { value } = await rpc
    .getTokenAccountsByOwner(address(owner), { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'jsonParsed' })
    .send();
  const holdings = new Map<string, Holding>();
  for (const entry of Array.isArray(value) ? value : []) {
    const holding = readHolding(entry);
    if (!holding) continue;
    const known = holdings.get(holding.mint);
    holdings.set(holding.mint, { amount: (known?.amount ?? 0n) + holding.amount, decimals: holding.decimals });
  }
  return holdings;
}

/**
 * SOL first, then SPL tokens: the configured ones the owner holds an account for (in configured order,
 * zero included), or with none configured every mint with a non-zero balance (by mint, for a stable order).
 */
export async function readTokenBalances(
  rpc: NetworkRpc,
  owner: string,
  network: CaipNetwork,
  config: SolanaTokenConfig | undefined,
): Promise<TokenBalance[]> {
  const configured = tokensFor(config, network);
  const [lamports, holdings] = await Promise.all([readLamports(rpc, owner), readHoldings(rpc, owner)]);
  const shown =
    configured.length > 0
      ? configured.filter((token) => holdings.has(token.mint))
      : [...holdings.keys()]
          .filter((mint) => (holdings.get(mint)?.amount ?? 0n) > 0n)
          .sort()
          .map((mint) => describeMint(mint));
  const tokens = shown.map((token): TokenBalance => {
    const { amount, decimals } = holdings.get(token.mint) as Holding;
    return {
      name: token.name,
      symbol: token.symbol,
      chainId: network.caipNetworkId,
      address: token.mint,
      quantity: { decimals: String(decimals), numeric: formatUnits(amount, decimals) },
      iconUrl: token.image,
    };
  });
  return [nativeTokenBalance(network, lamports), ...tokens];
}
