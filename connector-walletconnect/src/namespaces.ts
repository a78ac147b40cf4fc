import type { CaipNetwork, SessionRequest } from '@latch/kernel';
import type { WalletConnectNamespace } from './settings.js';

/*
 * What one proposal asks per namespace (§6 "wallet-connect requests are authorised per namespace"):
 * only wallet methods (reads go to the configured RPC, never through the session), the events the
 * adapter follows, the configured chains, and an rpcMap from their RPC URLs so the library never
 * falls back to its hosted RPC.
 */

export const NAMESPACE_METHODS: Readonly<Record<string, readonly string[]>> = {
  // WalletConnect's Bitcoin RPC (docs.reown.com/advanced/multichain/rpc-reference/bitcoin-rpc).
  bip122: ['getAccountAddresses', 'signMessage', 'sendTransfer', 'signPsbt'],
  eip155: [
    'eth_sendTransaction',
    'personal_sign',
    'eth_signTypedData_v4',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'wallet_getPermissions',
    'wallet_requestPermissions',
    'wallet_watchAsset',
    'wallet_sendCalls',
    'wallet_getCallsStatus',
    'wallet_getCapabilities',
  ],
  solana: [
    'solana_signMessage',
    'solana_signTransaction',
    'solana_signAllTransactions',
    'solana_signAndSendTransaction',
    'solana_requestAccounts',
    'solana_getAccounts',
  ],
  polkadot: ['polkadot_signTransaction', 'polkadot_signMessage'],
  cosmos: ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'],
};

export const NAMESPACE_EVENTS: Readonly<Record<string, readonly string[]>> = {
  bip122: ['bip122_addressesChanged'],
  eip155: ['chainChanged', 'accountsChanged'],
  solana: [],
  polkadot: ['chainChanged', 'accountsChanged'],
  cosmos: [],
};

export interface ProposalNamespace {
  chains: string[];
  methods: string[];
  events: string[];
  rpcMap: Record<string, string>;
}

/** The CAIP-2 reference (after the colon): the key universal-provider looks up in `rpcMap`. */
function reference(network: CaipNetwork): string {
  return network.caipNetworkId.slice(network.caipNetworkId.indexOf(':') + 1);
}

/**
 * `{ required, optional }` proposal namespaces for the request; namespaces with no network, and those neither bridged
 * here nor declared in `extra` (the connector's `extraNamespaces`), are left out.
 */
export function proposalNamespaces(
  request: SessionRequest,
  required: readonly string[] = [],
  extra: Readonly<Record<string, WalletConnectNamespace>> = {},
): { namespaces: Record<string, ProposalNamespace>; optionalNamespaces: Record<string, ProposalNamespace> } {
  const namespaces: Record<string, ProposalNamespace> = {};
  const optionalNamespaces: Record<string, ProposalNamespace> = {};
  for (const [ns, networks] of Object.entries(request.namespaces)) {
    const methods = NAMESPACE_METHODS[ns] ?? extra[ns]?.methods;
    if (!methods || !networks?.length) continue;
    const rpcMap: Record<string, string> = {};
    for (const network of networks) {
      const url = network.rpcUrls.default.http[0];
      if (url) rpcMap[reference(network)] = url;
    }
    const entry = {
      chains: networks.map((n) => n.caipNetworkId),
      methods: [...methods],
      events: [...(NAMESPACE_EVENTS[ns] ?? extra[ns]?.events ?? [])],
      rpcMap,
    };
    (required.includes(ns) ? namespaces : optionalNamespaces)[ns] = entry;
  }
  return { namespaces, optionalNamespaces };
}

/** What a wallet approved for one namespace, read from the session. */
export interface ApprovedNamespace {
  readonly chains: readonly string[];
  readonly methods: readonly string[];
  readonly events: readonly string[];
  /** Addresses, in the wallet's order, without duplicates. */
  readonly addresses: readonly string[];
  /** `chain → addresses` as approved (a wallet may approve an account on some chains only). */
  readonly accounts: readonly string[];
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The session's namespaces with at least one account, checked (a session is data from the wallet). */
export function approvedNamespaces(sessionNamespaces: unknown): Record<string, ApprovedNamespace> {
  const approved: Record<string, ApprovedNamespace> = {};
  if (typeof sessionNamespaces !== 'object' || sessionNamespaces === null) return approved;
  for (const [ns, value] of Object.entries(sessionNamespaces as Record<string, unknown>)) {
    const entry = value as Record<string, unknown> | null;
    const accounts = strings(entry?.accounts).filter((a) => a.startsWith(`${ns}:`) && a.split(':').length === 3);
    if (accounts.length === 0) continue;
    const chains = strings(entry?.chains);
    const accountChains = accounts.map((a) => a.slice(0, a.lastIndexOf(':')));
    approved[ns] = {
      chains: [...new Set([...chains, ...accountChains])],
      methods: strings(entry?.methods),
      events: strings(entry?.events),
      addresses: [...new Set(accounts.map((a) => a.slice(a.lastIndexOf(':') + 1)))],
      accounts,
    };
  }
  return approved;
}
