import { LatchError, connectorError, formatUnits, nativeTokenBalance, sameConnectors, toLatchError } from '@latch/kernel';
import type { AdapterCapabilities, AdapterContext, CaipNetwork, ChainAdapter, ConnectResult, Connector } from '@latch/kernel';
import { getWallets as getStandardWallets, type Wallets } from '@wallet-standard/app';
import { isBitcoinAddress } from './address/bitcoinAddress.js';
import { addressFamilyOf } from './address/networkFamily.js';
import { DEFAULT_RECONNECT_TIMEOUT_MS, DISCONNECT_TIMEOUT_MS } from './constants.js';
import { createBitcoinWalletDiscovery, type BitcoinWalletEntry } from './discovery/discovery.js';
import { isSatsConnectProvider } from './discovery/satsConnectProviders.js';
import { isBitcoinStandardWallet } from './discovery/standardWallets.js';
import { startBitcoinSession, type BitcoinSession } from './session.js';
import { assertValidTransfer } from './transferRequest.js';
import { chainNotSupported, invalid } from './walletErrors.js';
import { accountEntries, type BitcoinAccounts, type BitcoinWalletDriver } from './wallets/types.js';

export interface BitcoinAdapterOptions {
  /** Networks come from the kernel (`setup`), never from here. */
  networks?: never;
  /** Where sats-connect wallets put their globals (`btc_providers`, `XverseProviders`…); `window`, read when first needed. */
  window?: object;
  /** The Wallet Standard registry; @wallet-standard/app's `getWallets` by default, first called when watching. */
  getWallets?: () => Wallets;
  /** How long a silent reconnect waits for the stored wallet to appear. */
  reconnectTimeoutMs?: number;
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

/** Loads the driver of a connector's wallet on first use: sats-connect or Bitcoin Wallet Standard. */
async function loadDriver(connector: Connector): Promise<BitcoinWalletDriver> {
  const { provider } = connector;
  if (isBitcoinStandardWallet(provider))
    return (await import('./wallets/standard/driver.js')).createStandardDriver(provider, connector.name);
  if (isSatsConnectProvider(provider))
    return (await import('./wallets/satsConnect/driver.js')).createSatsConnectDriver(provider, connector.name);
  throw new LatchError(`Connector '${connector.id}' has no Bitcoin wallet`, { category: 'CONNECTOR_ERROR' });
}

/** The bip122 ChainAdapter: sats-connect and Bitcoin Wallet Standard wallets, payment/ordinals accounts, Esplora reads. */
export function createBitcoinAdapter(options: BitcoinAdapterOptions = {}): ChainAdapter {
  let context: AdapterContext | undefined;
  let session: BitcoinSession | undefined;
  const discovery = createBitcoinWalletDiscovery(
    () => options.window ?? (typeof window === 'undefined' ? undefined : window),
    options.getWallets ?? getStandardWallets,
  );
  const connectors = new WeakMap<object, Connector>();
  const drivers = new WeakMap<object, Promise<BitcoinWalletDriver>>();

  function connectorFor(entry: BitcoinWalletEntry): Connector {
    let connector = connectors.get(entry.provider);
    if (!connector || connector.id !== entry.id || connector.name !== entry.name || connector.icon !== entry.icon) {
      connectors.set(entry.provider, (connector = connectorOf(entry)));
    }
    return connector;
  }

  /** The session of this connector: same id and same wallet object (a kernel's copy of the connector is fine). */
  const isSessionOf = (connector: Connector) => session?.connector.id === connector.id && session.connector.provider === connector.provider;

  function driverFor(connector: Connector): Promise<BitcoinWalletDriver> {
    if (session && isSessionOf(connector)) return Promise.resolve(session.driver);
    const provider = connector.provider;
    if (typeof provider !== 'object' || provider === null) return loadDriver(connector);
    let driver = drivers.get(provider);
    if (!driver) {
      drivers.set(provider, (driver = loadDriver(connector)));
      driver.catch(() => drivers.delete(provider));
    }
    return driver;
  }

  function beginSession(connector: Connector, driver: BitcoinWalletDriver, accounts: BitcoinAccounts): ConnectResult {
    session?.end();
    const current = startBitcoinSession(connector, driver, accounts, (event) => {
      if (event.type === 'disconnected' && session === current) session = undefined;
      context?.emit(event);
    });
    session = current;
    return { address: accounts.payment.address, caipNetworkId: accounts.caipNetworkId, accounts: accountEntries(accounts) };
  }

  function endSession(): BitcoinSession | undefined {
    const ended = session;
    ended?.end();
    session = undefined;
    return ended;
  }

  function sessionOf(connector: Connector): BitcoinSession {
    if (session && isSessionOf(connector)) return session;
    throw connectorError('NOT_CONNECTED', connector.name);
  }

  async function restore(connector: Connector, network: CaipNetwork) {
    let accounts: BitcoinAccounts | null;
    let driver: BitcoinWalletDriver;
    try {
      driver = await driverFor(connector);
      accounts = await driver.restore(network);
    } catch {
      return null; // a wallet that cannot answer silently has no session to restore
    }
    return accounts ? { connector, result: beginSession(connector, driver, accounts) } : null;
  }

  async function satsOf(address: string, network: CaipNetwork): Promise<bigint> {
    if (!isBitcoinAddress(address, addressFamilyOf(network.caipNetworkId))) throw invalid(`Not a ${network.name} address: ${address}`);
    try {
      const { readAddressBalance } = await import('./esplora/queries.js');
      return await readAddressBalance(network, address);
    } catch (err) {
      throw toLatchError(err, 'RPC_ERROR');
    }
  }

  const capabilities: AdapterCapabilities = {
    balance: {
      async getBalance(address, network) {
        const sats = await satsOf(address, network);
        return { balance: formatUnits(sats, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol };
      },
      // The Tokens tab and the Send form's token: bitcoin itself (no runes, BRC-20 or ordinals here).
      async getTokenBalances(address, network) {
        return [nativeTokenBalance(network, await satsOf(address, network))];
      },
    },
    signMessage: {
      async signMessage({ message, address, connector }) {
        if (typeof message !== 'string') throw invalid('The message to sign must be a string');
        const current = sessionOf(connector);
        const { payment, ordinal } = current.accounts;
        const account = [payment, ordinal].find((candidate) => candidate?.address === address);
        if (!account) throw connectorError('ACCOUNT_NOT_FOUND', `${address} in ${connector.name}`);
        return current.driver.signMessage(account, message, current.accounts);
      },
    },
    send: {
      async sendTransfer(request) {
        assertValidTransfer(request);
        const current = sessionOf(request.connector);
        const { accounts } = current;
        if (request.from !== accounts.payment.address)
          throw invalid(`Transfers are sent from the payment account, ${accounts.payment.address}`);
        if (request.network.caipNetworkId !== accounts.caipNetworkId) throw connectorError('CHAIN_MISMATCH', request.network.caipNetworkId);
        return current.driver.sendTransfer({ accounts, to: request.to, amount: request.amount, network: request.network });
      },
      async estimateFee(request) {
        assertValidTransfer(request);
        try {
          const { estimateTransferFee } = await import('./esplora/feeEstimate.js');
          return await estimateTransferFee(request.network, request.from, request.to, request.amount);
        } catch (err) {
          throw toLatchError(err, 'RPC_ERROR');
        }
      },
    },
  };

  return {
    namespace: 'bip122',
    capabilities,

    setup(adapterContext) {
      context = adapterContext; // kept whole: `context.networks` is live
      return () => {
        endSession();
        context = undefined;
      };
    },

    watchConnectors(onChange) {
      let last: readonly Connector[] | undefined;
      const push = () => {
        const next = discovery.wallets().map(connectorFor);
        if (last && sameConnectors(last, next)) return;
        last = next;
        onChange(next);
      };
      const unsubscribe = discovery.subscribe(push);
      push();
      return unsubscribe;
    },

    async connect(connector, { network }) {
      const driver = await driverFor(connector);
      return beginSession(connector, driver, await driver.connect(network));
    },

    async reconnect(connectorId, { network, connector: given }) {
      // A shared session (WalletConnect, an embedded wallet) hands over its connector; otherwise find the extension.
      if (given) return isSatsConnectProvider(given.provider) || isBitcoinStandardWallet(given.provider) ? restore(given, network) : null;
      const found = await discovery.waitFor(connectorId, options.reconnectTimeoutMs ?? DEFAULT_RECONNECT_TIMEOUT_MS);
      return found ? restore(connectorFor(found), network) : null;
    },

    async disconnect(connector) {
      const current = session && isSessionOf(connector) ? session : undefined;
      const driver = current?.driver;
      endSession();
      if (!driver) return;
      // The session is already over for the dapp; a wallet that fails or never answers must not hold the visitor up.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const answered = Promise.resolve()
        .then(() => driver.disconnect())
        .catch(() => undefined);
      await Promise.race([answered, new Promise((resolve) => (timer = setTimeout(resolve, DISCONNECT_TIMEOUT_MS)))]);
      clearTimeout(timer);
    },

    async switchNetwork(network, connector) {
      const current = sessionOf(connector);
      if (current.driver.switchNetwork) await current.driver.switchNetwork(network);
      const accounts = await current.driver.restore(network).catch(() => null);
      if (accounts?.caipNetworkId === network.caipNetworkId) return current.update(accounts);
      if (!current.driver.switchNetwork) throw chainNotSupported(`${connector.name} has no account on ${network.name}`);
    },

    isAddress: (address) => isBitcoinAddress(address),
  };
}
