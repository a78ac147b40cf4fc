import {
  ADDRESS_CACHE_MAX_ENTRIES,
  BALANCE_CACHE_TTL_MS,
  KNOWN_CONNECTOR_IDS,
  NAME_CACHE_TTL_MS,
  createTtlCache,
  filterTokenBalances,
  formatUnits,
  retryableImport,
  toLatchError,
  watchConnectorList,
} from '@latch/kernel';
import type { AdapterContext, AdapterEvent, ChainAdapter, CaipNetwork, Connector, TokenBalance } from '@latch/kernel';
import type { ActivityService, NftService } from '@latch/kernel';
import { DEFAULT_RECONNECT_TIMEOUT_MS, ENS_UNIVERSAL_RESOLVERS, REVOKE_TIMEOUT_MS } from './constants.js';
import type { WalletSession } from './connection.js';
import { createAnnouncedConnector, createWalletDiscovery, type AnnouncedWallet } from './discovery/eip6963.js';
import {
  ETHEREUM_INITIALIZED_EVENT,
  createInjectedConnector,
  readInjectedProvider,
  shouldShowBrowserWallet,
} from './discovery/injected.js';
import { chainIdOf, isEip1193Provider, type Eip1193Provider } from './provider.js';
import type { NetworkClient, RpcTransportOptions } from './rpc/client.js';
import type { TokenConfig } from './tokens.js';
import { isEvmAddress } from './address.js';
import type { ActivityOptions } from './activity/options.js';
import type { WaitForTransferOptions } from './waitForTransfer.js';
import type { NftOptions } from './nfts/config.js';
import { createNftService } from './nfts/service.js';
import { createSendCapability, providerOf } from './sendCapability.js';

// What reads, switches, signs, sends call bundles, looks up names and reads activity loads on first use. After a failed
// fetch the next call fetches it anew instead of answering the browser's kept failure (the kernel's retryableImport says
// why), so a balance, a signature or the Activity tab recovers without a reload.
const clientCode = /* @__PURE__ */ retryableImport(() => import('./rpc/client.js'));
const balancesCode = /* @__PURE__ */ retryableImport(() => import('./rpc/balances.js'));
const tokensCode = /* @__PURE__ */ retryableImport(() => import('./tokens.js'));
const walletAssetsCode = /* @__PURE__ */ retryableImport(() => import('./walletAssets.js'));
const switchCode = /* @__PURE__ */ retryableImport(() => import('./switchNetwork.js'));
const signingCode = /* @__PURE__ */ retryableImport(() => import('./signAndSend.js'));
const callsCode = /* @__PURE__ */ retryableImport(() => import('./calls.js'));
const identityCode = /* @__PURE__ */ retryableImport(() => import('./rpc/identity.js'));
const namesCode = /* @__PURE__ */ retryableImport(() => import('./names.js'));
const activityCode = /* @__PURE__ */ retryableImport(() => import('./activity/activityReader.js'));

export interface Eip155AdapterOptions extends NftOptions {
  /** ERC-20 tokens whose balances are read, per network. */
  tokens?: TokenConfig;
  /** Where wallets announce themselves and `ethereum` is injected; `window` by default (read lazily). */
  target?: EventTarget & { ethereum?: unknown };
  /** Decides whether the generic Browser Wallet entry may show (§5); a media query by default. */
  isMobile?: () => boolean;
  /** How long a silent reconnect waits for the stored wallet's EIP-6963 announcement. */
  reconnectTimeoutMs?: number;
  /** The Activity tab's default reader: the network's own RPC (Otterscan `ots_*`, else token `Transfer` logs). */
  activity?: ActivityOptions;
  /** How long `send.waitForTransfer` waits for the receipt, and how often it asks the network's RPC. */
  waitForTransfer?: WaitForTransferOptions;
  /**
   * Another source for this adapter's Activity tab, such as `createBlockscoutActivity` from
   * '@latch/adapter-eip155/blockscout': it serves eip155 only (`dataServices.activity` would serve every namespace).
   */
  activityProvider?: ActivityService;
  /** Another source for this adapter's NFTs tab, such as `createBlockscoutNfts`; it declares the `nfts` capability. */
  nftProvider?: NftService;
  /** ENS Universal Resolver per chain id (over the built-in mainnet and Sepolia ones) for sending to a name. */
  ensUniversalResolvers?: Readonly<Partial<Record<number, `0x${string}`>>>;
  /** ENSIP-15 normalisation, e.g. `normalize` from 'viem/ens'; without it only plain ASCII names resolve. */
  normalizeEnsName?: (name: string) => string;
  /** How reads reach the network's nodes: timeout, retries with back-off, JSON-RPC batching (defaults: 10 s, 3 from 150 ms, batches of 1000). */
  rpc?: RpcTransportOptions;
}

function defaultIsMobile(): boolean {
  const media = globalThis as { matchMedia?: (query: string) => { matches: boolean } };
  return typeof media.matchMedia === 'function' && media.matchMedia('(max-width: 430px), (pointer: coarse) and (hover: none)').matches;
}

function defaultTarget(): (EventTarget & { ethereum?: unknown }) | undefined {
  return typeof window === 'undefined' ? undefined : window;
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The eip155 ChainAdapter: EIP-6963 discovery, EIP-1193 connect/switch/events; viem loads on first read. */
// long: first-load code (in every app); moving only its capabilities to a module function over a host object measured +56 B gzip on latch-evm's first load (and left it at 170 lines), and that budget has under 1 B left
export function createEip155Adapter(options: Eip155AdapterOptions = {}): ChainAdapter {
  const getTarget = () => options.target ?? defaultTarget();
  const isMobile = options.isMobile ?? defaultIsMobile;
  const discovery = createWalletDiscovery(getTarget);
  const announcedConnectors = new WeakMap<AnnouncedWallet, Connector>();
  const injectedConnectors = new WeakMap<Eip1193Provider, Connector>();
  const tokenCache = createTtlCache<TokenBalance[]>({ ttlMs: BALANCE_CACHE_TTL_MS, maxEntries: ADDRESS_CACHE_MAX_ENTRIES });
  const identityCache = createTtlCache<{ name?: string; avatar?: string }>({
    ttlMs: NAME_CACHE_TTL_MS,
    maxEntries: ADDRESS_CACHE_MAX_ENTRIES,
  });
  const clients = new Map<string, Promise<NetworkClient>>();
  let activityReader: ActivityService | undefined;
  let context: AdapterContext | undefined;
  let session: WalletSession | undefined;

  function announcedConnector(wallet: AnnouncedWallet): Connector {
    let connector = announcedConnectors.get(wallet);
    if (!connector) announcedConnectors.set(wallet, (connector = createAnnouncedConnector(wallet)));
    return connector;
  }

  function injectedConnector(provider: Eip1193Provider): Connector {
    let connector = injectedConnectors.get(provider);
    if (!connector) injectedConnectors.set(provider, (connector = createInjectedConnector(provider)));
    return connector;
  }

  function listConnectors(): Connector[] {
    const announced = discovery.wallets().map(announcedConnector);
    const injected = readInjectedProvider(getTarget());
    const showInjected = shouldShowBrowserWallet({
      isMobile: isMobile(),
      hasInjected: injected !== undefined,
      announcedCount: announced.length,
    });
    return injected && showInjected ? [...announced, injectedConnector(injected)] : announced;
  }

  // Connecting, signing, sending and switching load on first use: first load is discovery only. After a failed fetch
  // the next connect fetches the code anew (retryableImport says why).
  const connection = retryableImport(() => import('./connection.js'));
  const callsHost = { providerOf, clientFor, waitForTransfer: options.waitForTransfer };

  async function beginSession(connector: Connector, provider: Eip1193Provider, address: string): Promise<void> {
    const { startSession } = await connection();
    session?.end();
    const current = startSession(connector, provider, address, (event: AdapterEvent) => {
      if (event.type === 'disconnected' && session === current) session = undefined;
      context?.emit(event);
    });
    session = current;
  }

  function endSession(): WalletSession | undefined {
    const ended = session;
    ended?.end();
    session = undefined;
    return ended;
  }

  async function findConnector(connectorId: string): Promise<Connector | undefined> {
    if (connectorId === KNOWN_CONNECTOR_IDS.injected) {
      const injected = readInjectedProvider(getTarget());
      return injected && injectedConnector(injected);
    }
    const wallet = await discovery.waitFor(connectorId, options.reconnectTimeoutMs ?? DEFAULT_RECONNECT_TIMEOUT_MS);
    return wallet && announcedConnector(wallet);
  }

  function clientFor(network: CaipNetwork): Promise<NetworkClient> {
    const key = `${network.caipNetworkId}|${network.rpcUrls.default.http.join(',')}`;
    let client = clients.get(key);
    if (!client) {
      client = clientCode().then((rpc) => rpc.createNetworkClient(network, options.rpc));
      clients.set(key, client);
      client.catch(() => clients.delete(key));
    }
    return client;
  }

  async function readTokenBalances(address: string, network: CaipNetwork): Promise<TokenBalance[]> {
    const wallet = session && sameAddress(session.address, address) ? session.provider : undefined;
    const fromWallet = wallet && (await walletAssetsCode().then((assets) => assets.readWalletAssets(wallet, address, network)));
    if (fromWallet) return fromWallet;
    const [rpc, client, { tokensFor }] = await Promise.all([balancesCode(), clientFor(network), tokensCode()]);
    return rpc.readTokenBalances(client, address, network, tokensFor(options.tokens, network.caipNetworkId));
  }

  return {
    namespace: 'eip155',
    setup(adapterContext) {
      context = adapterContext;
      return () => {
        endSession();
        context = undefined;
      };
    },

    watchConnectors(onChange) {
      const target = getTarget();
      // EIP-6963 announcements, and a late `window.ethereum` (its 'ethereum#initialized' event).
      const subscribe = (changed: () => void) => {
        const unsubscribe = discovery.subscribe(changed);
        target?.addEventListener(ETHEREUM_INITIALIZED_EVENT, changed);
        return () => {
          unsubscribe();
          target?.removeEventListener(ETHEREUM_INITIALIZED_EVENT, changed);
        };
      };
      return watchConnectorList(subscribe, listConnectors, onChange);
    },

    async connect(connector) {
      const provider = providerOf(connector);
      const result = await (await connection()).requestConnection(connector, provider);
      await beginSession(connector, provider, result.address);
      return result;
    },

    async reconnect(connectorId, { connector: given }) {
      // The restore's code loads while the wallet is looked for (a reload shows the address sooner).
      const code = connection();
      code.catch(() => undefined);
      // A shared session (WalletConnect, an embedded wallet) hands over its connector; otherwise find the extension.
      const connector = given ?? (await findConnector(connectorId));
      if (!connector) return null;
      const provider = providerOf(connector);
      const result = await (await code).readConnection(provider);
      if (!result) return null;
      await beginSession(connector, provider, result.address);
      return { connector, result };
    },

    async disconnect(connector) {
      const ended = endSession();
      const provider =
        ended?.connector.id === connector.id ? ended.provider : isEip1193Provider(connector.provider) ? connector.provider : undefined;
      // Revoking is a courtesy: many wallets do not implement it (or never answer), and the session is already over for us.
      const revoke = provider?.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }).catch(() => undefined);
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([revoke, new Promise((resolve) => (timer = setTimeout(resolve, REVOKE_TIMEOUT_MS)))]);
      clearTimeout(timer);
    },

    async switchNetwork(network, connector) {
      const provider = session?.connector.id === connector.id ? session.provider : providerOf(connector);
      const { switchWalletNetwork } = await switchCode();
      await switchWalletNetwork(provider, network);
    },

    isAddress: isEvmAddress,

    capabilities: {
      balance: {
        async getBalance(address, network) {
          try {
            const [rpc, client] = await Promise.all([balancesCode(), clientFor(network)]);
            const amount = await rpc.readNativeBalance(client, address);
            return { balance: formatUnits(amount, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol };
          } catch (err) {
            throw toLatchError(err, 'RPC_ERROR');
          }
        },
        async getTokenBalances(address, network) {
          const key = `${network.caipNetworkId}:${address.toLowerCase()}`;
          const cached = tokenCache.get(key);
          if (cached) return cached.map((balance) => ({ ...balance, quantity: { ...balance.quantity } }));
          try {
            const balances = filterTokenBalances(await readTokenBalances(address, network));
            tokenCache.set(key, balances);
            return balances;
          } catch (err) {
            throw toLatchError(err, 'RPC_ERROR');
          }
        },
      },
      signMessage: {
        async signMessage({ message, address, connector }) {
          const { signPersonalMessage } = await signingCode();
          return signPersonalMessage(providerOf(connector), message, address);
        },
      },
      send: createSendCapability({ clientFor, tokenCache, waitForTransfer: options.waitForTransfer }),
      // EIP-5792 bundles (calls.ts, loaded on first use): wallet_sendCalls, or single transactions for a wallet without it.
      calls: {
        getCapabilities: async (request) => (await callsCode()).readCapabilities(request, callsHost),
        sendCalls: async (request) => (await callsCode()).sendBundle(request, callsHost),
        getCallsStatus: async (request) => (await callsCode()).readCallsStatus(request, callsHost),
      },
      identity: {
        async getIdentity(address, network) {
          // §5: identity only on non-test EVM networks, and ENS only where its resolver is deployed.
          if (network.testnet || !ENS_UNIVERSAL_RESOLVERS[chainIdOf(network)]) return {};
          const key = `${network.caipNetworkId}:${address.toLowerCase()}`;
          const cached = identityCache.get(key);
          if (cached) return { ...cached };
          try {
            const [ens, client] = await Promise.all([identityCode(), clientFor(network)]);
            const identity = await ens.readEnsIdentity(client, address);
            identityCache.set(key, identity);
            return { ...identity };
          } catch {
            return {};
          }
        },
      },
      names: {
        async resolveName(name, network) {
          const { resolveEnsName } = await namesCode();
          return resolveEnsName(name, network, clientFor, options);
        },
      },
      activity: options.activityProvider ?? {
        async getTransactions(request) {
          // One reader per adapter (it caches token metadata), made once its code has loaded: a failed load leaves
          // nothing behind, so the next page asked for (Try again) loads it anew.
          const { createActivityReader } = await activityCode();
          activityReader ??= createActivityReader({ clientFor, tokens: options.tokens, options: options.activity });
          return activityReader.getTransactions(request);
        },
      },
      // Declared only when the integrator configured collections: no empty NFTs tab is faked.
      ...(options.nftProvider ? { nfts: options.nftProvider } : options.nfts ? { nfts: createNftService(options, clientFor) } : {}),
    },
  };
}
