import type { KernelContext } from '../context.js';
import { TOKEN_BALANCE_UNAVAILABLE_MESSAGE } from '../errors/messages.js';
import type { CaipNetwork, ChainNamespace, TokenBalance } from '../types.js';
import { filterTokenBalances } from '../tokenBalance.js';
import { capabilityOf, getAccount, reportError, updateAccount } from './accountState.js';
import { getNetworkState } from './networkState.js';
import { showSnack } from './snackbar.js';

/** §9: after a failed token-balance read, retries wait this long. */
export const TOKEN_RETRY_GAP_MS = 30_000;

/**
 * Loads the Tokens tab: the configured balance service, else the adapter's own reader.
 * §8: a failure shows 'Token Balance Unavailable' and blocks retries for 30 s.
 */
export async function refreshTokenBalances(ctx: KernelContext, ns: ChainNamespace, options: { fresh?: boolean } = {}): Promise<void> {
  const account = getAccount(ctx, ns);
  const network = getNetworkState(ctx, ns).caipNetwork;
  if (account.status !== 'connected' || !account.address || !network) return;
  const capability = capabilityOf(ctx, ns, 'balance');
  const service = ctx.options.dataServices?.balances;
  if (network.testnet || (!service && !capability?.getTokenBalances)) {
    updateAccount(ctx, ns, { tokenBalance: [] });
    return;
  }
  const blockedUntil = ctx.pending.tokenRetryAfter?.[ns] ?? 0;
  if (!options.fresh && ctx.now() < blockedUntil) return;
  try {
    const list = service
      ? await service.getBalances(account.address, network)
      : await (capability as Required<NonNullable<typeof capability>>).getTokenBalances(account.address, network);
    if (getAccount(ctx, ns).address !== account.address) return;
    const balances = filterTokenBalances(list);
    updateAccount(ctx, ns, { tokenBalance: balances });
    const priced = await withPrices(ctx, network, balances);
    if (priced !== balances && getAccount(ctx, ns).tokenBalance === balances) updateAccount(ctx, ns, { tokenBalance: priced });
  } catch (err) {
    ctx.pending.tokenRetryAfter = { ...ctx.pending.tokenRetryAfter, [ns]: ctx.now() + TOKEN_RETRY_GAP_MS };
    reportError(ctx, err, 'FETCH_TOKEN_BALANCES_ERROR');
    void showSnack(ctx, TOKEN_BALANCE_UNAVAILABLE_MESSAGE, 'error');
  }
}

/**
 * Fiat prices from the configured price service (none: balances come back as they are, and the
 * UI shows no fiat). A failed price read costs only the fiat figures, never the balances.
 */
async function withPrices(ctx: KernelContext, network: CaipNetwork, balances: TokenBalance[]): Promise<TokenBalance[]> {
  const service = ctx.options.dataServices?.prices;
  if (!service || balances.length === 0) return balances;
  try {
    const prices = await service.getPrices({
      network,
      tokens: balances.map((b) => (b.address === undefined ? { symbol: b.symbol } : { address: b.address, symbol: b.symbol })),
    });
    return balances.map((balance, i) => {
      const price = Array.isArray(prices) ? prices[i] : undefined;
      if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return balance;
      return { ...balance, price, value: Number(balance.quantity.numeric) * price };
    });
  } catch (err) {
    reportError(ctx, err, 'FETCH_PRICES_ERROR');
    return balances;
  }
}
