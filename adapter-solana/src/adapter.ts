import {
  ADDRESS_CACHE_MAX_ENTRIES,
  BALANCE_CACHE_TTL_MS,
  LatchError,
  connectorError,
  createTtlCache,
  filterTokenBalances,
  formatUnits,
  readUntrustedProperty,
  retryableImport,
  toLatchError,
  watchConnectorList,
} from '@latch/kernel';
import type {
  AdapterCapabilities,
  AdapterContext,
  CaipNetwork,
  ChainAdapter,
  Connector,
  TokenBalance,
  TransferRequest,
} from '@latch/kernel';
import { getWallets as getStandardWallets, type Wallets } from '@wallet-standard/app';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import type { SolanaSignInInput } from '@solana/wallet-standard-features';
import { walletChainFor } from './chains.js';
import type { WalletSession } from './connection.js';
import { CONNECTOR_ID_PREFIX, DEFAULT_RECONNECT_TIMEOUT_MS, DISCONNECT_TIMEOUT_MS } from './constants.js';
import { createWalletConnector, createWalletStandardDiscovery, type SolanaWallet } from './discovery/walletStandard.js';
import type { NetworkRpc, SolanaRpcOptions } from './rpc/client.js';
import type { SolanaSignInResult } from './signing.js';
import type { SolanaTokenConfig } from './tokens.js';
import { hasFeature, readFeature, readStringList, solanaAccounts } from './walletFeatures.js';
import { isSolanaAddress } from './address.js';

export interface SolanaAdapterOptions {
  /** Networks come from the kernel (`setup`), never from here. */
  networks?: never;
  /** SPL tokens whose balances are shown, per network; without an entry, every non-zero holding is shown. */
  tokens?: SolanaTokenConfig;
  /** The Wallet Standard registry; @wallet-standard/app's `getWallets` by default, first called when watching. */
  getWallets?: () => Wallets;
  /** How long a silent reconnect waits for the stored wallet to register. */
  reconnectTimeoutMs?: number;
  /**
   * `send.waitForTransfer`: how often the signature status is read (`pollIntervalMs`, 500), how often the
   * block height is checked for expiry (`heightCheckIntervalMs`, 2 000) and the backstop (`timeoutMs`, 90 000).
   */
  waitForTransfer?: { pollIntervalMs?: number; heightCheckIntervalMs?: number; timeoutMs?: number };
  /** How reads reach the network's nodes: timeout and retries with back-off (defaults: 10 s, 3 from 150 ms). */
  rpc?: SolanaRpcOptions;
}

type Connection = typeof import('./connection.js');

// The connection code loads on the visitor's first connect. After its fetch failed, the next try fetches it anew (the
// browser keeps a failed module for its URL; the kernel's retryableImport says how).
const connectionCode = /* @__PURE__ */ retryableImport(() => import('./connection.js'));
// The same for the code each capability loads when first used (reads, signing, sending, activity).
const walletErrorsCode = /* @__PURE__ */ retryableImport(() => import('./walletErrors.js'));
const rpcClientCode = /* @__PURE__ */ retryableImport(() => import('./rpc/client.js'));
const signingCode = /* @__PURE__ */ retryableImport(() => import('./signing.js'));
const balancesCode = /* @__PURE__ */ retryableImport(() => import('./rpc/balances.js'));
const submitTransferCode = /* @__PURE__ */ retryableImport(() => import('./rpc/submitTransfer.js'));
const transferCode = /* @__PURE__ */ retryableImport(() => import('./rpc/transfer.js'));
const transferStatusCode = /* @__PURE__ */ retryableImport(() => import('./rpc/transferStatus.js'));
const transactionPageCode = /* @__PURE__ */ retryableImport(() => import('./activity/transactionPage.js'));

export const SOLANA_SIGN_IN_CAPABILITY = 'solana:signIn';

/** Present in `capabilities` while the connected wallet supports Sign In With Solana. */
export interface SolanaSignInCapability {
  signIn(input?: SolanaSignInInput): Promise<SolanaSignInResult>;
}

/** Checked before anything reaches the wallet: a malformed address there would be signed as given. */
function assertValidTransfer({ from, to, token, amount }: TransferRequest): void {
  const invalidField = (): string | undefined => {
    if (!isSolanaAddress(from)) return 'sender';
    if (!isSolanaAddress(to)) return 'receiver';
    if (token !== undefined && !isSolanaAddress(token)) return 'token';
    return typeof amount !== 'bigint' || amount < 0n ? 'amount' : undefined;
  };
  const field = invalidField();
  if (field) throw new LatchError(`Invalid transfer ${field}`, { category: 'VALIDATION_ERROR' });
}

function assertValidAddress(address: string): void {
  if (!isSolanaAddress(address)) throw new LatchError('Invalid Solana address', { category: 'VALIDATION_ERROR' });
}

/** The solana ChainAdapter: Wallet Standard discovery, connect and events; @solana/kit loads on first read or send. */
// long: first-load code (in every app with the adapter); moving only its capabilities to a module function over a host object measured +91 B gzip on latch-five's first load (and left it at 164 lines), and that budget has 2 B left
export function createSolanaAdapter(options: SolanaAdapterOptions = {}): ChainAdapter {
  for (const [name, value] of Object.entries(options.waitForTransfer ?? {})) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      throw new LatchError(`Invalid waitForTransfer.${name}: expected a positive number of milliseconds`, { category: 'VALIDATION_ERROR' });
    }
  }
  let context: AdapterContext | undefined;
  let session: (WalletSession & { followsRegistration: boolean }) | undefined;
  const discovery = createWalletStandardDiscovery(options.getWallets ?? getStandardWallets, () => context?.networks ?? []);
  const connectors = new WeakMap<Wallet, Connector>();
  const tokenCache = createTtlCache<TokenBalance[]>({ ttlMs: BALANCE_CACHE_TTL_MS, maxEntries: ADDRESS_CACHE_MAX_ENTRIES });
  const rpcs = new Map<string, Promise<NetworkRpc>>();

  function connectorFor(entry: SolanaWallet): Connector {
    let connector = connectors.get(entry.wallet);
    if (!connector) connectors.set(entry.wallet, (connector = createWalletConnector(entry)));
    return connector;
  }

  function walletOf(connector: Connector): Wallet {
    if (session?.connector.id === connector.id) return session.wallet;
    if (hasFeature(connector.provider, 'standard:connect')) return connector.provider as Wallet;
    throw new LatchError(`Connector '${connector.id}' has no Wallet Standard wallet`, { category: 'CONNECTOR_ERROR' });
  }

  function accountOf(connector: Connector, wallet: Wallet, address: string): WalletAccount {
    const accounts = session?.wallet === wallet ? session.accounts : solanaAccounts(readUntrustedProperty(wallet, 'accounts'));
    const account = accounts.find((candidate) => candidate.address === address);
    if (!account) throw connectorError('ACCOUNT_NOT_FOUND', `${address} in ${connector.name}`);
    return account;
  }

  // The refusal and the connection code load when used: with them, the kernel's error-code table (errors/codes.ts) was
  // on the first load of every page with this adapter (1.3 kB gzip on latch-five), and the bundler split the kernel's
  // module with LatchError (primitives) out of the entry script.
  async function chainOf(wallet: Wallet, network: CaipNetwork): Promise<`solana:${string}`> {
    const chain = walletChainFor(readStringList(wallet, 'chains'), network);
    if (!chain) throw (await walletErrorsCode()).chainNotSupported();
    return chain;
  }

  function beginSession(connection: Connection, connector: Connector, wallet: Wallet, accounts: readonly WalletAccount[]): void {
    session?.end();
    const current = Object.assign(
      connection.startSession(connector, wallet, accounts, (event) => {
        if (event.type === 'disconnected' && session === current) session = undefined;
        context?.emit(event);
      }),
      { followsRegistration: discovery.isRegistered(wallet) },
    );
    session = current;
  }

  function endSession(): WalletSession | undefined {
    const ended = session;
    ended?.end();
    session = undefined;
    return ended;
  }

  function rpcFor(network: CaipNetwork): Promise<NetworkRpc> {
    const key = `${network.caipNetworkId}|${network.rpcUrls.default.http.join(',')}`;
    let rpc = rpcs.get(key);
    if (!rpc) {
      rpc = rpcClientCode().then((client) => client.createNetworkRpc(network, options.rpc));
      rpcs.set(key, rpc);
      rpc.catch(() => rpcs.delete(key));
    }
    return rpc;
  }

  const signIn: SolanaSignInCapability = {
    async signIn(input = {}) {
      const current = session;
      if (!current) throw connectorError('NOT_CONNECTED');
      const signing = await signingCode();
      return signing.signInWithWallet(current.wallet, current.connector.name, input);
    },
  };

  const baseCapabilities: AdapterCapabilities = {
    balance: {
      async getBalance(address, network) {
        assertValidAddress(address);
        try {
          const [rpc, balances] = await Promise.all([rpcFor(network), balancesCode()]);
          const lamports = await balances.readLamports(rpc, address);
          return { balance: formatUnits(lamports, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol };
        } catch (err) {
          throw toLatchError(err, 'RPC_ERROR');
        }
      },
      async getTokenBalances(address, network) {
        assertValidAddress(address);
        const key = `${network.caipNetworkId}:${address}`;
        const cached = tokenCache.get(key);
        if (cached) return cached.map((balance) => ({ ...balance, quantity: { ...balance.quantity } }));
        try {
          const [rpc, balances] = await Promise.all([rpcFor(network), balancesCode()]);
          const list = filterTokenBalances(await balances.readTokenBalances(rpc, address, network, options.tokens));
          tokenCache.set(key, list);
          return list.map((balance) => ({ ...balance, quantity: { ...balance.quantity } }));
        } catch (err) {
          throw toLatchError(err, 'RPC_ERROR');
        }
      },
    },
    signMessage: {
      async signMessage({ message, address, connector }) {
        const wallet = walletOf(connector);
        const account = accountOf(connector, wallet, address);
        const signing = await signingCode();
        return signing.signMessageWithWallet(wallet, connector.name, account, message);
      },
    },
    send: {
      async sendTransfer(request) {
        assertValidTransfer(request);
        const wallet = walletOf(request.connector);
        const account = accountOf(request.connector, wallet, request.from);
        const chain = await chainOf(wallet, request.network);
        const [rpc, transfer] = await Promise.all([rpcFor(request.network), submitTransferCode()]);
        const signature = await transfer.sendTransferThroughWallet({ rpc, wallet, account, chain, request });
        // The cached lists of both sides are now wrong.
        for (const owner of [request.from, request.to]) tokenCache.delete(`${request.network.caipNetworkId}:${owner}`);
        return signature;
      },
      async estimateFee(request) {
        assertValidTransfer(request);
        try {
          const [rpc, transfer] = await Promise.all([rpcFor(request.network), transferCode()]);
          return { fee: await transfer.estimateTransferFee(rpc, request) };
        } catch (err) {
          throw toLatchError(err, 'RPC_ERROR');
        }
      },
      async waitForTransfer({ hash, network, signal }) {
        const [rpc, status] = await Promise.all([rpcFor(network), transferStatusCode()]);
        return status.waitForTransferOutcome(rpc, hash, { ...options.waitForTransfer, ...(signal ? { signal } : {}) });
      },
    },
    activity: {
      async getTransactions(request) {
        assertValidAddress(request.address);
        const [rpc, history] = await Promise.all([rpcFor(request.network), transactionPageCode()]);
        return history.readTransactionPage(rpc, request, options.tokens);
      },
    },
  };

  return {
    namespace: 'solana',

    // Wallet Standard features belong to a wallet, so sign-in is declared only while the connected wallet has it.
    get capabilities(): AdapterCapabilities {
      const wallet = session?.wallet;
      return wallet && readFeature(wallet, 'solana:signIn')
        ? { ...baseCapabilities, [SOLANA_SIGN_IN_CAPABILITY]: signIn }
        : baseCapabilities;
    },

    setup(adapterContext) {
      context = adapterContext;
      return () => {
        endSession();
        context = undefined;
      };
    },

    watchConnectors(onChange) {
      const listWallets = () => {
        // A connected wallet that unregistered is gone: its session ends with it.
        if (session?.followsRegistration && !discovery.isRegistered(session.wallet)) {
          endSession();
          context?.emit({ type: 'disconnected' });
        }
        return discovery.wallets().map(connectorFor);
      };
      return watchConnectorList((changed) => discovery.subscribe(changed), listWallets, onChange);
    },

    async connect(connector, { network }) {
      const wallet = walletOf(connector);
      const connection = await connectionCode();
      const accounts = await connection.requestAccounts(wallet, connector, { silent: false });
      const result = connection.toConnectResult(accounts, network, connector);
      beginSession(connection, connector, wallet, accounts);
      return result;
    },

    async reconnect(connectorId, { network, connector: given }) {
      // A shared session (WalletConnect, an embedded wallet) hands over its connector; otherwise find the extension.
      let connector = given;
      if (!connector) {
        if (!connectorId.startsWith(CONNECTOR_ID_PREFIX)) return null;
        const found = await discovery.waitFor(
          connectorId.slice(CONNECTOR_ID_PREFIX.length),
          options.reconnectTimeoutMs ?? DEFAULT_RECONNECT_TIMEOUT_MS,
        );
        if (!found) return null;
        connector = connectorFor(found);
      }
      const wallet = walletOf(connector);
      const connection = await connectionCode();
      let accounts: WalletAccount[];
      try {
        accounts = await connection.requestAccounts(wallet, connector, { silent: true });
      } catch {
        return null; // wallets answer a silent connect they will not grant by throwing: there is just no session to restore
      }
      if (accounts.length === 0) return null;
      beginSession(connection, connector, wallet, accounts);
      return { connector, result: connection.toConnectResult(accounts, network, connector) };
    },

    async disconnect(connector) {
      const ended = endSession();
      const wallet = ended?.connector.id === connector.id ? ended.wallet : connector.provider;
      const feature = readFeature(wallet, 'standard:disconnect');
      if (!feature) return;
      // The session is already over for us; a wallet that fails or never answers must not hold the visitor up.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const answered = Promise.resolve()
        .then(() => feature.disconnect())
        .catch(() => undefined);
      await Promise.race([answered, new Promise((resolve) => (timer = setTimeout(resolve, DISCONNECT_TIMEOUT_MS)))]);
      clearTimeout(timer);
    },

    async switchNetwork(network, connector) {
      // The switch itself is app-side (a Solana wallet has no active network); this only refuses one the wallet lacks.
      await chainOf(walletOf(connector), network);
    },

    isAddress: isSolanaAddress,
  };
}
