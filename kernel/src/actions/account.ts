import { BALANCE_CACHE_TTL_MS, NAME_CACHE_TTL_MS } from '../cache.js';
import type { KernelContext } from '../context.js';
import { networksAtom } from '../state/atoms.js';
import { LatchError, UNFETCHED_BALANCE } from '../primitives.js';
import { ERROR_FETCHING_NAMES_FOR_ADDRESS_MESSAGE } from '../errors/messages.js';
import type { Identity, NameService } from '../plugins/dataServices.js';
import { capabilityOf, getAccount, reportError, updateAccount } from './accountState.js';
import type { ChainNamespace } from '../types.js';

/**
 * §5: balance only where the namespace declares the capability, on non-test networks the wallet is
 * on (30 s cache, §9); '0.00' on a test or unsupported network; none without the capability.
 */
export async function refreshBalance(ctx: KernelContext, ns: ChainNamespace, options: { fresh?: boolean } = {}): Promise<void> {
  const account = getAccount(ctx, ns);
  const networkState = ctx.store.get(networksAtom)[ns];
  const network = networkState?.caipNetwork;
  if (account.status !== 'connected' || !account.address || !network) return;
  const symbol = network.nativeCurrency.symbol;
  const balanceApi = capabilityOf(ctx, ns, 'balance');
  if (!balanceApi) {
    updateAccount(ctx, ns, { balance: undefined, balanceSymbol: symbol, balanceLoading: false });
    return;
  }
  if (network.testnet || networkState.isUnsupported) {
    updateAccount(ctx, ns, { balance: UNFETCHED_BALANCE, balanceSymbol: symbol, balanceLoading: false });
    return;
  }
  const cacheId = `${network.caipNetworkId}:${account.address}`;
  // After a send the cached figure is known to be stale.
  const cached = options.fresh ? undefined : ctx.storage.getCached<string>('nativeBalanceCache', cacheId, ctx.now());
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

/** §5: name and avatar where the namespace declares identity (or a service is set), on non-test networks (5 min cache, §9). */
export async function refreshIdentity(ctx: KernelContext, ns: ChainNamespace): Promise<void> {
  const account = getAccount(ctx, ns);
  const network = ctx.store.get(networksAtom)[ns]?.caipNetwork;
  if (account.status !== 'connected' || !account.address || !network) return;
  const service = ctx.options.dataServices?.identity;
  const capability = capabilityOf(ctx, ns, 'identity');
  const names = ctx.options.dataServices?.names;
  if (network.testnet || (!service && !capability && !names)) {
    updateAccount(ctx, ns, { profileName: undefined, profileImage: undefined });
    return;
  }
  const cacheId = `${network.caipNetworkId}:${account.address}`;
  let identity = ctx.storage.getCached<Identity>('identityCache', cacheId, ctx.now());
  try {
    if (!identity) {
      const address = account.address;
      const lookup = service
        ? service.getIdentity(address, network.caipNetworkId)
        : capability
          ? capability.getIdentity(address, network)
          : Promise.resolve<Identity>({});
      // §7: when the identity lookup fails or finds no name, the name service's reverse lookup is the fallback.
      identity = await lookup.then(
        (found) => (found?.name || !names ? found : namesFor(names, address, found)),
        (err) => (names ? namesFor(names, address, {}) : Promise.reject(err)),
      );
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

/** The first name the name service holds for `address`, over `found` (its avatar kept); §8 text on failure. */
async function namesFor(names: NameService, address: string, found: Identity): Promise<Identity> {
  try {
    const [name] = await names.lookupAddress(address);
    return typeof name === 'string' ? { ...found, name } : found;
  } catch (err) {
    throw new LatchError(ERROR_FETCHING_NAMES_FOR_ADDRESS_MESSAGE, { category: 'API_ERROR', cause: err });
  }
}

/** §4 name registration: the registered name is the account's profile name, cached like a looked-up one (§9, 5 min). */
export function storeProfileName(ctx: KernelContext, ns: ChainNamespace, name: string): void {
  const account = getAccount(ctx, ns);
  const network = ctx.store.get(networksAtom)[ns]?.caipNetwork;
  if (account.status !== 'connected' || !account.address || !network) return;
  const identity = account.profileImage ? { name, avatar: account.profileImage } : { name };
  ctx.storage.setCached('identityCache', `${network.caipNetworkId}:${account.address}`, identity, NAME_CACHE_TTL_MS, ctx.now());
  updateAccount(ctx, ns, { profileName: name });
}
