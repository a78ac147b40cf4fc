import {
  type CaipNetwork,
  type CaipNetworkId,
  type ChainNamespace,
  type LatchError,
  type LatchEvents,
  type OpenOptions,
  parseCaipNetworkId,
  toLatchError,
} from '@latch/kernel';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLatchModal } from '../context.js';
import { useHydrated, useKernelAtom } from './useKernelState.js';
import {
  accountsAtom,
  activeAccountAtom,
  activeNamespaceAtom,
  activeNetworkAtom,
  connectionStatusAtom,
  modalAtom,
  networksAtom,
} from '@latch/kernel/internal';

/** Open and close the modal (AppKit's `useAppKit`). */
export function useModal() {
  const modal = useLatchModal();
  return useMemo(() => ({ open: (options?: OpenOptions) => modal.open(options), close: () => modal.close() }), [modal]);
}

/** The account of one namespace, or of the active one. Disconnected until hydrated (SSR-safe). */
export function useAccount({ namespace }: { namespace?: ChainNamespace } = {}) {
  const modal = useLatchModal();
  const hydrated = useHydrated();
  const accounts = useKernelAtom(accountsAtom);
  const active = useKernelAtom(activeNamespaceAtom);
  const status = useKernelAtom(connectionStatusAtom);
  const account = namespace ? accounts[namespace] : active ? accounts[active] : undefined;
  if (!hydrated || !account || account.status !== 'connected') {
    // The status is the visitor's; 'connected' there means another namespace, not this one.
    const own = hydrated && status !== 'connected' ? status : 'disconnected';
    return {
      address: undefined,
      caipAddress: undefined,
      isConnected: false,
      status: own,
      allAccounts: [],
      // Until hydrated, the configured default's: the server cannot know the namespace stored in this browser.
      namespace: namespace ?? (hydrated ? active : modal.options.defaultNetwork.chainNamespace),
    } as const;
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

/**
 * The network the wallet is on (of one namespace, or the active one), and a way to switch. When the
 * wallet sits on a network the app did not configure, `isUnsupported` is true, `caipNetworkId` and
 * `chainId` are the wallet's actual ones, and `caipNetwork` is undefined (there is no definition).
 */
export function useNetwork({ namespace }: { namespace?: ChainNamespace } = {}) {
  const modal = useLatchModal();
  const networks = useKernelAtom(networksAtom);
  const active = useKernelAtom(activeNamespaceAtom);
  const ns = namespace ?? active;
  const state = ns ? networks[ns] : undefined;
  const isUnsupported = Boolean(state?.isUnsupported && state.walletCaipNetworkId);
  const caipNetwork = isUnsupported ? undefined : state?.caipNetwork;
  const caipNetworkId = isUnsupported ? state?.walletCaipNetworkId : caipNetwork?.caipNetworkId;
  return {
    caipNetwork,
    caipNetworkId,
    chainId: caipNetwork?.id ?? chainIdOf(caipNetworkId),
    namespace: ns,
    isUnsupported,
    switchNetwork: (network: CaipNetwork | CaipNetworkId) => modal.switchNetwork(network),
  };
}

/** A CAIP-2 reference as a chain id: numeric references (eip155) as numbers. */
function chainIdOf(caipNetworkId: CaipNetworkId | undefined): number | string | undefined {
  const reference = caipNetworkId ? parseCaipNetworkId(caipNetworkId)?.reference : undefined;
  return reference !== undefined && /^\d+$/.test(reference) ? Number(reference) : reference;
}

/** The EIP-1193 / Wallet Standard (…) provider of the wallet connected on a namespace. */
export function useProvider<T = unknown>(namespace: ChainNamespace): { provider: T | undefined; connectorId?: string } {
  const accounts = useKernelAtom(accountsAtom);
  const account = accounts[namespace];
  if (account?.status !== 'connected' || !account.connector) return { provider: undefined };
  return { provider: account.connector.provider as T | undefined, connectorId: account.connector.id };
}

export type MutationStatus = 'idle' | 'pending' | 'success' | 'error';

const IDLE = { status: 'idle', data: undefined, error: undefined } as const;

/**
 * Signs a message with the connected wallet (wagmi's `useSignMessage`): `signMessage(message,
 * { namespace })` resolves to the signature and also sets `data`; a decline sets `error` (its
 * `code` is 4001). `status` follows §4's mutation states.
 */
export function useSignMessage() {
  const modal = useLatchModal();
  const [state, setState] = useState<{ status: MutationStatus; data: string | undefined; error: LatchError | undefined }>(IDLE);
  const latest = useRef(0);
  const signMessage = useCallback(
    async (message: string, options?: { namespace?: ChainNamespace }): Promise<string> => {
      const call = ++latest.current;
      setState({ status: 'pending', data: undefined, error: undefined });
      try {
        const data = await modal.signMessage(message, options);
        if (call === latest.current) setState({ status: 'success', data, error: undefined });
        return data;
      } catch (err) {
        const error = toLatchError(err);
        if (call === latest.current) setState({ status: 'error', data: undefined, error });
        throw error;
      }
    },
    [modal],
  );
  const reset = useCallback(() => {
    latest.current++;
    setState(IDLE);
  }, []);
  return { signMessage, reset, ...state, isPending: state.status === 'pending' };
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

/** One modal event as `useModalEvents` gives it: its name, the data the kernel emitted with it, and when (epoch ms). */
export type ModalEvent = { [K in keyof LatchEvents]: { type: K; data: LatchEvents[K]; timestamp: number } }[keyof LatchEvents];

/** The latest modal event, re-rendering on each (AppKit's `useAppKitEvents`). */
export function useModalEvents(): ModalEvent | undefined {
  const modal = useLatchModal();
  const [latest, setLatest] = useState<ModalEvent>();
  useEffect(() => {
    const names: (keyof LatchEvents)[] = [
      'MODAL_OPEN',
      'MODAL_CLOSE',
      'CONNECT_SUCCESS',
      'CONNECT_ERROR',
      'DISCONNECT_SUCCESS',
      'DISCONNECT_ERROR',
      'SWITCH_NETWORK',
      'ACCOUNT_CHANGE',
      'SEND_SUCCESS',
      'SEND_ERROR',
    ];
    const offs = names.map((type) => modal.on(type, (data) => setLatest({ type, data, timestamp: Date.now() } as ModalEvent)));
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
