import { connectorError, formatUnits, LatchError, parseCaipNetworkId, toLatchError, watchConnectorList } from '@latch/kernel';
import type { AdapterContext, CaipNetwork, ChainAdapter, ConnectResult, Connector, TransferRequest } from '@latch/kernel';
import { isToyAddress } from './address.js';
import { createToyWalletDiscovery, isToyWalletProvider, type AnnouncedToyWallet } from './discovery.js';
import { isSignatureHex, TOY_NAMESPACE } from './protocol.js';
import { toyRpcRequest } from './rpcClient.js';
import { startToySession, toConnectResult, type ToySession } from './session.js';
import type { ToyWalletProvider } from './walletTypes.js';

export interface ToyAdapterOptions {
  /** Where toy wallets announce themselves; `window` by default (read lazily, so it is SSR-safe). */
  target?: EventTarget;
  /** How long a silent reconnect waits for the stored wallet's announcement (1 s by default). */
  reconnectTimeoutMs?: number;
}

const DEFAULT_RECONNECT_TIMEOUT_MS = 1_000;

function defaultTarget(): EventTarget | undefined {
  return typeof window === 'undefined' ? undefined : window;
}

function walletOf(connector: Connector): ToyWalletProvider {
  if (isToyWalletProvider(connector.provider)) return connector.provider;
  throw new LatchError(`Connector '${connector.id}' has no toy wallet`, { category: 'CONNECTOR_ERROR' });
}

function connectorOf({ info, wallet }: AnnouncedToyWallet): Connector {
  return { id: info.id, name: info.name, icon: info.icon, type: 'ANNOUNCED', chain: TOY_NAMESPACE, installed: true, provider: wallet };
}

/** Runs a wallet call; whatever it throws becomes a LatchError that keeps the wallet's code (4001 stays a user rejection). */
async function walletCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw toLatchError(err, 'CONNECTOR_ERROR');
  }
}

const invalid = (message: string) => new LatchError(message, { category: 'VALIDATION_ERROR' });

function rpcUrlOf(network: CaipNetwork): string {
  const rpcUrl = network.rpcUrls.default.http[0];
  if (!rpcUrl) throw invalid(`Network ${network.caipNetworkId} has no RPC URL`);
  return rpcUrl;
}

/** The account the wallet grants now; the one a request names must be it (the wallet signs with that key only). */
async function assertAccount(wallet: ToyWalletProvider, address: string, network?: CaipNetwork): Promise<void> {
  const account = await walletCall(() => wallet.getAccount());
  if (account === null) throw connectorError('NOT_CONNECTED', 'the toy wallet has not authorised this site');
  const { address: granted, caipNetworkId } = toConnectResult(account);
  if (granted !== address) throw connectorError('ACCOUNT_NOT_FOUND', address);
  if (network && caipNetworkId !== network.caipNetworkId) throw connectorError('CHAIN_MISMATCH', network.caipNetworkId);
}

function assertValidTransfer({ from, to, amount, token, network }: TransferRequest): void {
  if (token !== undefined) throw invalid('The toy chain has no tokens: only the native TOY can be sent');
  if (parseCaipNetworkId(network.caipNetworkId)?.namespace !== TOY_NAMESPACE) throw invalid(`Not a toy network: ${network.caipNetworkId}`);
  if (!isToyAddress(from)) throw invalid('Invalid transfer sender');
  if (!isToyAddress(to)) throw invalid('Invalid transfer receiver');
  if (typeof amount !== 'bigint' || amount <= 0n) throw invalid('Invalid transfer amount: it must be positive');
}

/**
 * The `toy` ChainAdapter, written against `@latch/kernel`'s public API only: discovery by the toy handshake,
 * connect, silent reconnect, wallet events, balance, signing and native transfers. Browser-safe.
 */
export function createToyAdapter(options: ToyAdapterOptions = {}): ChainAdapter {
  const getTarget = () => options.target ?? defaultTarget();
  const discovery = createToyWalletDiscovery(getTarget);
  const connectors = new WeakMap<ToyWalletProvider, Connector>();
  let context: AdapterContext | undefined;
  let session: ToySession | undefined;

  function connectorFor(announced: AnnouncedToyWallet): Connector {
    let connector = connectors.get(announced.wallet);
    if (!connector || connector.name !== announced.info.name || connector.icon !== announced.info.icon) {
      connectors.set(announced.wallet, (connector = connectorOf(announced)));
    }
    return connector;
  }

  function beginSession(connector: Connector, wallet: ToyWalletProvider): void {
    session?.end();
    const current = startToySession(connector, wallet, (event) => {
      if (event.type === 'disconnected' && session === current) session = undefined;
      context?.emit(event);
    });
    session = current;
  }

  function endSession(): ToySession | undefined {
    const ended = session;
    ended?.end();
    session = undefined;
    return ended;
  }

  async function restore(connector: Connector): Promise<{ connector: Connector; result: ConnectResult } | null> {
    const wallet = walletOf(connector);
    const account = await walletCall(() => wallet.getAccount());
    if (account === null) return null;
    const result = toConnectResult(account);
    beginSession(connector, wallet);
    return { connector, result };
  }

  return {
    namespace: TOY_NAMESPACE,

    setup(adapterContext) {
      context = adapterContext; // kept whole: `context.networks` is live, so it is read when needed, never copied
      return () => {
        endSession();
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

    async connect(connector) {
      const wallet = walletOf(connector);
      const result = toConnectResult(await walletCall(() => wallet.connect()));
      beginSession(connector, wallet);
      return result;
    },

    async reconnect(connectorId: string, reconnectOptions: { network: CaipNetwork; connector?: Connector }) {
      // A connector the kernel already holds (a shared session) is restored on; one without a toy wallet has nothing here.
      if (reconnectOptions.connector)
        return isToyWalletProvider(reconnectOptions.connector.provider) ? restore(reconnectOptions.connector) : null;
      const announced = await discovery.waitFor(connectorId, options.reconnectTimeoutMs ?? DEFAULT_RECONNECT_TIMEOUT_MS);
      return announced ? restore(connectorFor(announced)) : null;
    },

    async disconnect(connector) {
      const ended = endSession();
      const wallet =
        ended?.connector.id === connector.id ? ended.wallet : isToyWalletProvider(connector.provider) ? connector.provider : undefined;
      // Telling the wallet is a courtesy: the session is already over for the dapp.
      if (wallet) await walletCall(() => wallet.disconnect()).catch(() => undefined);
    },

    isAddress: isToyAddress,

    capabilities: {
      balance: {
        async getBalance(address, network) {
          if (!isToyAddress(address)) throw invalid(`Not a toy address: ${address}`);
          try {
            const balance = await toyRpcRequest(rpcUrlOf(network), 'toy_getBalance', [address]);
            if (typeof balance !== 'string' || !/^[0-9]+$/.test(balance))
              throw new Error(`Malformed toy_getBalance answer: ${String(balance)}`);
            return { balance: formatUnits(BigInt(balance), network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol };
          } catch (err) {
            throw toLatchError(err, 'RPC_ERROR');
          }
        },
      },
      signMessage: {
        async signMessage({ message, address, connector }) {
          const wallet = walletOf(connector);
          await assertAccount(wallet, address);
          const signature = await walletCall(() => wallet.signMessage(message));
          if (!isSignatureHex(signature))
            throw new LatchError('The toy wallet answered a malformed signature', { category: 'CONNECTOR_ERROR' });
          return signature;
        },
      },
      send: {
        async sendTransfer(request) {
          assertValidTransfer(request);
          const wallet = walletOf(request.connector);
          await assertAccount(wallet, request.from, request.network);
          const hash = await walletCall(() => wallet.sendTransfer({ to: request.to, amount: request.amount.toString() }));
          if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/i.test(hash)) {
            throw new LatchError('The toy wallet answered a malformed transaction hash', { category: 'CONNECTOR_ERROR' });
          }
          return hash;
        },
      },
    },
  };
}
