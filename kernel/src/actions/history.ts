import type { KernelContext } from '../context.js';
import { LatchError, toLatchError } from '../primitives.js';
import {
  ERROR_RESOLVING_NAME_MESSAGE,
  FAILED_TO_FETCH_TRANSACTIONS_MESSAGE,
  TRANSACTIONS_REQUIRE_ACCOUNT_ADDRESS_MESSAGE,
} from '../errors/accountMessages.js';
import type { AccountPageRequest, Nft, Page, Transaction } from '../plugins/dataServices.js';
import { activeNamespaceAtom } from '../state/atoms.js';
import type { ChainNamespace } from '../types.js';
import { capabilityOf, getAccount, reportError } from './accountState.js';
import { getNetworkState } from './networkState.js';
import { showSnack } from './snackbar.js';

export interface AccountPageOptions {
  namespace?: ChainNamespace;
  /** The `next` of the previous page. */
  cursor?: string;
  signal?: AbortSignal;
}

/** The connected account and active network a page is read for; §8 when there is no address. */
function pageRequest(ctx: KernelContext, options: AccountPageOptions): { ns: ChainNamespace; request: AccountPageRequest } {
  const ns = options.namespace ?? ctx.store.get(activeNamespaceAtom);
  const account = ns ? getAccount(ctx, ns) : undefined;
  const network = ns ? getNetworkState(ctx, ns).caipNetwork : undefined;
  if (!ns || !account?.address || account.status !== 'connected') {
    throw new LatchError(TRANSACTIONS_REQUIRE_ACCOUNT_ADDRESS_MESSAGE, { category: 'VALIDATION_ERROR' });
  }
  if (!network) throw new LatchError('No network is selected', { category: 'VALIDATION_ERROR' });
  return {
    ns,
    request: {
      address: account.address,
      caipNetworkId: network.caipNetworkId,
      network,
      ...(options.cursor ? { cursor: options.cursor } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    },
  };
}

function isPage(value: unknown): value is Page<unknown> {
  return typeof value === 'object' && value !== null && Array.isArray((value as Page<unknown>).data);
}

/** §5: a transaction whose every transfer is flagged spam is dropped. */
function isSpam(transaction: Transaction): boolean {
  const transfers = Array.isArray(transaction.transfers) ? transaction.transfers : [];
  return transfers.length > 0 && transfers.every((t) => t?.nft_info?.flags?.is_spam === true);
}

/**
 * One page of the account's transactions on the active network, newest first (§7 "fetch
 * transactions"). §5: spam and other networks' transactions are dropped. §8: a failure shows
 * 'Failed to fetch transactions' and rejects with an API_ERROR.
 */
export async function getTransactions(ctx: KernelContext, options: AccountPageOptions = {}): Promise<Page<Transaction>> {
  const { ns, request } = pageRequest(ctx, options);
  const source = ctx.options.dataServices?.activity ?? capabilityOf(ctx, ns, 'activity');
  if (!source) return { data: [] };
  try {
    const page: unknown = await source.getTransactions(request);
    if (!isPage(page)) throw new LatchError('The activity provider returned a malformed page', { category: 'API_ERROR' });
    const data = (page.data as Transaction[]).filter(
      (t) => typeof t?.id === 'string' && t.metadata?.chain === request.caipNetworkId && !isSpam(t),
    );
    return typeof page.next === 'string' && page.next !== '' ? { data, next: page.next } : { data };
  } catch (err) {
    if (options.signal?.aborted) throw toLatchError(err, 'API_ERROR');
    const error = reportError(ctx, toLatchError(err, 'API_ERROR'), 'FETCH_TRANSACTIONS_ERROR');
    void showSnack(ctx, FAILED_TO_FETCH_TRANSACTIONS_MESSAGE, 'error');
    throw error;
  }
}

/** One page of the account's NFTs on the active network. */
export async function getNfts(ctx: KernelContext, options: AccountPageOptions = {}): Promise<Page<Nft>> {
  const { ns, request } = pageRequest(ctx, options);
  const source = ctx.options.dataServices?.nfts ?? capabilityOf(ctx, ns, 'nfts');
  if (!source) return { data: [] };
  try {
    const page: unknown = await source.getNfts(request);
    if (!isPage(page)) throw new LatchError('The NFT provider returned a malformed page', { category: 'API_ERROR' });
    const data = (page.data as Nft[]).filter((n) => typeof n?.contract === 'string' && typeof n.tokenId === 'string');
    return typeof page.next === 'string' && page.next !== '' ? { data, next: page.next } : { data };
  } catch (err) {
    if (options.signal?.aborted) throw toLatchError(err, 'API_ERROR');
    throw reportError(ctx, toLatchError(err, 'API_ERROR'), 'FETCH_NFTS_ERROR');
  }
}

/**
 * The address a name (ENS and the like) points to on a namespace's active network: the adapter's
 * `names` capability, else the `names` data service. Undefined when the name has none.
 */
export async function resolveName(
  ctx: KernelContext,
  name: string,
  options: { namespace?: ChainNamespace } = {},
): Promise<string | undefined> {
  const ns = options.namespace ?? ctx.store.get(activeNamespaceAtom);
  const network = ns ? getNetworkState(ctx, ns).caipNetwork : undefined;
  if (!ns || !network) return undefined;
  const capability = capabilityOf(ctx, ns, 'names');
  const service = ctx.options.dataServices?.names;
  try {
    const onChain = capability ? await capability.resolveName(name, network) : undefined;
    // A name the chain (ENS) does not know may be the name service's.
    if (onChain || !service) return onChain || undefined;
    // A service may answer for several chains: keep the first address this namespace's adapter accepts.
    const adapter = ctx.adapters.get(ns);
    return (await service.resolveName(name, network)).find((address) => !adapter || adapter.isAddress(address));
  } catch (err) {
    throw reportError(ctx, new LatchError(ERROR_RESOLVING_NAME_MESSAGE, { category: 'API_ERROR', cause: err }), 'RESOLVE_NAME_ERROR');
  }
}
