import { retryableImport, watchConnectorList } from '@latch/kernel';
import type { EsploraTransportOptions } from './esplora/client.js';
import type { AdapterCapabilities, AdapterContext, ChainAdapter, Connector } from '@latch/kernel';
import { getWallets as getStandardWallets, type Wallets } from '@wallet-standard/app';
import { isBitcoinAddress } from './address/bitcoinAddress.js';
import type { BitcoinConnections } from './connection.js';
import { createBitcoinWalletDiscovery, type BitcoinWalletEntry } from './discovery/discovery.js';

export interface BitcoinAdapterOptions {
  /** Networks come from the kernel (`setup`), never from here. */
  networks?: never;
  /** Where sats-connect wallets put their globals (`btc_providers`, `XverseProviders`…); `window`, read when first needed. */
  window?: object;
  /** The Wallet Standard registry; @wallet-standard/app's `getWallets` by default, first called when watching. */
  getWallets?: () => Wallets;
  /** How long a silent reconnect waits for the stored wallet to appear. */
  reconnectTimeoutMs?: number;
  /** How reads reach the Esplora API: timeout and retries with back-off (defaults: 10 s, 3 from 150 ms). Esplora has no batching. */
  rpc?: EsploraTransportOptions;
}

const connectorOf = (entry: BitcoinWalletEntry): Connector => ({
  id: entry.id,
  name: entry.name,
  ...(entry.icon ? { icon: entry.icon } : {}),
  // A listed wallet announced itself; a bare default global is merely injected.
  type: entry.kind === 'sats-connect' && !entry.icon ? 'INJECTED' : 'ANNOUNCED',
  chain: 'bip122',
  installed: true,
  provider: entry.provider,
});

// The connection code loads on the visitor's first connect. After its fetch failed, the next try fetches it anew (the
// browser keeps a failed module for its URL; the kernel's retryableImport says how).
const connectionCode = /* @__PURE__ */ retryableImport(() => import('./connection.js'));

/**
 * The bip122 ChainAdapter: sats-connect and Bitcoin Wallet Standard wallets, payment/ordinals accounts, Esplora reads.
 * First load holds only discovery and `isAddress`; the rest (connection.js) loads when the visitor first acts.
 */
export function createBitcoinAdapter(options: BitcoinAdapterOptions = {}): ChainAdapter {
  let context: AdapterContext | undefined;
  const discovery = createBitcoinWalletDiscovery(
    () => options.window ?? (typeof window === 'undefined' ? undefined : window),
    options.getWallets ?? getStandardWallets,
  );
  const connectors = new WeakMap<object, Connector>();

  function connectorFor(entry: BitcoinWalletEntry): Connector {
    let connector = connectors.get(entry.provider);
    if (!connector || connector.id !== entry.id || connector.name !== entry.name || connector.icon !== entry.icon) {
      connectors.set(entry.provider, (connector = connectorOf(entry)));
    }
    return connector;
  }

  let loaded: BitcoinConnections | undefined;
  let loading: Promise<BitcoinConnections> | undefined;
  /** The connection code, loaded once on first use (again after a failed load). */
  function connections(): Promise<BitcoinConnections> {
    if (loaded) return Promise.resolve(loaded);
    loading ??= connectionCode().then(
      ({ createBitcoinConnections }) =>
        (loaded = createBitcoinConnections({
          emit: (event) => context?.emit(event),
          discovery,
          connectorFor,
          reconnectTimeoutMs: options.reconnectTimeoutMs,
          ...(options.rpc ? { rpc: options.rpc } : {}),
        })),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    );
    return loading;
  }

  /** A method of the connection code, loading it first. */
  const later = <K extends Exclude<keyof BitcoinConnections, 'end'>>(name: K) =>
    (async (...args: unknown[]) => ((await connections())[name] as (...given: unknown[]) => unknown)(...args)) as BitcoinConnections[K];

  const capabilities: AdapterCapabilities = {
    balance: { getBalance: later('getBalance'), getTokenBalances: later('getTokenBalances') },
    signMessage: { signMessage: later('signMessage') },
    send: { sendTransfer: later('sendTransfer'), estimateFee: later('estimateFee'), maxSendable: later('maxSendable') },
  };

  return {
    namespace: 'bip122',
    capabilities,

    setup(adapterContext) {
      context = adapterContext; // kept whole: `context.networks` is live
      return () => {
        loaded?.end();
        context = undefined;
      };
    },

    watchConnectors(onChange) {
      return watchConnectorList(
        (changed) => discovery.subscribe(changed),
        () => discovery.wallets().map(connectorFor),
        onChange,
      );
    },

    connect: later('connect'),
    reconnect: later('reconnect'),

    async disconnect(connector) {
      // Nothing loaded: nothing was ever connected.
      await loaded?.disconnect(connector);
    },

    switchNetwork: later('switchNetwork'),

    isAddress: (address) => isBitcoinAddress(address),
  };
}
