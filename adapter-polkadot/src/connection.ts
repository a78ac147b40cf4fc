// What the adapter does once the visitor acts (connect, a silent reconnect, signing, a balance, fee or transfer):
// loaded with `import()`, so the extension protocol, the session, the SS58 writer and the request checks stay out of
// the first load. @polkadot/api is a further chunk (chain/chainClient.ts), loaded only for the chain itself.
import {
  connectorError,
  ERROR_CODES,
  formatUnits,
  LatchError,
  nativeTokenBalance,
  readUntrustedProperty,
  REQUEST_ABORTED_MESSAGE,
} from '@latch/kernel';
import type {
  AdapterEvent,
  Balance,
  CaipNetwork,
  ConnectResult,
  Connector,
  FeeQuote,
  SignMessageRequest,
  MaxSendable,
  TokenBalance,
  TransferOutcome,
  TransferRequest,
  WaitForTransferRequest,
} from '@latch/kernel';
import { isPolkadotAddress } from './address.js';
import { sameAccount } from './addressEncoding.js';
import type { ChainClient } from './chain/chainClient.js';
import type { TransferCallName } from './chain/transferPlan.js';
import { isInjectedEntry, type InjectedExtension } from './discovery/injectedWeb3.js';
import { waitForExtension } from './discovery/waitForExtension.js';
import { enableExtension, type EnabledExtension } from './dapp/enableExtension.js';
import type { ExtensionAccount } from './extension.js';
import { assertPolkadotNetwork, invalid } from './networkChecks.js';
import { startSession, type PolkadotSession } from './session.js';
import { signMessageWithExtension } from './signing.js';

/** The adapter's state and settings, as createPolkadotAdapter hands them to this module. */
export interface AdapterHost {
  readonly appName: string;
  readonly reconnectTimeoutMs: number;
  readonly pollIntervalMs: number;
  /** The well-formed extensions present now. */
  extensions(): readonly InjectedExtension[];
  /** The one Connector object of an extension (the same object while it stays the same). */
  connectorFor(extension: InjectedExtension): Connector;
  session(): PolkadotSession | undefined;
  /** Ends the current session and makes the one `start` returns current; `emit` reports only while it is. */
  adopt(start: (emit: (event: AdapterEvent) => void) => PolkadotSession): PolkadotSession;
  /** The chain client (@polkadot/api), loaded on first use. */
  chain(): Promise<ChainClient>;
  /** What became of each transfer this adapter submitted, by hash, for `waitForTransfer`. */
  readonly submitted: Map<string, Promise<TransferOutcome>>;
}

/** Outcomes kept for `waitForTransfer`; the oldest go first. */
const SUBMITTED_KEPT = 64;

/** web3Enable on the connector's extension alone: it prompts only for a site it has not authorised yet. */
function openExtension(host: AdapterHost, connector: Connector, entry: object): Promise<EnabledExtension> {
  return enableExtension(connector.id, entry, host.appName, connector.name);
}

function begin(host: AdapterHost, connector: Connector, network: CaipNetwork, opened: EnabledExtension): ConnectResult {
  const { injected, accounts, follow } = opened;
  const session = host.adopt((emit) => startSession({ connector, injected, accounts, network, follow, emit }));
  const entries = session.entries();
  return { address: entries[0]!.address, caipNetworkId: network.caipNetworkId, accounts: entries };
}

export async function connect(host: AdapterHost, connector: Connector, network: CaipNetwork): Promise<ConnectResult> {
  const entry = connector.provider;
  if (!isInjectedEntry(entry)) {
    throw new LatchError(`Connector '${connector.id}' has no Polkadot extension`, { category: 'CONNECTOR_ERROR' });
  }
  const opened = await openExtension(host, connector, entry);
  if (opened.accounts.length === 0) {
    opened.close();
    throw new LatchError(`${connector.name} shared no Polkadot account with this site`, {
      category: 'CONNECTOR_ERROR',
      code: ERROR_CODES.UNAUTHORIZED,
    });
  }
  return begin(host, connector, network, opened);
}

/** A silent reconnect: null when the extension is gone, refuses, or shares no account any more. */
export async function reconnect(
  host: AdapterHost,
  connectorId: string,
  network: CaipNetwork,
  given: Connector | undefined,
): Promise<{ connector: Connector; result: ConnectResult } | null> {
  let connector = given;
  if (!connector) {
    const found = await waitForExtension(host.extensions, connectorId, host.reconnectTimeoutMs, host.pollIntervalMs);
    if (!found) return null;
    connector = host.connectorFor(found);
  }
  const entry = connector.provider;
  if (!isInjectedEntry(entry)) return null;
  let opened: EnabledExtension;
  try {
    // The extension remembers the sites it authorised: enable() on one of them answers without a prompt.
    opened = await openExtension(host, connector, entry);
  } catch {
    return null; // refused or revoked in the extension: there is no session to restore
  }
  if (opened.accounts.length === 0) {
    opened.close();
    return null;
  }
  return { connector, result: begin(host, connector, network, opened) };
}

/** The session account a request names (any address format); signing needs the connected extension. */
function sessionAccount(host: AdapterHost, connector: Connector, address: string): { session: PolkadotSession; account: ExtensionAccount } {
  const session = host.session();
  if (!session || session.connector.id !== connector.id) throw connectorError('NOT_CONNECTED', connector.name);
  const account = session.accounts.find((candidate) => sameAccount(candidate.address, address));
  if (!account) throw connectorError('ACCOUNT_NOT_FOUND', `${address} in ${connector.name}`);
  return { session, account };
}

/** `signRaw` by the session account `address` names. */
export function signMessage(host: AdapterHost, { message, address, connector }: SignMessageRequest): Promise<string> {
  if (typeof message !== 'string') throw invalid('The message to sign must be a string');
  const { session, account } = sessionAccount(host, connector, address);
  return signMessageWithExtension(session.injected, account, message, connector.name);
}

/**
 * The node to talk to over WebSocket (subscriptions follow a transfer into a block): `rpcUrls.default.webSocket[0]`,
 * else `http[0]` with its scheme changed, since a Substrate node serves both on one port.
 */
function endpointOf(network: CaipNetwork): string {
  const urls = network.rpcUrls?.default;
  const candidate = urls?.webSocket?.[0] ?? urls?.http?.[0]?.replace(/^http(s?):/i, 'ws$1:');
  if (typeof candidate !== 'string' || !/^wss?:\/\/\S+$/i.test(candidate)) {
    throw invalid(`Network ${network.caipNetworkId} has no WebSocket RPC URL`);
  }
  return candidate;
}

async function freeBalanceOf(host: AdapterHost, address: string, network: CaipNetwork): Promise<bigint> {
  assertPolkadotNetwork(network);
  if (!isPolkadotAddress(address)) throw invalid('Invalid Polkadot address');
  const endpoint = endpointOf(network);
  return (await host.chain()).freeBalance(endpoint, address);
}

export async function balanceOf(host: AdapterHost, address: string, network: CaipNetwork): Promise<Balance> {
  const free = await freeBalanceOf(host, address, network);
  return { balance: formatUnits(free, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol };
}

/** The native currency only: assets-pallet tokens are not listed. */
export async function tokenBalancesOf(host: AdapterHost, address: string, network: CaipNetwork): Promise<TokenBalance[]> {
  return [nativeTokenBalance(network, await freeBalanceOf(host, address, network))];
}

function assertValidTransfer({ from, to, amount, token, network }: TransferRequest): void {
  if (token !== undefined) throw invalid('Only the native currency can be sent on a Polkadot network');
  assertPolkadotNetwork(network);
  if (!isPolkadotAddress(from)) throw invalid('Invalid transfer sender');
  if (!isPolkadotAddress(to)) throw invalid('Invalid transfer receiver');
  if (typeof amount !== 'bigint' || amount <= 0n) throw invalid('Invalid transfer amount: it must be positive');
}

/** The call a quote was made for, when its terms are this adapter's (here, so the plan's chunk stays with @polkadot/api). */
function quotedCall(quote: FeeQuote | undefined): TransferCallName | undefined {
  const call = (quote?.terms as { call?: unknown } | undefined)?.call;
  return call === 'transferKeepAlive' || call === 'transferAllowDeath' ? call : undefined;
}

const currencyOf = (network: CaipNetwork) => ({ symbol: network.nativeCurrency.symbol, decimals: network.nativeCurrency.decimals });

/**
 * From a session account, signed by its extension: `balances.transferKeepAlive`, or `transferAllowDeath` when the
 * amount empties the account (the review warned); refused before the extension when the chain would refuse it.
 * Resolves once the node accepted it; `waitForTransfer` follows it into a block.
 */
export async function sendTransfer(host: AdapterHost, request: TransferRequest): Promise<string> {
  assertValidTransfer(request);
  const { session, account } = sessionAccount(host, request.connector, request.from);
  const endpoint = endpointOf(request.network);
  const signer = readUntrustedProperty(session.injected, 'signer');
  const client = await host.chain();
  const reviewed = quotedCall(request.feeQuote);
  const { hash, outcome } = await client.sendTransfer({
    endpoint,
    from: account.address,
    to: request.to,
    amount: request.amount,
    currency: currencyOf(request.network),
    signer,
    walletName: request.connector.name,
    ...(reviewed ? { reviewed } : {}),
  });
  if (host.submitted.size >= SUBMITTED_KEPT) host.submitted.delete(host.submitted.keys().next().value as string);
  host.submitted.set(hash, outcome);
  return hash;
}

export async function estimateFee(host: AdapterHost, request: TransferRequest): Promise<FeeQuote> {
  assertValidTransfer(request);
  return (await host.chain()).quoteTransfer({
    endpoint: endpointOf(request.network),
    from: request.from,
    to: request.to,
    amount: request.amount,
    currency: currencyOf(request.network),
  });
}

export async function maxSendable(
  host: AdapterHost,
  request: Omit<TransferRequest, 'amount' | 'token' | 'feeQuote'>,
): Promise<MaxSendable> {
  assertValidTransfer({ ...request, amount: 1n });
  return (await host.chain()).maxSendable({
    endpoint: endpointOf(request.network),
    from: request.from,
    currency: currencyOf(request.network),
  });
}

/** The block's verdict on a transfer this adapter submitted: the extrinsic succeeded, or its dispatch error in words. */
export async function waitForTransfer(host: AdapterHost, { hash, signal }: WaitForTransferRequest): Promise<TransferOutcome> {
  const outcome = host.submitted.get(hash);
  if (!outcome) {
    throw new LatchError('This transfer was not submitted from this page: its outcome cannot be followed here', { category: 'RPC_ERROR' });
  }
  if (!signal) return outcome;
  return Promise.race([
    outcome,
    new Promise<never>((_, reject) => {
      const abort = () => reject(new LatchError(REQUEST_ABORTED_MESSAGE, { category: 'RPC_ERROR' }));
      if (signal.aborted) abort();
      else signal.addEventListener('abort', abort, { once: true });
    }),
  ]);
}
