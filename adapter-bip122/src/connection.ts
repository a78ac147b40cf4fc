/*
 * Everything the adapter does once the visitor acts: loading a wallet's driver, connecting and restoring, the session
 * and its events, disconnecting, switching networks, balances, signing and sending. Loaded on first use (adapter.ts).
 */
import { LatchError, connectorError, formatUnits, nativeTokenBalance, retryableImport, toLatchError } from '@latch/kernel';
import type {
  AdapterEvent,
  Balance,
  CaipNetwork,
  ConnectOptions,
  ConnectResult,
  Connector,
  ReconnectOptions,
  SignMessageRequest,
  TokenBalance,
  TransferRequest,
  FeeQuote,
  MaxSendable,
} from '@latch/kernel';
import { bitcoinAddressType, isBitcoinAddress } from './address/bitcoinAddress.js';
import type { EsploraNetwork, EsploraTransportOptions } from './esplora/client.js';
import { addressFamilyOf } from './address/networkFamily.js';
import { DEFAULT_RECONNECT_TIMEOUT_MS, DISCONNECT_TIMEOUT_MS } from './constants.js';
import type { BitcoinWalletDiscovery, BitcoinWalletEntry } from './discovery/discovery.js';
import { isSatsConnectProvider } from './discovery/satsConnectProviders.js';
import { isBitcoinStandardWallet } from './discovery/standardWallets.js';
import { waitForWallet } from './discovery/waitFor.js';
import { startBitcoinSession, type BitcoinSession } from './session.js';
import { assertValidTransfer } from './transferRequest.js';
import { chainNotSupported, invalid } from './walletErrors.js';
import { accountEntries, type BitcoinAccounts, type BitcoinWalletDriver } from './wallets/types.js';

/** The adapter's state and methods after the visitor acts; one per adapter. */
export interface BitcoinConnections {
  connect(connector: Connector, options: ConnectOptions): Promise<ConnectResult>;
  /** The ChainAdapter's silent reconnect: the stored wallet's session, or null when it has none to give without a prompt. */
  reconnect(connectorId: string, options: ReconnectOptions): Promise<{ connector: Connector; result: ConnectResult } | null>;
  disconnect(connector: Connector): Promise<void>;
  switchNetwork(network: CaipNetwork, connector: Connector): Promise<void>;
  getBalance(address: string, network: CaipNetwork): Promise<Balance>;
  getTokenBalances(address: string, network: CaipNetwork): Promise<TokenBalance[]>;
  signMessage(request: SignMessageRequest): Promise<string>;
  sendTransfer(request: TransferRequest): Promise<string>;
  estimateFee(request: TransferRequest): Promise<FeeQuote>;
  maxSendable(request: Omit<TransferRequest, 'amount' | 'token' | 'feeQuote'>): Promise<MaxSendable>;
  /** Ends the session without telling the wallet (the adapter's teardown). */
  end(): void;
}

// Each kind of wallet's driver loads on its first connect; after its fetch failed, the next try fetches it anew.
const standardDriver = retryableImport(() => import('./wallets/standard/driver.js'));
const satsConnectDriver = retryableImport(() => import('./wallets/satsConnect/driver.js'));
// The coin selection and the Esplora reads likewise, on first use.
const coinSelectionCode = retryableImport(() => import('./wallets/coinSelection.js'));
const esploraQueriesCode = retryableImport(() => import('./esplora/queries.js'));

/** Loads the driver of a connector's wallet on first use: sats-connect or Bitcoin Wallet Standard. */
async function loadDriver(connector: Connector): Promise<BitcoinWalletDriver> {
  const { provider } = connector;
  if (isBitcoinStandardWallet(provider)) return (await standardDriver()).createStandardDriver(provider, connector.name);
  if (isSatsConnectProvider(provider)) return (await satsConnectDriver()).createSatsConnectDriver(provider, connector.name);
  throw new LatchError(`Connector '${connector.id}' has no Bitcoin wallet`, { category: 'CONNECTOR_ERROR' });
}

/** What the connection code needs from the adapter's first-load half. */
export interface BitcoinConnectionsDeps {
  emit(event: AdapterEvent): void;
  discovery: BitcoinWalletDiscovery;
  /** The adapter's connector of a discovered wallet (the same object watchConnectors lists). */
  connectorFor(entry: BitcoinWalletEntry): Connector;
  reconnectTimeoutMs?: number;
  /** The Esplora transport options (timeout, retries) every read of this adapter uses. */
  rpc?: EsploraTransportOptions;
}

/** One adapter's connections: its deps, the live session, each wallet's driver once loaded. */
interface ConnectionsState {
  readonly deps: BitcoinConnectionsDeps;
  session?: BitcoinSession;
  readonly drivers: WeakMap<object, Promise<BitcoinWalletDriver>>;
}

/** The network as the Esplora reads get it: with this adapter's transport options. */
const withTransport = ({ deps: { rpc } }: ConnectionsState, network: CaipNetwork): EsploraNetwork =>
  rpc ? { ...network, esploraTransport: rpc } : network;

/** The session of this connector: same id and same wallet object (a kernel's copy of the connector is fine). */
const isSessionOf = ({ session }: ConnectionsState, connector: Connector) =>
  session?.connector.id === connector.id && session.connector.provider === connector.provider;

function driverFor(state: ConnectionsState, connector: Connector): Promise<BitcoinWalletDriver> {
  if (state.session && isSessionOf(state, connector)) return Promise.resolve(state.session.driver);
  const provider = connector.provider;
  if (typeof provider !== 'object' || provider === null) return loadDriver(connector);
  const { drivers } = state;
  let driver = drivers.get(provider);
  if (!driver) {
    drivers.set(provider, (driver = loadDriver(connector)));
    driver.catch(() => drivers.delete(provider));
  }
  return driver;
}

function beginSession(
  state: ConnectionsState,
  connector: Connector,
  driver: BitcoinWalletDriver,
  accounts: BitcoinAccounts,
): ConnectResult {
  state.session?.end();
  const current = startBitcoinSession(connector, driver, accounts, (event) => {
    if (event.type === 'disconnected' && state.session === current) state.session = undefined;
    state.deps.emit(event);
  });
  state.session = current;
  return { address: accounts.payment.address, caipNetworkId: accounts.caipNetworkId, accounts: accountEntries(accounts) };
}

function endSession(state: ConnectionsState): BitcoinSession | undefined {
  const ended = state.session;
  ended?.end();
  state.session = undefined;
  return ended;
}

function sessionOf(state: ConnectionsState, connector: Connector): BitcoinSession {
  if (state.session && isSessionOf(state, connector)) return state.session;
  throw connectorError('NOT_CONNECTED', connector.name);
}

async function restore(state: ConnectionsState, connector: Connector, network: CaipNetwork) {
  let accounts: BitcoinAccounts | null;
  let driver: BitcoinWalletDriver;
  try {
    driver = await driverFor(state, connector);
    accounts = await driver.restore(network);
  } catch {
    return null; // a wallet that cannot answer silently has no session to restore
  }
  return accounts ? { connector, result: beginSession(state, connector, driver, accounts) } : null;
}

/** The payment as the wallet will build it from the sender's coins (the session's account, with its public key, when it is the sender). */
async function planned(state: ConnectionsState, request: Pick<TransferRequest, 'from' | 'to' | 'network'>, amount: bigint | 'all') {
  const { session } = state;
  const payment = session?.accounts.payment.address === request.from ? session.accounts.payment : undefined;
  const type = bitcoinAddressType(request.from) ?? 'p2wpkh';
  try {
    const { planPayment } = await coinSelectionCode();
    const network = { ...withTransport(state, request.network), family: addressFamilyOf(request.network.caipNetworkId) };
    return await planPayment(network, payment ?? { address: request.from, type }, request.to, amount);
  } catch (err) {
    throw toLatchError(err, 'RPC_ERROR');
  }
}

async function satsOf(state: ConnectionsState, address: string, network: CaipNetwork): Promise<bigint> {
  if (!isBitcoinAddress(address, addressFamilyOf(network.caipNetworkId))) throw invalid(`Not a ${network.name} address: ${address}`);
  try {
    const { readAddressBalance } = await esploraQueriesCode();
    return await readAddressBalance(withTransport(state, network), address);
  } catch (err) {
    throw toLatchError(err, 'RPC_ERROR');
  }
}

async function disconnect(state: ConnectionsState, connector: Connector) {
  const current = state.session && isSessionOf(state, connector) ? state.session : undefined;
  const driver = current?.driver;
  endSession(state);
  if (!driver) return;
  // The session is already over for the dapp; a wallet that fails or never answers must not hold the visitor up.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const answered = Promise.resolve()
    .then(() => driver.disconnect())
    .catch(() => undefined);
  await Promise.race([answered, new Promise((resolve) => (timer = setTimeout(resolve, DISCONNECT_TIMEOUT_MS)))]);
  clearTimeout(timer);
}

async function switchNetwork(state: ConnectionsState, network: CaipNetwork, connector: Connector) {
  const current = sessionOf(state, connector);
  if (current.driver.switchNetwork) await current.driver.switchNetwork(network);
  const accounts = await current.driver.restore(network).catch(() => null);
  if (accounts?.caipNetworkId === network.caipNetworkId) return current.update(accounts);
  if (!current.driver.switchNetwork) throw chainNotSupported(`${connector.name} has no account on ${network.name}`);
}

async function signMessage(state: ConnectionsState, { message, address, connector }: SignMessageRequest) {
  if (typeof message !== 'string') throw invalid('The message to sign must be a string');
  const current = sessionOf(state, connector);
  const { payment, ordinal } = current.accounts;
  const account = [payment, ordinal].find((candidate) => candidate?.address === address);
  if (!account) throw connectorError('ACCOUNT_NOT_FOUND', `${address} in ${connector.name}`);
  return current.driver.signMessage(account, message, current.accounts);
}

async function sendTransfer(state: ConnectionsState, request: TransferRequest) {
  assertValidTransfer(request);
  const current = sessionOf(state, request.connector);
  const { accounts } = current;
  if (request.from !== accounts.payment.address) throw invalid(`Transfers are sent from the payment account, ${accounts.payment.address}`);
  if (request.network.caipNetworkId !== accounts.caipNetworkId) throw connectorError('CHAIN_MISMATCH', request.network.caipNetworkId);
  const { quotedFeeRate } = await coinSelectionCode();
  const feeRate = quotedFeeRate(request.feeQuote);
  return current.driver.sendTransfer({
    accounts,
    to: request.to,
    amount: request.amount,
    network: withTransport(state, request.network),
    ...(feeRate ? { feeRate } : {}),
  });
}

export function createBitcoinConnections(deps: BitcoinConnectionsDeps): BitcoinConnections {
  const state: ConnectionsState = { deps, drivers: new WeakMap() };
  return {
    async connect(connector, { network }) {
      const driver = await driverFor(state, connector);
      return beginSession(state, connector, driver, await driver.connect(network));
    },

    async reconnect(connectorId, { network, connector: given }) {
      // A shared session (WalletConnect, an embedded wallet) hands over its connector; otherwise find the extension.
      if (given)
        return isSatsConnectProvider(given.provider) || isBitcoinStandardWallet(given.provider) ? restore(state, given, network) : null;
      const found = await waitForWallet(deps.discovery, connectorId, deps.reconnectTimeoutMs ?? DEFAULT_RECONNECT_TIMEOUT_MS);
      return found ? restore(state, deps.connectorFor(found), network) : null;
    },

    disconnect: (connector) => disconnect(state, connector),
    switchNetwork: (network, connector) => switchNetwork(state, network, connector),

    async getBalance(address, network) {
      const sats = await satsOf(state, address, network);
      return { balance: formatUnits(sats, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol };
    },

    // The Tokens tab and the Send form's token: bitcoin itself (no runes, BRC-20 or ordinals here).
    async getTokenBalances(address, network) {
      return [nativeTokenBalance(network, await satsOf(state, address, network))];
    },

    signMessage: (request) => signMessage(state, request),
    sendTransfer: (request) => sendTransfer(state, request),

    async estimateFee(request) {
      assertValidTransfer(request);
      const plan = await planned(state, request, request.amount);
      return { fee: plan.fee, terms: { feeRate: plan.feeRate } };
    },

    async maxSendable(request) {
      assertValidTransfer({ ...request, amount: 1n });
      // Every coin to the receiver, no change output: the most a payment from this account can carry.
      const plan = await planned(state, request, 'all');
      return { amount: plan.amount, fee: { fee: plan.fee, terms: { feeRate: plan.feeRate, sweep: true } } };
    },

    end() {
      endSession(state);
    },
  };
}
