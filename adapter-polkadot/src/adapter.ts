import {
  ERROR_CODES,
  LatchError,
  connectorError,
  formatUnits,
  nativeTokenBalance,
  readUntrustedProperty,
  sameConnectors,
} from '@latch/kernel';
import type {
  AdapterCapabilities,
  AdapterContext,
  CaipNetwork,
  ChainAdapter,
  ConnectResult,
  Connector,
  TransferRequest,
} from '@latch/kernel';
import { isPolkadotAddress, sameAccount } from './address.js';
import type { ChainClient } from './chain/chainClient.js';
import { DEFAULT_APP_NAME, DEFAULT_RECONNECT_TIMEOUT_MS, DISCOVERY_POLL_FOR_MS, DISCOVERY_POLL_INTERVAL_MS } from './constants.js';
import { createExtensionDiscovery } from './discovery/extensionDiscovery.js';
import { isInjectedEntry, type InjectedExtension } from './discovery/injectedWeb3.js';
import { enableExtension, readAccounts, toAccountEntries, type ExtensionAccount } from './extension.js';
import { assertPolkadotNetwork, endpointOf, ss58FormatOf } from './networkInfo.js';
import { startSession, type PolkadotSession } from './session.js';
import { signMessageWithExtension } from './signing.js';

export interface PolkadotAdapterOptions {
  /** The name extensions show the visitor when this site asks for access; 'Latch' by default. */
  appName?: string;
  /** Where extensions inject `injectedWeb3`; `window` by default (read lazily, so it is SSR-safe). */
  target?: object;
  /** How long a silent reconnect waits for the stored extension to inject itself (2 s by default). */
  reconnectTimeoutMs?: number;
}

const invalid = (message: string) => new LatchError(message, { category: 'VALIDATION_ERROR' });

function assertValidTransfer({ from, to, amount, token, network }: TransferRequest): void {
  if (token !== undefined) throw invalid('Only the native currency can be sent on a Polkadot network');
  assertPolkadotNetwork(network);
  if (!isPolkadotAddress(from)) throw invalid('Invalid transfer sender');
  if (!isPolkadotAddress(to)) throw invalid('Invalid transfer receiver');
  if (typeof amount !== 'bigint' || amount <= 0n) throw invalid('Invalid transfer amount: it must be positive');
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

function resultOf(session: PolkadotSession, network: CaipNetwork): ConnectResult {
  const accounts = session.entries();
  return { address: accounts[0]!.address, caipNetworkId: network.caipNetworkId, accounts };
}

/**
 * The polkadot ChainAdapter: `window.injectedWeb3` extensions (polkadot{.js}, Talisman, SubWallet…), connect and
 * account events, SS58 addresses in each network's format; @polkadot/api loads on the first balance, fee or transfer.
 */
export function createPolkadotAdapter(options: PolkadotAdapterOptions = {}): ChainAdapter {
  const appName = options.appName ?? DEFAULT_APP_NAME;
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

  function chainClient(): Promise<ChainClient> {
    if (!chain) {
      const loading = import('./chain/chainClient.js').then((module) => module.createChainClient());
      chain = loading;
      loading.catch(() => chain === loading && (chain = undefined));
    }
    return chain;
  }

  function entryOf(connector: Connector): object {
    if (isInjectedEntry(connector.provider)) return connector.provider;
    throw new LatchError(`Connector '${connector.id}' has no Polkadot extension`, { category: 'CONNECTOR_ERROR' });
  }

  function endSession(): void {
    session?.end();
    session = undefined;
  }

  function beginSession(connector: Connector, network: CaipNetwork, injected: object, accounts: ExtensionAccount[]): PolkadotSession {
    endSession();
    const current = startSession({
      connector,
      injected,
      accounts,
      network,
      emit(event) {
        if (session !== current) return;
        if (event.type === 'disconnected') session = undefined;
        context?.emit(event);
      },
    });
    session = current;
    return current;
  }

  /** The session account a request names (any address format); signing needs the connected extension. */
  function sessionAccount(connector: Connector, address: string): { session: PolkadotSession; account: ExtensionAccount } {
    const current = session;
    if (!current || current.connector.id !== connector.id) throw connectorError('NOT_CONNECTED', connector.name);
    const account = current.accounts.find((candidate) => sameAccount(candidate.address, address));
    if (!account) throw connectorError('ACCOUNT_NOT_FOUND', `${address} in ${connector.name}`);
    return { session: current, account };
  }

  async function freeBalanceOf(address: string, network: CaipNetwork): Promise<bigint> {
    assertPolkadotNetwork(network);
    if (!isPolkadotAddress(address)) throw invalid('Invalid Polkadot address');
    const endpoint = endpointOf(network);
    return (await chainClient()).freeBalance(endpoint, address);
  }

  const capabilities: AdapterCapabilities = {
    balance: {
      async getBalance(address, network) {
        const free = await freeBalanceOf(address, network);
        return { balance: formatUnits(free, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol };
      },
      // The Tokens tab and the Send form's token: the native currency (assets-pallet tokens are not listed).
      async getTokenBalances(address, network) {
        return [nativeTokenBalance(network, await freeBalanceOf(address, network))];
      },
    },
    signMessage: {
      async signMessage({ message, address, connector }) {
        if (typeof message !== 'string') throw invalid('The message to sign must be a string');
        const { session: current, account } = sessionAccount(connector, address);
        return signMessageWithExtension(current.injected, account, message, connector.name);
      },
    },
    send: {
      async sendTransfer(request) {
        assertValidTransfer(request);
        const { session: current, account } = sessionAccount(request.connector, request.from);
        const endpoint = endpointOf(request.network);
        const signer = readUntrustedProperty(current.injected, 'signer');
        const client = await chainClient();
        return client.sendTransfer({
          endpoint,
          from: account.address,
          to: request.to,
          amount: request.amount,
          signer,
          walletName: request.connector.name,
        });
      },
      async estimateFee(request) {
        assertValidTransfer(request);
        return (await chainClient()).estimateTransferFee({
          endpoint: endpointOf(request.network),
          from: request.from,
          to: request.to,
          amount: request.amount,
        });
      },
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
      let last: readonly Connector[] | undefined;
      const push = () => {
        const next = discovery.extensions().map(connectorFor);
        if (last && sameConnectors(last, next)) return;
        last = next;
        onChange(next);
      };
      const unsubscribe = discovery.subscribe(push);
      push();
      return unsubscribe;
    },

    async connect(connector, { network }) {
      assertPolkadotNetwork(network);
      const injected = await enableExtension(entryOf(connector), appName, connector.name);
      const accounts = await readAccounts(injected, connector.name);
      if (accounts.length === 0) {
        throw new LatchError(`${connector.name} shared no Polkadot account with this site`, {
          category: 'CONNECTOR_ERROR',
          code: ERROR_CODES.UNAUTHORIZED,
        });
      }
      return resultOf(beginSession(connector, network, injected, accounts), network);
    },

    async reconnect(connectorId, { network, connector: given }) {
      assertPolkadotNetwork(network);
      let connector = given;
      if (!connector) {
        const found = await discovery.waitFor(connectorId, options.reconnectTimeoutMs ?? DEFAULT_RECONNECT_TIMEOUT_MS);
        if (!found) return null;
        connector = connectorFor(found);
      }
      if (!isInjectedEntry(connector.provider)) return null;
      let accounts: ExtensionAccount[];
      let injected: object;
      try {
        // The extension remembers the sites it authorised: enable() on one of them answers without a prompt.
        injected = await enableExtension(connector.provider, appName, connector.name);
        accounts = await readAccounts(injected, connector.name);
      } catch {
        return null; // refused or revoked in the extension: there is no session to restore
      }
      if (accounts.length === 0) return null;
      return { connector, result: resultOf(beginSession(connector, network, injected, accounts), network) };
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
      const accounts = toAccountEntries(current.accounts, ss58FormatOf(network));
      // After the kernel records the new network, so the addresses it stores pair with it.
      setTimeout(() => session === current && context?.emit({ type: 'accountsChanged', accounts }), 0);
    },

    isAddress: isPolkadotAddress,
  };
}
