import { retryableImport, type SessionRequest } from '@latch/kernel';
import type { SessionChannel } from './channel.js';
import { createEip155Provider } from './eip155Provider.js';
import type { ApprovedNamespace } from './namespaces.js';
import type { ConnectorSettings } from './settings.js';
import { createSolanaWallet } from './solanaWallet.js';

/*
 * One bridge per namespace: it turns the WalletConnect session into the provider shape that namespace's
 * adapter already drives for an extension wallet (EIP-1193 for eip155, a Wallet Standard wallet for solana…).
 * Loaded with the session code, never on first load. A namespace without a bridge here is asked for only when the
 * connector's `extraNamespaces` declares it: the generic bridge (genericBridge.ts) serves it.
 */

/** What the session hands a bridge when it makes one. */
export interface BridgeInput {
  readonly channel: SessionChannel;
  /** The namespace as the wallet approved it when the session started. */
  readonly approval: ApprovedNamespace;
  /** The kernel's networks for the namespace, the one to start on first. */
  readonly networks: NonNullable<SessionRequest['namespaces'][string]>;
  /** The connector's name and icon (a Wallet Standard wallet shows them). */
  readonly identity: { readonly name: string; readonly icon: string };
}

/** A bridge for one live session. */
export interface LiveBridge {
  /** What the namespace's adapter drives. */
  readonly provider: unknown;
  /** The wallet sent a session event on one of this namespace's chains. */
  walletEvent?(name: string, data: unknown, chainId: string): void;
  /** The wallet updated the session (accounts or chains changed), or the session ended. */
  sessionUpdated?(): void;
}

export type BridgeFactory = (input: BridgeInput) => LiveBridge;

const CORE_BRIDGES: Readonly<Record<string, BridgeFactory>> = {
  eip155({ channel, approval, networks }) {
    const wanted = networks.map((n) => n.caipNetworkId).find((id) => approval.chains.includes(id));
    const start = Number((wanted ?? approval.chains[0] ?? 'eip155:1').split(':')[1]);
    const provider = createEip155Provider(channel, start);
    return {
      provider,
      walletEvent: (name, data) => provider.walletEvent(name, data),
      sessionUpdated: () => provider.walletEvent('accountsChanged', undefined),
    };
  },
  solana({ channel, identity }) {
    const provider = createSolanaWallet(channel, identity);
    return { provider, sessionUpdated: () => provider.accountsChanged() };
  },
};

// Both load for the sessions that need them; after a failed fetch the next session fetches them anew.
const moreCode = /* @__PURE__ */ retryableImport(() => import('./moreBridges.js'));
const genericCode = /* @__PURE__ */ retryableImport(() => import('./genericBridge.js'));
const more = async (ns: string) => (await moreCode()).MORE_BRIDGES[ns]!;

/**
 * Each namespace's bridge, loaded when a session approved it: eip155 and solana come with the session code,
 * the other three in one more chunk, only for a session that has one of them. In the order the session lists
 * its namespaces to the kernel: the two most used first.
 */
export const NAMESPACE_BRIDGES: Readonly<Record<string, () => Promise<BridgeFactory>>> = {
  eip155: async () => CORE_BRIDGES.eip155!,
  solana: async () => CORE_BRIDGES.solana!,
  bip122: () => more('bip122'),
  polkadot: () => more('polkadot'),
  cosmos: () => more('cosmos'),
};

/**
 * What is wrong with the connector's `extraNamespaces`, in one sentence (undefined when nothing is); the check loads
 * with the generic bridge, so only apps that declare extra namespaces load it.
 */
export async function extraNamespacesProblem(extra: unknown): Promise<string | undefined> {
  if (extra === undefined) return undefined;
  return (await genericCode()).declarationProblem(extra, Object.keys(NAMESPACE_BRIDGES));
}

/**
 * The bridge factories of the namespaces `wanted` picks, loaded, in the order the session lists its namespaces to the
 * kernel: the registry's, then the declared extra namespaces (the generic bridge, a chunk of its own).
 */
export async function bridgeFactories(
  settings: ConnectorSettings,
  wanted: (namespace: string) => boolean,
): Promise<[string, BridgeFactory][]> {
  const namespaces = Object.keys(NAMESPACE_BRIDGES).filter(wanted);
  const extra = Object.entries(settings.extraNamespaces ?? {}).filter(([ns]) => !NAMESPACE_BRIDGES[ns] && wanted(ns));
  const factories = await Promise.all(namespaces.map((ns) => NAMESPACE_BRIDGES[ns]!()));
  const generic = extra.length > 0 ? (await genericCode()).genericBridge : undefined;
  return [
    ...namespaces.map((ns, index): [string, BridgeFactory] => [ns, factories[index]!]),
    ...extra.map(([ns, declaration]): [string, BridgeFactory] => [ns, generic!(ns, declaration)]),
  ];
}
