import { retryableImport, watchConnectorList } from '@latch/kernel';
import type { CosmosRpcOptions } from './rpc/transport.js';
import type { AdapterContext, ChainAdapter } from '@latch/kernel';
import { cosmosAddressPrefix } from './address.js';
import type { CosmosConnection } from './connection.js';
import { DEFAULT_BROADCAST_POLL_INTERVAL_MS, DEFAULT_RECONNECT_TIMEOUT_MS } from './constants.js';
import { createConnectorCache } from './discovery/connectors.js';
import { type CosmosWalletWindow, discoveryEvents, findWallets, listen } from './discovery/keplrStyleDiscovery.js';
import { KEPLR_STYLE_WALLETS, type KeplrStyleWalletDescriptor } from './discovery/walletDescriptors.js';
import { configuredPrefixes } from './networkPrefixes.js';
import { COSMOS_NAMESPACE } from './networks/cosmosNetwork.js';

export interface CosmosAdapterOptions {
  /** Where wallets inject and fire their events; the page's `window` by default (read lazily, so it is SSR-safe). */
  window?: CosmosWalletWindow;
  /** The wallets to look for; `KEPLR_STYLE_WALLETS` (Keplr, Leap, Cosmostation) by default. */
  wallets?: readonly KeplrStyleWalletDescriptor[];
  /** How long a silent reconnect waits for the stored wallet to be injected (1 s by default). */
  reconnectTimeoutMs?: number;
  /** How often a sent transaction is looked for in blocks (1 s by default). */
  broadcastPollIntervalMs?: number;
  /** How reads reach the node: timeout, retries with back-off, JSON-RPC batching (defaults: 10 s, 3 from 150 ms, a 20 ms batch window). */
  rpc?: CosmosRpcOptions;
}

// The connection code loads on the visitor's first connect. After its fetch failed, the next try fetches it anew (the
// browser keeps a failed module for its URL; the kernel's retryableImport says how).
const connectionCode = /* @__PURE__ */ retryableImport(() => import('./connection.js'));

/**
 * The cosmos ChainAdapter: Keplr-style wallets (enable/getKey/signArbitrary/getOfflineSigner). First load holds wallet
 * discovery and the sync `isAddress` only; connecting, the session, balances, signing and sending load on first use
 * (./connection.ts), and CosmJS after that.
 */
export function createCosmosAdapter(options: CosmosAdapterOptions = {}): ChainAdapter {
  const descriptors = options.wallets ?? KEPLR_STYLE_WALLETS;
  const getPage = (): CosmosWalletWindow | undefined => options.window ?? (typeof window === 'undefined' ? undefined : window);
  const connectorFor = createConnectorCache();
  let context: AdapterContext | undefined;
  let loaded: CosmosConnection | undefined;
  let loading: Promise<CosmosConnection> | undefined;

  /** The connection part, loaded once; a chunk that failed to load is asked for again next time. */
  function connection(): Promise<CosmosConnection> {
    loading ??= connectionCode().then(
      ({ createCosmosConnection }) =>
        (loaded = createCosmosConnection({
          descriptors,
          getPage,
          connectorFor,
          getContext: () => context,
          reconnectTimeoutMs: options.reconnectTimeoutMs ?? DEFAULT_RECONNECT_TIMEOUT_MS,
          broadcastPollIntervalMs: options.broadcastPollIntervalMs ?? DEFAULT_BROADCAST_POLL_INTERVAL_MS,
          rpc: options.rpc ?? {},
        })),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    );
    return loading;
  }

  /** A method of the connection part, loading it first. */
  const later =
    <A extends unknown[], R>(method: (loaded: CosmosConnection) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> =>
      method(await connection())(...args);

  return {
    namespace: COSMOS_NAMESPACE,

    setup(adapterContext) {
      context = adapterContext; // `context.networks` is live: read when needed, never copied
      return () => {
        loaded?.end();
        context = undefined;
      };
    },

    watchConnectors(onChange) {
      return watchConnectorList(
        (changed) => listen(getPage(), discoveryEvents(descriptors), changed),
        () => findWallets(getPage(), descriptors).map(connectorFor),
        onChange,
      );
    },

    connect: later((c) => c.connect),
    reconnect: later((c) => c.reconnect),
    // Without the connection part loaded there is no session to end.
    disconnect: async (connector) => (loading ? (await connection()).disconnect(connector) : undefined),
    switchNetwork: later((c) => c.switchNetwork),

    isAddress(address) {
      const prefix = cosmosAddressPrefix(address);
      if (prefix === undefined) return false;
      const prefixes = configuredPrefixes(context?.networks ?? []);
      return prefixes.size === 0 || prefixes.has(prefix);
    },

    capabilities: {
      balance: {
        getBalance: later((c) => c.capabilities.balance.getBalance),
        getTokenBalances: later((c) => c.capabilities.balance.getTokenBalances),
      },
      signMessage: { signMessage: later((c) => c.capabilities.signMessage.signMessage) },
      send: {
        sendTransfer: later((c) => c.capabilities.send.sendTransfer),
        estimateFee: later((c) => c.capabilities.send.estimateFee),
        waitForTransfer: later((c) => c.capabilities.send.waitForTransfer),
      },
    },
  };
}
