import type { KernelContext } from '../context.js';
import { TOKEN_BALANCE_UNAVAILABLE_MESSAGE } from '../errors/messages.js';
import { getCapability } from '../plugins/ChainAdapter.js';
import type { AccountTab } from '../state/atoms.js';
import type { ChainNamespace } from '../types.js';
import { filterTokenBalances } from '../validation.js';
import { BALANCE_NAMESPACES, getAccount, reportError, updateAccount } from './account.js';
import { getNetworkState } from './network.js';
import { showSnack } from './snackbar.js';

/** §9: after a failed token-balance read, retries wait this long. */
export const TOKEN_RETRY_GAP_MS = 30_000;

/**
 * Loads the Tokens tab: the configured balance service, else the adapter's own reader.
 * §8: a failure shows 'Token Balance Unavailable' and blocks retries for 30 s.
 */
export async function refreshTokenBalances(ctx: KernelContext, ns: ChainNamespace): Promise<void> {
  const account = getAccount(ctx, ns);
  const network = getNetworkState(ctx, ns).caipNetwork;
  if (account.status !== 'connected' || !account.address || !network) return;
  if (!BALANCE_NAMESPACES.includes(ns) || network.testnet) {
    updateAccount(ctx, ns, { tokenBalance: [] });
    return;
  }
  const blockedUntil = ctx.pending.tokenRetryAfter?.[ns] ?? 0;
  if (ctx.now() < blockedUntil) return;
  const service = ctx.options.dataServices?.balances;
  const reader = getCapability(ctx.adapters.get(ns), 'balance')?.getTokenBalances;
  if (!service && !reader) return;
  try {
    const list = service ? await service.getBalances(account.address, network) : await reader!(account.address, network);
    if (getAccount(ctx, ns).address !== account.address) return;
    updateAccount(ctx, ns, { tokenBalance: filterTokenBalances(list) });
  } catch (err) {
    ctx.pending.tokenRetryAfter = { ...ctx.pending.tokenRetryAfter, [ns]: ctx.now() + TOKEN_RETRY_GAP_MS };
    reportError(ctx, err, 'FETCH_TOKEN_BALANCES_ERROR');
    void showSnack(ctx, TOKEN_BALANCE_UNAVAILABLE_MESSAGE, 'error');
  }
}

export function setAccountTab(ctx: KernelContext, ns: ChainNamespace, tab: AccountTab): void {
  updateAccount(ctx, ns, { currentTab: tab });
}
