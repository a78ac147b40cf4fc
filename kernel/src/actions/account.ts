import { BALANCE_CACHE_TTL_MS, NAME_CACHE_TTL_MS } from '../cache.js';
import type { KernelContext } from '../context.js';
import { toLatchError } from '../errors/LatchError.js';
import { getCapability } from '../plugins/ChainAdapter.js';
import { accountsAtom, EMPTY_ACCOUNT, networksAtom, type AccountState } from '../state/atoms.js';
import type { ChainNamespace } from '../types.js';

/** §9: namespaces whose balances the modal shows. */
export const BALANCE_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana'];
/** §9: names and identity are EVM-only. */
export const IDENTITY_NAMESPACES: readonly ChainNamespace[] = ['eip155'];
/** §5: shown instead of a balance on test or unsupported networks. */
export const ZERO_BALANCE = '0.00';

export function getAccount(ctx: KernelContext, ns: ChainNamespace): AccountState {
  return ctx.store.get(accountsAtom)[ns] ?? EMPTY_ACCOUNT;
}

export function updateAccount(ctx: KernelContext, ns: ChainNamespace, patch: Partial<AccountState>): void {
  ctx.store.set(accountsAtom, (all) => ({ ...all, [ns]: { ...(all[ns] ?? EMPTY_ACCOUNT), ...patch } }));
}

/** §5: balance only on supported non-test networks (30 s cache, §9); otherwise '0.00'. */
export async function refreshBalance(ctx: KernelContext, ns: ChainNamespace): Promise<void> {
  const account = getAccount(ctx, ns);
  const networkState = ctx.store.get(networksAtom)[ns];
  const network = networkState?.caipNetwork;
  if (account.status !== 'connected' || !account.address || !network) return;
  const symbol = network.nativeCurrency.symbol;
  const balanceApi = getCapability(ctx.adapters.get(ns), 'balance');
  if (!BALANCE_NAMESPACES.includes(ns) || network.testnet || networkState.isUnsupported || !balanceApi) {
    updateAccount(ctx, ns, { balance: ZERO_BALANCE, balanceSymbol: symbol, balanceLoading: false });
    return;
  }
  const cacheId = `${network.caipNetworkId}:${account.address}`;
  const cached = ctx.storage.getCached<string>('nativeBalanceCache', cacheId, ctx.now());
  if (typeof cached === 'string') {
    updateAccount(ctx, ns, { balance: cached, balanceSymbol: symbol, balanceLoading: false });
    return;
  }
  updateAccount(ctx, ns, { balanceLoading: true });
  try {
    const { balance } = await balanceApi.getBalance(account.address, network);
    if (getAccount(ctx, ns).address !== account.address) return;
    ctx.storage.setCached('nativeBalanceCache', cacheId, balance, BALANCE_CACHE_TTL_MS, ctx.now());
    updateAccount(ctx, ns, { balance, balanceSymbol: symbol, balanceLoading: false });
  } catch (err) {
    updateAccount(ctx, ns, { balance: undefined, balanceSymbol: symbol, balanceLoading: false });
    reportError(ctx, err, 'FETCH_BALANCE_ERROR');
  }
}

/** §5: name and avatar only on EVM non-test networks (5 min cache, §9); otherwise cleared. */
export async function refreshIdentity(ctx: KernelContext, ns: ChainNamespace): Promise<void> {
  const account = getAccount(ctx, ns);
  const network = ctx.store.get(networksAtom)[ns]?.caipNetwork;
  if (account.status !== 'connected' || !account.address || !network) return;
  const service = ctx.options.dataServices?.identity;
  const capability = getCapability(ctx.adapters.get(ns), 'identity');
  if (!IDENTITY_NAMESPACES.includes(ns) || network.testnet || (!service && !capability)) {
    updateAccount(ctx, ns, { profileName: undefined, profileImage: undefined });
    return;
  }
  const cacheId = `${network.caipNetworkId}:${account.address}`;
  type Identity = { name?: string; avatar?: string };
  let identity = ctx.storage.getCached<Identity>('identityCache', cacheId, ctx.now());
  try {
    if (!identity) {
      identity = service
        ? await service.getIdentity(account.address, network.caipNetworkId)
        : await (capability as NonNullable<typeof capability>).getIdentity(account.address, network);
      ctx.storage.setCached('identityCache', cacheId, identity, NAME_CACHE_TTL_MS, ctx.now());
    }
    if (getAccount(ctx, ns).address !== account.address) return;
    updateAccount(ctx, ns, {
      profileName: typeof identity?.name === 'string' ? identity.name : undefined,
      profileImage: typeof identity?.avatar === 'string' ? identity.avatar : undefined,
    });
  } catch (err) {
    reportError(ctx, err, 'FETCH_IDENTITY_ERROR');
  }
}

/** §8: every failure becomes a LatchError, goes to listeners and to (rate-capped) telemetry. */
export function reportError(ctx: KernelContext, err: unknown, event: string) {
  const error = toLatchError(err);
  ctx.bus.emit('ERROR', { error, event });
  void ctx.telemetry.sendError(error, event);
  return error;
}
