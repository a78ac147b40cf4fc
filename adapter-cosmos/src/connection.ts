import { LatchError, connectorError } from '@latch/kernel';
import type { CosmosRpcOptions } from './rpc/transport.js';
import type { AdapterContext, CaipNetwork, ConnectOptions, ConnectResult, Connector, ReconnectOptions } from '@latch/kernel';
import { cosmosAddressPrefix } from './address.js';
import { type CosmosCapabilities, createCosmosCapabilities, queryClientCode } from './capabilities.js';
import { cosmosChainOf } from './chainConfig.js';
import { DISCONNECT_TIMEOUT_MS } from './constants.js';
import { type CosmosWalletWindow, discoveryEvents, type FoundWallet } from './discovery/keplrStyleDiscovery.js';
import { waitForWallet } from './discovery/waitForWallet.js';
import { type KeplrStyleWalletDescriptor, keystoreEventsOf } from './discovery/walletDescriptors.js';
import type { CosmosChainConfig } from './networks/cosmosNetwork.js';
import type { QueryClient } from './rpc/queryClient.js';
import { type CosmosSession, startCosmosSession } from './session.js';
import {
  callWallet,
  enableChain,
  hasWalletMethod,
  isKeplrStyleWallet,
  type KeplrStyleWallet,
  readAccount,
} from './wallet/keplrStyleWallet.js';

/** What the adapter's first-load part hands over: its options, its page, its connectors and its live context. */
export interface ConnectionHost {
  readonly descriptors: readonly KeplrStyleWalletDescriptor[];
  getPage(): CosmosWalletWindow | undefined;
  connectorFor(found: FoundWallet): Connector;
  getContext(): AdapterContext | undefined;
  readonly reconnectTimeoutMs: number;
  readonly broadcastPollIntervalMs: number;
  readonly rpc: CosmosRpcOptions;
}

/** Everything the adapter does once the visitor acts: connect, the session, reconnect, switch, and the capabilities. */
export interface CosmosConnection {
  connect(connector: Connector, options: ConnectOptions): Promise<ConnectResult>;
  reconnect(connectorId: string, options: ReconnectOptions): Promise<{ connector: Connector; result: ConnectResult } | null>;
  disconnect(connector: Connector): Promise<void>;
  switchNetwork(network: CaipNetwork, connector: Connector): Promise<void>;
  /** Ends the session, if any (the adapter's teardown). */
  end(): void;
  readonly capabilities: CosmosCapabilities;
}

const eoa = (address: string) => [{ address, type: 'eoa' as const }];

type LiveSession = CosmosSession & { enabled: Set<string> };

/** One adapter's connection: what the first-load part handed over, the live session, a query client per RPC URL. */
interface ConnectionState {
  readonly host: ConnectionHost;
  session?: LiveSession;
  readonly queryClients: Map<string, Promise<QueryClient>>;
}

function walletOf({ session }: ConnectionState, connector: Connector): KeplrStyleWallet {
  if (session?.connector.id === connector.id) return session.wallet;
  if (isKeplrStyleWallet(connector.provider)) return connector.provider;
  throw new LatchError(`Connector '${connector.id}' has no Keplr-style wallet`, { category: 'CONNECTOR_ERROR' });
}

function keystoreEvents({ host: { descriptors } }: ConnectionState, connector: Connector): string[] {
  const descriptor = descriptors.find((candidate) => candidate.id === connector.id);
  return descriptor ? keystoreEventsOf(descriptor) : discoveryEvents(descriptors).filter((event) => event !== 'load');
}

function beginSession(
  state: ConnectionState,
  connector: Connector,
  wallet: KeplrStyleWallet,
  chain: CosmosChainConfig,
  address: string,
): void {
  const { host } = state;
  state.session?.end();
  const events = keystoreEvents(state, connector);
  const current: LiveSession = Object.assign(
    startCosmosSession({
      connector,
      wallet,
      chain,
      address,
      page: host.getPage(),
      events,
      emit: (event) => {
        if (event.type === 'disconnected' && state.session === current) state.session = undefined;
        host.getContext()?.emit(event);
      },
    }),
    { enabled: new Set([chain.chainId]) },
  );
  state.session = current;
}

function endSession(state: ConnectionState): LiveSession | undefined {
  const ended = state.session;
  ended?.end();
  state.session = undefined;
  return ended;
}

async function restore(
  state: ConnectionState,
  connector: Connector,
  network: CaipNetwork,
): Promise<{ connector: Connector; result: ConnectResult } | null> {
  try {
    const chain = cosmosChainOf(network);
    const wallet = walletOf(state, connector);
    // getKey only: it does not prompt for a chain the wallet already enabled for this site; enable would.
    const address = await readAccount(wallet, connector.name, chain);
    beginSession(state, connector, wallet, chain, address);
    return { connector, result: { address, caipNetworkId: network.caipNetworkId, accounts: eoa(address) } };
  } catch {
    return null; // not authorised any more, locked, or no such chain: nothing to restore silently
  }
}

/** The chain an address belongs to: the session's when the prefix matches, else the first configured network with that prefix. */
function chainOfAddress({ session, host }: ConnectionState, address: string, connector: Connector): CosmosChainConfig {
  const prefix = cosmosAddressPrefix(address);
  if (prefix === undefined) throw new LatchError('Invalid Cosmos address', { category: 'VALIDATION_ERROR' });
  if (session?.connector.id === connector.id && session.chain.bech32Prefix === prefix) return session.chain;
  for (const network of host.getContext()?.networks ?? []) {
    try {
      const chain = cosmosChainOf(network);
      if (chain.bech32Prefix === prefix) return chain;
    } catch {
      // not a usable Cosmos network
    }
  }
  throw connectorError('CHAIN_NOT_CONFIGURED', `no configured network has addresses ${prefix}1…`);
}

async function assertGranted(wallet: KeplrStyleWallet, connector: Connector, chain: CosmosChainConfig, address: string): Promise<void> {
  if ((await readAccount(wallet, connector.name, chain)) !== address)
    throw connectorError('ACCOUNT_NOT_FOUND', `${address} in ${connector.name}`);
}

function queryClientFor({ queryClients, host }: ConnectionState, rpcUrl: string): Promise<QueryClient> {
  let client = queryClients.get(rpcUrl);
  if (!client) {
    client = queryClientCode().then((query) => query.connectQueryClient(rpcUrl, host.rpc));
    queryClients.set(rpcUrl, client);
    client.catch(() => queryClients.delete(rpcUrl));
  }
  return client;
}

async function disconnect(state: ConnectionState, connector: Connector) {
  const ended = endSession(state);
  const wallet = ended?.connector.id === connector.id ? ended.wallet : undefined;
  if (!wallet || !ended || !hasWalletMethod(wallet, 'disable')) return;
  // Revoking the site's access is a courtesy: the session is already over, and a silent wallet must not hold the visitor up.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const answered = callWallet(wallet, connector.name, 'disable', [[...ended.enabled]]).catch(() => undefined);
  await Promise.race([answered, new Promise((resolve) => (timer = setTimeout(resolve, DISCONNECT_TIMEOUT_MS)))]);
  clearTimeout(timer);
}

async function switchNetwork(state: ConnectionState, network: CaipNetwork, connector: Connector) {
  const chain = cosmosChainOf(network);
  const wallet = walletOf(state, connector);
  await enableChain(wallet, connector.name, chain);
  const address = await readAccount(wallet, connector.name, chain);
  const { session } = state;
  if (session?.connector.id !== connector.id) return;
  session.enabled.add(chain.chainId);
  session.moveTo(chain, address); // another chain, another bech32 prefix: the account is reported again
}

/** Loaded on the first connect, reconnect, balance, sign or send: holds the session with a Keplr-style wallet. */
export function createCosmosConnection(host: ConnectionHost): CosmosConnection {
  const state: ConnectionState = { host, queryClients: new Map() };
  return {
    async connect(connector, { network }) {
      const chain = cosmosChainOf(network);
      const wallet = walletOf(state, connector);
      await enableChain(wallet, connector.name, chain);
      const address = await readAccount(wallet, connector.name, chain);
      beginSession(state, connector, wallet, chain, address);
      return { address, caipNetworkId: network.caipNetworkId, accounts: eoa(address) };
    },

    async reconnect(connectorId, { network, connector: given }) {
      // A shared session hands over its connector; otherwise wait for the extension to inject.
      if (given) return isKeplrStyleWallet(given.provider) ? restore(state, given, network) : null;
      const found = await waitForWallet(host.getPage, host.descriptors, connectorId, host.reconnectTimeoutMs);
      return found ? restore(state, host.connectorFor(found), network) : null;
    },

    disconnect: (connector) => disconnect(state, connector),
    switchNetwork: (network, connector) => switchNetwork(state, network, connector),

    end() {
      endSession(state);
    },

    capabilities: createCosmosCapabilities({
      walletOf: (connector) => walletOf(state, connector),
      chainOfAddress: (address, connector) => chainOfAddress(state, address, connector),
      assertGranted,
      queryClientFor: (rpcUrl) => queryClientFor(state, rpcUrl),
      broadcastPollIntervalMs: host.broadcastPollIntervalMs,
    }),
  };
}
