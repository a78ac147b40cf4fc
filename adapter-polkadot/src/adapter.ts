import { retryableImport, watchConnectorList } from '@latch/kernel';
import type { AdapterCapabilities, AdapterContext, ChainAdapter, Connector } from '@latch/kernel';
import { isPolkadotAddress } from './address.js';
import type { ChainClient, PolkadotRpcOptions } from './chain/chainClient.js';
import type { AdapterHost } from './connection.js';
import { DEFAULT_APP_NAME, DEFAULT_RECONNECT_TIMEOUT_MS, DISCOVERY_POLL_FOR_MS, DISCOVERY_POLL_INTERVAL_MS } from './constants.js';
import { createExtensionDiscovery } from './discovery/extensionDiscovery.js';
import type { InjectedExtension } from './discovery/injectedWeb3.js';
import { assertPolkadotNetwork } from './networkChecks.js';
import type { PolkadotSession } from './session.js';

/**
 * Connect, reconnect, the session, signing and the request checks: loaded once the visitor acts (or a stored
 * session is restored), not on first load. @polkadot/api is a chunk of its own, loaded by `host.chain()`. After a
 * fetch of the code failed, the next use fetches it anew (the browser keeps a failed module for its URL; the kernel's
 * retryableImport says how).
 */
const connection = /* @__PURE__ */ retryableImport(() => import('./connection.js'));
/** @polkadot/api's chunk (`host.chain()`), fetched anew the same way after a failed fetch. */
const chainClientCode = /* @__PURE__ */ retryableImport(() => import('./chain/chainClient.js'));

export interface PolkadotAdapterOptions {
  /** The name extensions show the visitor when this site asks for access; 'Latch' by default. */
  appName?: string;
  /** Where extensions inject `injectedWeb3`; `window` by default (read lazily, so it is SSR-safe). */
  target?: object;
  /** How long a silent reconnect waits for the stored extension to inject itself (2 s by default). */
  reconnectTimeoutMs?: number;
  /** How reads reach the network's node: timeout and retries with back-off (defaults: 10 s, 3 from 150 ms). */
  rpc?: PolkadotRpcOptions;
}

function connectorOf({ key, name, icon, rdns, entry }: InjectedExtension): Connector {
  return {
    id: key,
    name,
    type: 'INJECTED',
    chain: 'polkadot',
    installed: true,
    provider: entry,
    ...(icon ? { icon } : {}),
    ...(rdns ? { rdns } : {}),
  };
}

/**
 * The polkadot ChainAdapter: `window.injectedWeb3` extensions (polkadot{.js}, Talisman, SubWallet…), connect and
 * account events, SS58 addresses in each network's format. First load is discovery and the address check; the
 * extension protocol loads on connect (connection.ts), @polkadot/api on the first balance, fee or transfer.
 */
// long: first-load code (in every app with the adapter); split into module functions (capabilities, connector cache) it measured +25 B gzip on latch-five's first load, +7 B with a lazy-call helper, and that budget has 2 B left
export function createPolkadotAdapter(options: PolkadotAdapterOptions = {}): ChainAdapter {
  const discovery = createExtensionDiscovery({
    getHolder: () => options.target ?? (typeof window === 'undefined' ? undefined : window),
    pollIntervalMs: DISCOVERY_POLL_INTERVAL_MS,
    pollForMs: DISCOVERY_POLL_FOR_MS,
  });
  const connectors = new WeakMap<object, Connector>();
  let context: AdapterContext | undefined;
  let session: PolkadotSession | undefined;
  let chain: Promise<ChainClient> | undefined;

  function connectorFor(extension: InjectedExtension): Connector {
    const known = connectors.get(extension.entry);
    if (known && known.id === extension.key && known.icon === extension.icon) return known;
    const connector = connectorOf(extension);
    connectors.set(extension.entry, connector);
    return connector;
  }

  function endSession(): void {
    session?.end();
    session = undefined;
  }

  /** What the lazily loaded code reads and changes of this adapter. */
  const host: AdapterHost = {
    appName: options.appName ?? DEFAULT_APP_NAME,
    reconnectTimeoutMs: options.reconnectTimeoutMs ?? DEFAULT_RECONNECT_TIMEOUT_MS,
    pollIntervalMs: DISCOVERY_POLL_INTERVAL_MS,
    extensions: discovery.extensions,
    connectorFor,
    submitted: new Map(),
    session: () => session,
    adopt(start) {
      endSession();
      const current = start((event) => {
        if (session !== current) return;
        if (event.type === 'disconnected') session = undefined;
        context?.emit(event);
      });
      session = current;
      return current;
    },
    chain() {
      if (!chain) {
        const loading = chainClientCode().then((module) => module.createChainClient(options.rpc));
        chain = loading;
        loading.catch(() => chain === loading && (chain = undefined));
      }
      return chain;
    },
  };

  const capabilities: AdapterCapabilities = {
    balance: {
      getBalance: async (address, network) => (await connection()).balanceOf(host, address, network),
      // The Tokens tab and the Send form's token: the native currency (assets-pallet tokens are not listed).
      getTokenBalances: async (address, network) => (await connection()).tokenBalancesOf(host, address, network),
    },
    signMessage: {
      signMessage: async (request) => (await connection()).signMessage(host, request),
    },
    send: {
      sendTransfer: async (request) => (await connection()).sendTransfer(host, request),
      estimateFee: async (request) => (await connection()).estimateFee(host, request),
      maxSendable: async (request) => (await connection()).maxSendable(host, request),
      waitForTransfer: async (request) => (await connection()).waitForTransfer(host, request),
    },
  };

  return {
    namespace: 'polkadot',
    capabilities,

    setup(adapterContext) {
      context = adapterContext;
      return () => {
        endSession();
        context = undefined;
        const loaded = chain;
        chain = undefined;
        void loaded?.then((client) => client.disconnect()).catch(() => undefined);
      };
    },

    watchConnectors(onChange) {
      return watchConnectorList(
        (changed) => discovery.subscribe(changed),
        () => discovery.extensions().map(connectorFor),
        onChange,
      );
    },

    async connect(connector, { network }) {
      assertPolkadotNetwork(network);
      return (await connection()).connect(host, connector, network);
    },

    async reconnect(connectorId, { network, connector }) {
      assertPolkadotNetwork(network);
      return (await connection()).reconnect(host, connectorId, network, connector);
    },

    async disconnect(connector) {
      // Extensions have no per-site disconnect in the injectedWeb3 API: the site just stops using the accounts.
      if (!session || session.connector.id === connector.id) endSession();
    },

    async switchNetwork(network, connector) {
      // App-side switch (an extension has no active network); the addresses are rewritten in the new network's format.
      assertPolkadotNetwork(network);
      const current = session;
      if (!current || current.connector.id !== connector.id || !current.setNetwork(network)) return;
      const accounts = current.entries();
      // After the kernel records the new network, so the addresses it stores pair with it.
      setTimeout(() => session === current && context?.emit({ type: 'accountsChanged', accounts }), 0);
    },

    isAddress: isPolkadotAddress,
  };
}
