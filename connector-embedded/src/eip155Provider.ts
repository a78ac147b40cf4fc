import { type CaipNetwork, retryableImport } from '@latch/kernel';
import { ProviderRpcError } from './errors.js';
import { jsonRpc } from './jsonRpc.js';
import type { EmbeddedSmartAccount } from './smartAccount.js';

// The smart account's code loads on first use; after a failed fetch the next use fetches it anew (the kernel's
// retryableImport says why), where the browser would answer the same import with its kept failure.
const smartAccountCode = /* @__PURE__ */ retryableImport(() => import('./smartAccount.js'));

/*
 * The EIP-1193 provider the eip155 adapter drives. Reads go to the network's own RPC; a key-using request goes
 * to the frame, which shows it to the visitor in its own approval page and signs only what they approved there;
 * sends are filled and broadcast here, the frame never reaches a chain (PROTOCOL §2).
 */

/** The integrator's smart-account set-up for the session (`smartAccount` on the connector). */
export interface SmartAccountSupport {
  /** Bundler URL per eip155 chain id: the chains where the smart account is offered. */
  readonly bundlerUrls: Readonly<Record<number, string>>;
  /** ERC-7677 paymaster service per chain id: gas sponsored there. */
  readonly paymasterUrls?: Readonly<Record<number, string>>;
  /** The account factory (default: LatchSmartAccountFactory). */
  readonly factory?: `0x${string}`;
  /** The type the session starts with. */
  readonly active: 'eoa' | 'smartAccount';
  /** The modal's `smartSessions` feature: ERC-7715 permissions (session keys) on the smart account. */
  readonly sessions?: boolean;
}

/** ERC-7715 session methods (a disconnect's `wallet_revokePermissions` names no session and is answered as before). */
const SESSION_METHODS = new Set(['wallet_grantPermissions', 'wallet_revokePermissions', 'latch_getPermissions']);

export interface ProviderDeps {
  /** A request to the frame; a key-using one resolves once the visitor approved and the frame signed it. */
  rpc(method: string, params: unknown, namespace: 'eip155' | 'solana', chainId: string | number): Promise<unknown>;
  /** A method the wallet does not answer was asked for: the visitor is told ('Action not allowed'). */
  refused?(method: string): void;
}

/** §6: what the caller reads (with EIP-1193 4200) when the embedded wallet does not answer a method. */
export const NOT_ALLOWED = 'Requested RPC call is not allowed';

type Listener = (...args: unknown[]) => void;

export interface EmbeddedEip155Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on(event: string, listener: Listener): void;
  removeListener(event: string, listener: Listener): void;
  /** The session ended: listeners told (disconnect, no accounts), requests refused. */
  end(): void;
  /** The account type in use: 'smartAccount' only on a chain with a bundler, else the key itself ('eoa'). */
  accountType(): 'eoa' | 'smartAccount';
  /** Switches the account type (listeners hear accountsChanged with the other address); resolves with that address. */
  setAccountType(type: 'eoa' | 'smartAccount'): Promise<string>;
}

/** §8's EIP-5792 bundle errors. */
const BUNDLE_ERRORS = {
  unsupportedCapability: 5700,
  unsupportedChain: 5710,
  duplicateId: 5720,
  unknownId: 5730,
  tooLarge: 5740,
  atomicityUnsupported: 5760,
} as const;

/** The most calls one bundle may carry. */
export const MAX_BUNDLE_CALLS = 32;

interface SendCallsRequest {
  version?: unknown;
  id?: unknown;
  chainId?: unknown;
  from?: unknown;
  atomicRequired?: unknown;
  calls?: unknown;
  capabilities?: unknown;
}

interface Bundle {
  readonly chainId: number;
  readonly atomic: boolean;
  /** The UserOperation's hash (smart account) or the transactions' hashes (the key, one by one). */
  readonly userOperation?: `0x${string}`;
  readonly transactions?: readonly string[];
}

const toHex = (value: bigint | number) => `0x${BigInt(value).toString(16)}`;

const SAFE_READS = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'net_version',
  'web3_clientVersion',
]);

interface TransactionRequest {
  from?: string;
  to?: string;
  value?: string;
  data?: string;
  input?: string;
  gas?: string;
  nonce?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  gasPrice?: string;
}

/** One provider's state: its account and chains, the chain in use, the account type, listeners, loaded smart accounts and bundles. */
interface ProviderState {
  readonly address: string;
  readonly networks: readonly CaipNetwork[];
  readonly deps: ProviderDeps;
  readonly smart: SmartAccountSupport | undefined;
  network: CaipNetwork;
  ended: boolean;
  preferred: 'eoa' | 'smartAccount';
  readonly listeners: Map<string, Set<Listener>>;
  readonly smartAccounts: Map<number, Promise<EmbeddedSmartAccount>>;
  readonly bundles: Map<string, Bundle>;
}

/** The smart account is used on this chain: preferred, and the integrator configured a bundler for it. */
const usesSmart = ({ preferred, smart, network }: ProviderState) =>
  preferred === 'smartAccount' && Boolean(smart?.bundlerUrls[Number(network.id)]);

/** The chain's smart account, its code loaded on first use (never on first load). */
function smartAccount(state: ProviderState): Promise<EmbeddedSmartAccount> {
  const { smart, smartAccounts } = state;
  const current = state.network;
  const id = Number(current.id);
  let account = smartAccounts.get(id);
  if (!account) {
    account = smartAccountCode().then((module) =>
      module.createEmbeddedSmartAccount({
        owner: state.address as `0x${string}`,
        chain: {
          id,
          name: current.name,
          nativeCurrency: current.nativeCurrency,
          rpcUrls: { default: { http: [...current.rpcUrls.default.http] } },
        },
        bundlerUrl: smart?.bundlerUrls[id] as string,
        paymasterUrl: smart?.paymasterUrls?.[id],
        factory: smart?.factory,
        frame: (method, params) => sign(state, method, params),
      }),
    );
    account.catch(() => smartAccounts.delete(id));
    smartAccounts.set(id, account);
  }
  return account;
}

const activeAddress = async (state: ProviderState) => (usesSmart(state) ? (await smartAccount(state)).address : state.address);
const emit = ({ listeners }: ProviderState, event: string, ...args: unknown[]) => {
  for (const listener of listeners.get(event) ?? []) listener(...args);
};
const chainIdOf = ({ network }: ProviderState) => Number(network.id);
const rpcUrl = ({ network }: ProviderState) => {
  const url = network.rpcUrls.default.http[0];
  if (!url) throw new ProviderRpcError(-32002, `No RPC URL configured for ${network.name}`);
  return url;
};
const node = (state: ProviderState, method: string, params: unknown[]) => jsonRpc(rpcUrl(state), method, params);
const sign = (state: ProviderState, method: string, params: unknown) =>
  state.deps.rpc(method, params, 'eip155', state.network.caipNetworkId);
const isMine = ({ address }: ProviderState, value: unknown) => typeof value === 'string' && value.toLowerCase() === address.toLowerCase();

async function fill(state: ProviderState, tx: TransactionRequest) {
  if (tx.from !== undefined && !isMine(state, tx.from)) throw new ProviderRpcError(4100, 'The transaction is not from this account');
  const data = tx.data ?? tx.input ?? '0x';
  const base = { from: state.address, to: tx.to, value: tx.value ?? '0x0', data };
  const [nonce, gas, block, tip] = await Promise.all([
    tx.nonce ?? node(state, 'eth_getTransactionCount', [state.address, 'pending']),
    tx.gas ?? node(state, 'eth_estimateGas', [base]),
    node(state, 'eth_getBlockByNumber', ['latest', false]) as Promise<{ baseFeePerGas?: string } | null>,
    tx.maxPriorityFeePerGas ?? node(state, 'eth_maxPriorityFeePerGas', []).catch(() => '0x3b9aca00'),
  ]);
  const baseFee = block?.baseFeePerGas ? BigInt(block.baseFeePerGas) : undefined;
  // A chain without a base fee, or an app that set a legacy gasPrice: the fee it asked for is the fee signed.
  if (baseFee === undefined || (tx.gasPrice !== undefined && tx.maxFeePerGas === undefined)) {
    const gasPrice = tx.gasPrice ?? ((await node(state, 'eth_gasPrice', [])) as string);
    return { ...base, nonce, gas, gasPrice, chainId: toHex(chainIdOf(state)), type: '0x0' };
  }
  const maxFeePerGas = tx.maxFeePerGas ?? toHex(baseFee * 2n + BigInt(tip as string));
  return { ...base, nonce, gas, maxFeePerGas, maxPriorityFeePerGas: tip, chainId: toHex(chainIdOf(state)), type: '0x2' };
}

/** EIP-5792 `wallet_sendCalls`: one UserOperation for the smart account, else the key's transactions one by one. */
async function sendCalls(state: ProviderState, params: unknown[]): Promise<unknown> {
  const request = params[0] as SendCallsRequest | undefined;
  if (!request || typeof request !== 'object' || !Array.isArray(request.calls) || request.calls.length === 0)
    throw new ProviderRpcError(-32602, 'wallet_sendCalls needs [{ version, chainId, calls: [...] }]');
  const chain = typeof request.chainId === 'string' ? Number(request.chainId) : Number.NaN;
  if (chain !== chainIdOf(state))
    throw new ProviderRpcError(
      BUNDLE_ERRORS.unsupportedChain,
      `The wallet is on chain ${chainIdOf(state)}, not ${String(request.chainId)}`,
    );
  if (request.calls.length > MAX_BUNDLE_CALLS)
    throw new ProviderRpcError(BUNDLE_ERRORS.tooLarge, `A bundle may carry at most ${MAX_BUNDLE_CALLS} calls`);
  const asked = [
    ...Object.entries((request.capabilities ?? {}) as Record<string, { optional?: boolean }>),
    ...(request.calls as { capabilities?: Record<string, { optional?: boolean }> }[]).flatMap((call) =>
      Object.entries(call.capabilities ?? {}),
    ),
  ];
  const required = asked.find(([, value]) => value?.optional !== true);
  if (required)
    throw new ProviderRpcError(BUNDLE_ERRORS.unsupportedCapability, `The embedded wallet does not support the ${required[0]} capability`);
  if (request.from !== undefined && String(request.from).toLowerCase() !== (await activeAddress(state)).toLowerCase())
    throw new ProviderRpcError(4100, 'The calls are not from this account');
  const id = typeof request.id === 'string' && request.id ? request.id : crypto.randomUUID();
  if (state.bundles.has(id)) throw new ProviderRpcError(BUNDLE_ERRORS.duplicateId, `A bundle with id ${id} was already sent`);
  const calls = (request.calls as { to?: string; value?: string; data?: string }[]).map((call) => ({
    to: call.to as `0x${string}`,
    value: call.value === undefined ? 0n : BigInt(call.value),
    data: (call.data ?? '0x') as `0x${string}`,
  }));
  if (usesSmart(state)) {
    const userOperation = await (await smartAccount(state)).sendCalls(calls);
    state.bundles.set(id, { chainId: chainIdOf(state), atomic: true, userOperation });
    return { id };
  }
  if (request.atomicRequired === true)
    throw new ProviderRpcError(
      BUNDLE_ERRORS.atomicityUnsupported,
      'The key account cannot make these calls atomically: switch to the smart account',
    );
  const transactions: string[] = [];
  state.bundles.set(id, { chainId: chainIdOf(state), atomic: false, transactions });
  for (const call of calls) {
    transactions.push(
      (await handle(state, 'eth_sendTransaction', [
        { from: state.address, to: call.to, value: toHex(call.value), data: call.data },
      ])) as string,
    );
  }
  return { id };
}

async function callsStatus(state: ProviderState, params: unknown[]): Promise<unknown> {
  const id = params[0];
  const bundle = typeof id === 'string' ? state.bundles.get(id) : undefined;
  if (!bundle) throw new ProviderRpcError(BUNDLE_ERRORS.unknownId, `No bundle with id ${String(id)} was sent from here`);
  const base = { version: '2.0.0', id, chainId: toHex(bundle.chainId), atomic: bundle.atomic };
  if (bundle.userOperation) {
    const status = await (await smartAccountOn(state, bundle.chainId)).getStatus(bundle.userOperation);
    return {
      ...base,
      status: status.status,
      receipts: status.receipts?.map((receipt) => ({
        logs: receipt.logs,
        status: receipt.status === 'success' ? '0x1' : '0x0',
        blockHash: receipt.blockHash,
        blockNumber: toHex(receipt.blockNumber),
        gasUsed: toHex(receipt.gasUsed),
        transactionHash: receipt.transactionHash,
      })),
    };
  }
  const receipts = (await Promise.all((bundle.transactions ?? []).map((hash) => node(state, 'eth_getTransactionReceipt', [hash])))) as ({
    status?: string;
    logs?: unknown[];
    blockHash?: string;
    blockNumber?: string;
    gasUsed?: string;
    transactionHash?: string;
  } | null)[];
  const done = receipts.every((receipt) => receipt !== null) && receipts.length > 0;
  const failed = receipts.some((receipt) => receipt?.status === '0x0');
  return {
    ...base,
    status: !done ? 100 : failed ? 600 : 200,
    receipts: receipts
      .filter((receipt) => receipt !== null)
      .map((receipt) => ({
        logs: receipt?.logs ?? [],
        status: receipt?.status,
        blockHash: receipt?.blockHash,
        blockNumber: receipt?.blockNumber,
        gasUsed: receipt?.gasUsed,
        transactionHash: receipt?.transactionHash,
      })),
  };
}

/** The smart account of a given chain (a bundle's status after the wallet moved to another chain). */
function smartAccountOn(state: ProviderState, id: number): Promise<EmbeddedSmartAccount> {
  const known = state.smartAccounts.get(id);
  if (known) return known;
  throw new ProviderRpcError(BUNDLE_ERRORS.unknownId, 'That bundle was sent from an account no longer loaded');
}

/** What the smart account answers itself; undefined for what the key's path answers the same way. */
async function handleSmart(state: ProviderState, method: string, params: unknown[]): Promise<{ result: unknown } | undefined> {
  const account = await smartAccount(state);
  const isSmart = (value: unknown) => typeof value === 'string' && value.toLowerCase() === account.address.toLowerCase();
  switch (method) {
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return { result: [account.address] };
    case 'personal_sign': {
      const [message, from] = params as [string, string];
      if (typeof message !== 'string') throw new ProviderRpcError(-32602, 'personal_sign needs a message');
      if (!isSmart(from)) throw new ProviderRpcError(4100, 'The message is not for this account');
      return { result: await account.signMessage(message) };
    }
    case 'eth_signTypedData_v4': {
      const [from, json] = params as [string, string | object];
      if (!isSmart(from)) throw new ProviderRpcError(4100, 'The data is not for this account');
      return { result: await account.signTypedData(json) };
    }
    case 'eth_signTransaction':
      throw new ProviderRpcError(4200, `${NOT_ALLOWED}: a smart account sends UserOperations, it signs no transactions`);
    case 'eth_sendTransaction': {
      const tx = params[0] as TransactionRequest | undefined;
      if (typeof tx !== 'object' || tx === null) throw new ProviderRpcError(-32602, 'eth_sendTransaction needs a transaction');
      if (tx.from !== undefined && !isSmart(tx.from)) throw new ProviderRpcError(4100, 'The transaction is not from this account');
      const hash = await account.sendCalls([
        { to: tx.to as `0x${string}`, value: BigInt(tx.value ?? '0x0'), data: (tx.data ?? tx.input ?? '0x') as `0x${string}` },
      ]);
      const status = await account.waitForReceipt(hash);
      const receipt = status.receipts?.[0];
      if (!receipt) throw new ProviderRpcError(-32603, `The transaction ${hash} has no receipt`);
      // The transaction that carried it: what an app waits for, like any other.
      return { result: receipt.transactionHash };
    }
    default:
      return undefined;
  }
}

/** ERC-7715 sessions on the smart account (their code loaded on first use): only with the `smartSessions` feature on. */
async function sessions(state: ProviderState, method: string, params: unknown[]): Promise<unknown> {
  if (!usesSmart(state))
    throw new ProviderRpcError(4200, `${method}: sessions need the smart account (switch the account type on a chain with a bundler)`);
  const [permissions, account] = await Promise.all([smartAccountCode(), smartAccount(state)]);
  const host = {
    account,
    chainId: chainIdOf(state),
    origin: globalThis.location.origin,
    node: (method: string, params: unknown[]) => node(state, method, params),
  };
  if (method === 'wallet_grantPermissions') return permissions.grantPermissions(host, params);
  if (method === 'wallet_revokePermissions') return permissions.revokePermissions(host, params);
  return permissions.listPermissions(host);
}

/** `wallet_switchEthereumChain`: to one of the session's chains; the frame is told, listeners hear the change. */
async function switchChain(state: ProviderState, params: unknown[]): Promise<null> {
  const wanted = Number((params[0] as { chainId?: string } | undefined)?.chainId);
  const next = state.networks.find((n) => Number(n.id) === wanted);
  if (!next) throw new ProviderRpcError(4902, `Unrecognized chain ID ${String((params[0] as { chainId?: string })?.chainId)}`);
  if (next !== state.network) {
    const before = await activeAddress(state);
    const previous = state.network;
    state.network = next;
    // A chain with a bundler uses the smart account, one without uses the key: the address may change with it.
    const after = await activeAddress(state).catch((error: unknown) => {
      state.network = previous;
      throw error;
    });
    await sign(state, 'wallet_switchEthereumChain', [{ chainId: toHex(chainIdOf(state)) }]).catch(() => undefined);
    emit(state, 'chainChanged', toHex(chainIdOf(state)));
    if (after.toLowerCase() !== before.toLowerCase()) emit(state, 'accountsChanged', [after]);
  }
  return null;
}

// EIP-5792: atomic batches where the smart account is in use (it is for every chain with a bundler once chosen);
// the key itself sends calls one by one. No other capability (the adapter asks before reading wallet_getAssets).
function capabilities({ smart, networks, preferred }: ProviderState) {
  // No smart account offered: no abilities to report (§8: no capabilities is `{}`).
  if (!smart) return {};
  const ids = networks.map((n) => Number(n.id));
  const smartChains = preferred === 'smartAccount' ? ids.filter((id) => smart?.bundlerUrls[id]) : [];
  return Object.fromEntries(ids.map((id) => [toHex(id), { atomic: { status: smartChains.includes(id) ? 'supported' : 'unsupported' } }]));
}

async function handle(state: ProviderState, method: string, params: unknown[]): Promise<unknown> {
  const { smart, address } = state;
  const sessionRevoke = typeof params[0] === 'object' && params[0] !== null && 'permissionsContext' in params[0];
  // Only with the feature on; off, they are refused like any method the wallet does not answer (the modal's own
  // grantPermissions says the feature is off before asking).
  if (smart?.sessions && SESSION_METHODS.has(method) && (method !== 'wallet_revokePermissions' || sessionRevoke))
    return sessions(state, method, params);
  if (usesSmart(state)) {
    const answered = await handleSmart(state, method, params);
    if (answered) return answered.result;
  }
  // EIP-5792 bundles where a smart account is offered (a session without one refuses them, like any unknown method).
  if (smart && method === 'wallet_sendCalls') return sendCalls(state, params);
  if (smart && method === 'wallet_getCallsStatus') return callsStatus(state, params);
  switch (method) {
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return [address];
    case 'eth_chainId':
      return toHex(chainIdOf(state));
    case 'net_version':
      return String(chainIdOf(state));
    case 'wallet_switchEthereumChain':
      return switchChain(state, params);
    case 'personal_sign': {
      const [message, account] = params as [string, string];
      if (typeof message !== 'string') throw new ProviderRpcError(-32602, 'personal_sign needs a message');
      if (!isMine(state, account)) throw new ProviderRpcError(4100, 'The message is not for this account');
      return sign(state, 'personal_sign', [message, address]);
    }
    case 'eth_signTypedData_v4': {
      const [account, json] = params as [string, string];
      if (!isMine(state, account)) throw new ProviderRpcError(4100, 'The data is not for this account');
      return sign(state, 'eth_signTypedData_v4', [address, typeof json === 'string' ? json : JSON.stringify(json)]);
    }
    case 'eth_signTransaction':
    case 'eth_sendTransaction': {
      const tx = params[0] as TransactionRequest | undefined;
      if (typeof tx !== 'object' || tx === null) throw new ProviderRpcError(-32602, `${method} needs a transaction`);
      const filled = await fill(state, tx);
      const raw = await sign(state, 'eth_signTransaction', [filled]);
      return method === 'eth_sendTransaction' ? node(state, 'eth_sendRawTransaction', [raw]) : raw;
    }
    case 'wallet_getCapabilities':
      return capabilities(state);
    // The adapter's disconnect asks this; the session itself ends with the connector's sign-out.
    case 'wallet_revokePermissions':
      return null;
    default:
      if (SAFE_READS.has(method)) return node(state, method, params);
      state.deps.refused?.(method);
      throw new ProviderRpcError(4200, `${NOT_ALLOWED}: the embedded wallet does not support ${method}`);
  }
}

export function createEip155Provider(
  address: string,
  networks: readonly CaipNetwork[],
  deps: ProviderDeps,
  smart?: SmartAccountSupport,
): EmbeddedEip155Provider {
  const state: ProviderState = {
    address,
    networks,
    deps,
    smart,
    network: networks[0] as CaipNetwork,
    ended: false,
    preferred: smart?.active ?? 'eoa',
    listeners: new Map(),
    smartAccounts: new Map(),
    bundles: new Map(),
  };
  const { listeners } = state;
  return {
    async request(args) {
      if (state.ended) throw new ProviderRpcError(4900, 'The embedded wallet is disconnected');
      if (typeof args?.method !== 'string') throw new ProviderRpcError(-32600, 'A request needs a method');
      const params = Array.isArray(args.params) ? args.params : args.params === undefined ? [] : [args.params];
      return handle(state, args.method, params);
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    accountType: () => (usesSmart(state) ? 'smartAccount' : 'eoa'),
    async setAccountType(type) {
      if (type === 'smartAccount' && !smart) throw new ProviderRpcError(4200, 'No bundler is configured: the smart account is not offered');
      const before = await activeAddress(state);
      state.preferred = type;
      const after = await activeAddress(state);
      if (after !== before) emit(state, 'accountsChanged', [after]);
      return after;
    },
    end() {
      if (state.ended) return;
      state.ended = true;
      emit(state, 'accountsChanged', []);
      emit(state, 'disconnect', new ProviderRpcError(4900, 'The embedded wallet is disconnected'));
      listeners.clear();
    },
  };
}
