import type { CaipNetwork, ModalInstance, ModalSnapshot } from '@latch/kernel';
import { type Address, type EIP1193Provider, getAddress, isAddress } from 'viem';

/** What wagmi needs to know of the modal's Ethereum side: the connected accounts, the chain, the wallet's provider. */
export interface Eip155View {
  /** Checksummed, the account in use first; empty when no wallet is connected on eip155. */
  readonly accounts: readonly Address[];
  readonly chainId: number | undefined;
  readonly provider: EIP1193Provider | undefined;
}

/** The numeric chain id of an eip155 network (`eip155:8453` → 8453). */
export function chainIdOf(network: CaipNetwork): number {
  return Number(network.caipNetworkId.slice(network.caipNetworkId.indexOf(':') + 1));
}

function isProvider(value: unknown): value is EIP1193Provider {
  return typeof (value as { request?: unknown } | undefined)?.request === 'function';
}

/** Reads the eip155 account and network of a snapshot, whichever namespace is active in the modal. */
export function readEip155(state: ModalSnapshot): Eip155View {
  const account = state.accounts.eip155;
  const network = state.networks.eip155?.caipNetwork;
  const chainId = network ? chainIdOf(network) : undefined;
  if (account?.status !== 'connected' || !account.address || !isAddress(account.address, { strict: false })) {
    return { accounts: [], chainId, provider: undefined };
  }
  const seen = new Set<string>();
  const accounts: Address[] = [];
  for (const address of [account.address, ...account.allAccounts.map((entry) => entry.address)]) {
    if (!isAddress(address, { strict: false }) || seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    accounts.push(getAddress(address));
  }
  const provider = account.connector?.provider;
  return { accounts, chainId, provider: isProvider(provider) ? provider : undefined };
}

/** A stored session being restored (or a connection under way) makes the status 'connecting' until it settles. */
function isSettling(state: ModalSnapshot): boolean {
  return state.status === 'connecting' || state.status === 'reconnecting';
}

/** Resolves with the modal's state once no restore or connection is under way (at once when none is). */
export function settledState(modal: ModalInstance): Promise<ModalSnapshot> {
  const now = modal.getState();
  if (!isSettling(now)) return Promise.resolve(now);
  return new Promise((resolve) => {
    const unsubscribe = modal.subscribe((state) => {
      if (isSettling(state)) return;
      unsubscribe();
      resolve(state);
    });
  });
}

/** Whether two account lists are the same addresses in the same order. */
export function sameAccounts(a: readonly Address[], b: readonly Address[]): boolean {
  return a.length === b.length && a.every((address, i) => address === b[i]);
}
