import {
  accountsAtom,
  activeAccountAtom,
  activeNamespaceAtom,
  activeNetworkAtom,
  connectionStatusAtom,
  connectorsAtom,
  modalAtom,
  type CaipNetwork,
  type CaipNetworkId,
  type ChainNamespace,
  type LatchEvents,
  type OpenOptions,
} from '@latch/kernel';
import { useEffect, useMemo, useState } from 'react';
import { useLatchModal } from '../context.js';
import { useHydrated, useKernelAtom } from './useKernelState.js';

/** Open and close the modal (AppKit's `useAppKit`). */
export function useModal() {
  const modal = useLatchModal();
  return useMemo(
    () => ({ open: (options?: OpenOptions) => modal.open(options), close: () => modal.close() }),
    [modal],
  );
}

/** The account of one namespace, or of the active one. Disconnected until hydrated (SSR-safe). */
export function useAccount({ namespace }: { namespace?: ChainNamespace } = {}) {
  const hydrated = useHydrated();
  const accounts = useKernelAtom(accountsAtom);
  const active = useKernelAtom(activeNamespaceAtom);
  const status = useKernelAtom(connectionStatusAtom);
  const account = (namespace ? accounts[namespace] : active ? accounts[active] : undefined);
  if (!hydrated || !account || account.status !== 'connected') {
    // The status is the visitor's; 'connected' there means another namespace, not this one.
    const own = hydrated && status !== 'connected' ? status : 'disconnected';
    return { address: undefined, caipAddress: undefined, isConnected: false, status: own, allAccounts: [], namespace: namespace ?? active } as const;
  }
  return {
    address: account.address,
    caipAddress: account.caipAddress,
    isConnected: true,
    status,
    allAccounts: account.allAccounts,
    balance: account.balance,
    balanceSymbol: account.balanceSymbol,
    profileName: account.profileName,
    profileImage: account.profileImage,
    namespace: namespace ?? active,
  } as const;
}

/** The active network, and a way to switch. */
export function useNetwork() {
  const modal = useLatchModal();
  const caipNetwork = useKernelAtom(activeNetworkAtom);
  return {
    caipNetwork,
    caipNetworkId: caipNetwork?.caipNetworkId,
    chainId: caipNetwork?.id,
    switchNetwork: (network: CaipNetwork | CaipNetworkId) => modal.switchNetwork(network),
  };
}

/** The EIP-1193 / Wallet Standard provider of the wallet connected on a namespace. */
export function useProvider<T = unknown>(namespace: ChainNamespace): { provider: T | undefined; connectorId?: string } {
  const accounts = useKernelAtom(accountsAtom);
  const connectors = useKernelAtom(connectorsAtom);
  const account = accounts[namespace];
  if (account?.status !== 'connected') return { provider: undefined };
  const all = [...(connectors[namespace] ?? []), ...(connectors.shared ?? [])];
  const connector = all.find((c) => c.id === account.connectorId);
  return { provider: connector?.provider as T | undefined, connectorId: account.connectorId };
}

export function useDisconnect() {
  const modal = useLatchModal();
  return { disconnect: (options?: { namespace?: ChainNamespace }) => modal.disconnect(options?.namespace) };
}

/** Open flag, loading, active namespace and network id (AppKit's `useAppKitState`). */
export function useModalState() {
  const state = useKernelAtom(modalAtom);
  const namespace = useKernelAtom(activeNamespaceAtom);
  const network = useKernelAtom(activeNetworkAtom);
  return { open: state.open, loading: state.loading, activeNamespace: namespace, selectedNetworkId: network?.caipNetworkId };
}

type AnyEvent = { [K in keyof LatchEvents]: { type: K; data: LatchEvents[K]; timestamp: number } }[keyof LatchEvents];

/** The latest modal event, re-rendering on each (AppKit's `useAppKitEvents`). */
export function useModalEvents(): AnyEvent | undefined {
  const modal = useLatchModal();
  const [latest, setLatest] = useState<AnyEvent>();
  useEffect(() => {
    const names: (keyof LatchEvents)[] = ['MODAL_OPEN', 'MODAL_CLOSE', 'CONNECT_SUCCESS', 'CONNECT_ERROR', 'DISCONNECT_SUCCESS', 'DISCONNECT_ERROR', 'SWITCH_NETWORK', 'ACCOUNT_CHANGE'];
    const offs = names.map((type) => modal.on(type, (data) => setLatest({ type, data, timestamp: Date.now() } as AnyEvent)));
    return () => offs.forEach((off) => off());
  }, [modal]);
  return latest;
}

/** The connected wallet's name and icon. */
export function useWalletInfo() {
  const account = useKernelAtom(activeAccountAtom);
  const hydrated = useHydrated();
  return { walletInfo: hydrated && account?.status === 'connected' ? account.connectedWalletInfo : undefined };
}
