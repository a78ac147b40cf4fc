import { type Address, type Chain, encodeFunctionData, getAddress, type Hex, isAddress, isHex, numberToHex } from 'viem';
import {
  entryPoint07Address,
  formatUserOperationRequest,
  getUserOperationHash,
  type RpcUserOperation,
  type UserOperation,
} from 'viem/account-abstraction';
import { ProviderRpcError } from './errors.js';
import { jsonRpc } from './jsonRpc.js';
import { SMART_ACCOUNT_ABI, SMART_ACCOUNT_FACTORY_ABI } from './protocol/smartAccountAbi.js';

// ERC-7715 session permissions (smartSessions) load with the smart account they act on, in the same chunk.
export { grantPermissions, listPermissions, revokePermissions } from './permissions.js';

/*
 * The host page's half of the embedded wallet's smart account (loaded on first use, never on first load): it builds
 * each UserOperation against the chain and the integrator's bundler (and paymaster, when configured), has the frame
 * show and sign it, and submits it. The frame's key owns the account; the account's address is known before it exists
 * (the factory's CREATE2 address) and it is deployed by its first UserOperation.
 */

/**
 * LatchSmartAccountFactory's address: the same on every chain it is deployed to the same way (through the
 * deterministic-deployment proxy with salt 0, as `@latch/devnet`'s bundler stack does).
 */
export const LATCH_SMART_ACCOUNT_FACTORY: Address = '0xC84A9B72D260005E95e82242aC3dCFdaacA4C810';

/** The key's account salt: the owner in the upper 160 bits, which the factory requires (the frame builds the same). */
const saltOf = (owner: Address): Hex => `${owner.toLowerCase()}000000000000000000000000` as Hex;

export interface EmbeddedSmartAccountOptions {
  /** The frame key's eip155 address: the account's owner. */
  readonly owner: Address;
  readonly chain: Chain;
  /** The ERC-4337 bundler's JSON-RPC URL the integrator configured for this chain. */
  readonly bundlerUrl: string;
  /** An ERC-7677 paymaster service that sponsors the gas; without it the account pays its own. */
  readonly paymasterUrl?: string;
  /** The account factory (default `LATCH_SMART_ACCOUNT_FACTORY`). */
  readonly factory?: Address;
  /** A key-using request to the frame (approved by the visitor there). */
  frame(method: 'latch_signUserOperation' | 'latch_smartAccountSign', params: unknown[]): Promise<unknown>;
}

/** One call of a bundle, as EIP-5792 `wallet_sendCalls` carries it. */
export interface SmartAccountCallRequest {
  readonly to: Address;
  readonly value?: bigint;
  readonly data?: Hex;
}

/** What `getStatus` reports of a sent UserOperation (EIP-5792 status codes: 100 pending, 200 confirmed, 500 reverted). */
export interface SmartAccountCallsStatus {
  readonly status: 100 | 200 | 500;
  readonly receipts?: readonly {
    readonly transactionHash: Hex;
    readonly blockHash: Hex;
    readonly blockNumber: bigint;
    readonly gasUsed: bigint;
    readonly status: 'success' | 'reverted';
    readonly logs: readonly { readonly address: Address; readonly data: Hex; readonly topics: readonly Hex[] }[];
  }[];
}

export interface EmbeddedSmartAccount {
  /** The account's address, the same before and after it is deployed. */
  readonly address: Address;
  isDeployed(): Promise<boolean>;
  /** Builds one UserOperation making every call (in order, all or none), has the frame sign it, submits it: its hash. */
  sendCalls(calls: readonly SmartAccountCallRequest[]): Promise<Hex>;
  /** Waits until the UserOperation is included; resolves with its outcome. */
  waitForReceipt(hash: Hex): Promise<SmartAccountCallsStatus>;
  /** The UserOperation's outcome now (100 while the bundler has no receipt). */
  getStatus(hash: Hex): Promise<SmartAccountCallsStatus>;
  /** personal_sign for the account (ERC-1271; ERC-6492-wrapped until it is deployed). */
  signMessage(message: string): Promise<Hex>;
  /** eth_signTypedData_v4 for the account (ERC-1271; ERC-6492-wrapped until it is deployed). */
  signTypedData(typedData: string | object): Promise<Hex>;
}

/** A UserOperation whose submission's outcome is unknown (the bundler stopped answering after it was sent). */
interface Unsettled {
  readonly hash: Hex;
  readonly nonce: bigint;
}

const entryPointNonceAbi = [
  {
    type: 'function',
    name: 'getNonce',
    stateMutability: 'view',
    inputs: [
      { name: 'sender', type: 'address' },
      { name: 'key', type: 'uint192' },
    ],
    outputs: [{ type: 'uint256' }],
  },
] as const;

function unreachable(what: 'bundler' | 'paymaster', url: string, sent: boolean): ProviderRpcError {
  return new ProviderRpcError(
    -32002,
    sent
      ? `The ${what} at ${url} stopped answering after the transaction was handed to it: it may still go through, so it is not sent again; check its status before sending another`
      : `The ${what} at ${url} could not be reached: nothing was sent. Try again later`,
  );
}

/** The host-side smart account of an embedded wallet session on one chain. */
/** How long one request to the bundler or the paymaster may take. */
const REQUEST_TIMEOUT_MS = 10_000;
/** How often a receipt is asked for. */
const RECEIPT_POLL_MS = 250;
/** The signature gas is estimated with: the shape of an owner's 65-byte signature. */
const STUB_SIGNATURE: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c';

let nextId = 1;

/**
 * One JSON-RPC call to the bundler or the paymaster. Unreachable: nothing was handed over (or, for a send, perhaps it was:
 * `handedOver`); a JSON-RPC error: refused, nothing sent.
 */
async function call<T>(what: 'bundler' | 'paymaster', url: string, method: string, params: unknown[], handedOver = false): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
      credentials: 'omit',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw unreachable(what, url, handedOver);
  }
  const body = (await response.json().catch(() => undefined)) as { result?: T; error?: { code?: number; message?: string } } | undefined;
  if (!body) throw unreachable(what, url, handedOver);
  if (body.error) {
    const refused = body.error.message ?? 'no reason given';
    throw new ProviderRpcError(
      -32603,
      what === 'bundler' ? `The bundler refused the transaction: ${refused}` : `The paymaster refused: ${refused}`,
    );
  }
  return body.result as T;
}

/** One smart account: its options, where it reads the chain, its address and deployment data, the operation whose fate is open. */
interface AccountState {
  readonly options: EmbeddedSmartAccountOptions;
  readonly factory: Address;
  readonly rpcUrl: string;
  readonly address: Address;
  readonly factoryData: Hex;
  unsettled?: Unsettled;
}

// The chain is read with plain JSON-RPC through the network's own RPC (viem's clients would bring their actions along).
const node = ({ rpcUrl }: Pick<AccountState, 'rpcUrl'>, method: string, params: unknown[]) => jsonRpc(rpcUrl, method, params);
/** One word an eth_call returns (a view's single uint or address). */
const read = async (state: Pick<AccountState, 'rpcUrl'>, to: Address, data: Hex) =>
  BigInt((await node(state, 'eth_call', [{ to, data }, 'latest'])) as Hex);
const bundler = <T>({ options }: AccountState, method: string, params: unknown[], handedOver = false) =>
  call<T>('bundler', options.bundlerUrl, method, params, handedOver);
const isDeployed = async (state: AccountState) => {
  const code = (await node(state, 'eth_getCode', [state.address, 'latest'])) as Hex;
  return code !== '0x';
};
// One nonce sequence (key 0): a UserOperation prepared again after a failure takes the same nonce as one that never
// landed, so the EntryPoint itself lets at most one of them through.
const readNonce = (state: AccountState) =>
  read(state, entryPoint07Address, encodeFunctionData({ abi: entryPointNonceAbi, functionName: 'getNonce', args: [state.address, 0n] }));
const frameSign = async (state: AccountState, request: { message: string } | { typedData: string }) =>
  (await state.options.frame('latch_smartAccountSign', [
    { account: state.address, factory: state.factory, deployed: await isDeployed(state), ...request },
  ])) as Hex;
const rpcForm = (operation: UserOperation<'0.7'>) => formatUserOperationRequest(operation) as RpcUserOperation<'0.7'>;

/** EIP-1559 fees: twice the latest base fee plus the node's tip (the same rule as the key's own transactions). */
async function feesPerGas(state: AccountState) {
  const [block, tip] = await Promise.all([
    node(state, 'eth_getBlockByNumber', ['latest', false]) as Promise<{ baseFeePerGas?: Hex } | null>,
    node(state, 'eth_maxPriorityFeePerGas', []).catch(() => '0x3b9aca00') as Promise<Hex>,
  ]);
  const maxPriorityFeePerGas = BigInt(tip);
  return { maxFeePerGas: BigInt(block?.baseFeePerGas ?? '0x0') * 2n + maxPriorityFeePerGas, maxPriorityFeePerGas };
}

/** Solady's ERC4337 calls: `execute` for one, `executeBatch` for several (all or none). */
function encodeCalls(calls: readonly SmartAccountCallRequest[]): Hex {
  const [only] = calls;
  if (calls.length === 1 && only)
    return encodeFunctionData({ abi: SMART_ACCOUNT_ABI, functionName: 'execute', args: [only.to, only.value ?? 0n, only.data ?? '0x'] });
  return encodeFunctionData({
    abi: SMART_ACCOUNT_ABI,
    functionName: 'executeBatch',
    args: [calls.map((each) => ({ target: each.to, value: each.value ?? 0n, data: each.data ?? '0x' }))],
  });
}

/** A UserOperation whose fate was unknown: settled once the chain's nonce moved past it or the bundler dropped it. */
async function settlePrevious(state: AccountState): Promise<void> {
  const { unsettled } = state;
  if (!unsettled) return;
  if ((await readNonce(state)) > unsettled.nonce) {
    state.unsettled = undefined;
    return;
  }
  let known: unknown;
  try {
    known = await bundler(state, 'eth_getUserOperationByHash', [unsettled.hash]);
  } catch {
    throw new ProviderRpcError(
      -32002,
      `The transaction ${unsettled.hash} sent earlier may still go through and the bundler at ${state.options.bundlerUrl} cannot say: nothing new is sent until it can`,
    );
  }
  if (known)
    throw new ProviderRpcError(
      -32002,
      `The transaction ${unsettled.hash} sent earlier is still pending: wait for it before sending another`,
    );
  state.unsettled = undefined;
}

/** What an ERC-7677 paymaster answers: its address and data, and the gas limits it sets. */
interface PaymasterData {
  paymaster?: Address;
  paymasterData?: Hex;
  paymasterVerificationGasLimit?: Hex;
  paymasterPostOpGasLimit?: Hex;
}

/** The operation sponsored with the paymaster's data (ERC-7677 stub data first, then the final data). */
async function sponsored(state: AccountState, operation: UserOperation<'0.7'>, method: string): Promise<UserOperation<'0.7'>> {
  const chainHex = numberToHex(state.options.chain.id);
  const data = await call<PaymasterData>('paymaster', state.options.paymasterUrl as string, method, [
    rpcForm(operation),
    entryPoint07Address,
    chainHex,
    {},
  ]);
  return {
    ...operation,
    paymaster: data.paymaster,
    paymasterData: data.paymasterData ?? '0x',
    paymasterVerificationGasLimit: data.paymasterVerificationGasLimit
      ? BigInt(data.paymasterVerificationGasLimit)
      : operation.paymasterVerificationGasLimit,
    paymasterPostOpGasLimit: data.paymasterPostOpGasLimit ? BigInt(data.paymasterPostOpGasLimit) : operation.paymasterPostOpGasLimit,
  };
}

/** The UserOperation for `calls`: nonce, fees, the deployment when due, the paymaster's data, the bundler's gas. */
async function prepare(state: AccountState, calls: readonly SmartAccountCallRequest[]): Promise<UserOperation<'0.7'>> {
  const { paymasterUrl } = state.options;
  const [nonce, deployed, fees] = await Promise.all([readNonce(state), isDeployed(state), feesPerGas(state)]);
  let operation: UserOperation<'0.7'> = {
    sender: state.address,
    nonce,
    callData: encodeCalls(calls),
    ...(deployed ? {} : { factory: state.factory, factoryData: state.factoryData }),
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    callGasLimit: 0n,
    verificationGasLimit: 0n,
    preVerificationGas: 0n,
    signature: STUB_SIGNATURE,
  };
  if (paymasterUrl) operation = await sponsored(state, operation, 'pm_getPaymasterStubData');
  const gas = await bundler<Record<string, Hex | undefined>>(state, 'eth_estimateUserOperationGas', [
    rpcForm(operation),
    entryPoint07Address,
  ]);
  const limit = (field: string, known?: bigint) => known ?? (gas[field] ? BigInt(gas[field] as Hex) : 0n);
  operation = {
    ...operation,
    callGasLimit: limit('callGasLimit'),
    verificationGasLimit: limit('verificationGasLimit'),
    preVerificationGas: limit('preVerificationGas'),
    ...(operation.paymaster
      ? {
          paymasterVerificationGasLimit: limit('paymasterVerificationGasLimit', operation.paymasterVerificationGasLimit),
          paymasterPostOpGasLimit: limit('paymasterPostOpGasLimit', operation.paymasterPostOpGasLimit),
        }
      : {}),
  };
  if (paymasterUrl) operation = await sponsored(state, operation, 'pm_getPaymasterData');
  return operation;
}

async function sendCalls(state: AccountState, calls: readonly SmartAccountCallRequest[]): Promise<Hex> {
  if (calls.length === 0) throw new ProviderRpcError(-32602, 'A bundle needs at least one call');
  for (const each of calls) {
    if (!isAddress(each.to, { strict: false })) throw new ProviderRpcError(-32602, 'Every call needs a to address');
    if (each.data !== undefined && !isHex(each.data)) throw new ProviderRpcError(-32602, 'A call’s data must be 0x hex');
  }
  await settlePrevious(state);
  const prepared = await prepare(state, calls);
  const signature = (await state.options.frame('latch_signUserOperation', [rpcForm({ ...prepared, signature: '0x' })])) as Hex;
  const signed = { ...prepared, signature };
  const hash = getUserOperationHash({
    chainId: state.options.chain.id,
    entryPointAddress: entryPoint07Address,
    entryPointVersion: '0.7',
    userOperation: signed,
  });
  // Handed to the bundler once: if it stops answering now, the operation may still land, so it is remembered, not re-sent.
  state.unsettled = { hash, nonce: signed.nonce };
  try {
    await bundler<Hex>(state, 'eth_sendUserOperation', [rpcForm(signed), entryPoint07Address], true);
  } catch (error) {
    if (!(error instanceof ProviderRpcError && error.code === -32002)) state.unsettled = undefined;
    throw error;
  }
  state.unsettled = undefined;
  return hash;
}

type Receipt = {
  success: boolean;
  receipt: { transactionHash: Hex; blockHash: Hex; blockNumber: Hex; gasUsed: Hex };
  logs: { address: Address; data: Hex; topics: Hex[] }[];
} | null;

const toStatus = (receipt: NonNullable<Receipt>): SmartAccountCallsStatus => ({
  status: receipt.success ? 200 : 500,
  receipts: [
    {
      transactionHash: receipt.receipt.transactionHash,
      blockHash: receipt.receipt.blockHash,
      blockNumber: BigInt(receipt.receipt.blockNumber),
      gasUsed: BigInt(receipt.receipt.gasUsed),
      status: receipt.success ? 'success' : 'reverted',
      logs: receipt.logs.map((log) => ({ address: log.address, data: log.data, topics: log.topics })),
    },
  ],
});

const getStatus = async (state: AccountState, hash: Hex): Promise<SmartAccountCallsStatus> => {
  const receipt = await bundler<Receipt>(state, 'eth_getUserOperationReceipt', [hash], true);
  return receipt ? toStatus(receipt) : { status: 100 };
};

async function waitForReceipt(state: AccountState, hash: Hex): Promise<SmartAccountCallsStatus> {
  for (;;) {
    const status = await getStatus(state, hash);
    if (status.status !== 100) return status;
    await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS));
  }
}

/** The host-side smart account of an embedded wallet session on one chain. */
export async function createEmbeddedSmartAccount(options: EmbeddedSmartAccountOptions): Promise<EmbeddedSmartAccount> {
  const factory = options.factory ?? LATCH_SMART_ACCOUNT_FACTORY;
  const rpcUrl = options.chain.rpcUrls.default.http[0];
  if (!rpcUrl) throw new ProviderRpcError(-32002, `No RPC URL configured for ${options.chain.name}`);
  const salt = saltOf(options.owner);
  const factoryData = encodeFunctionData({ abi: SMART_ACCOUNT_FACTORY_ABI, functionName: 'createAccount', args: [options.owner, salt] });
  const address = getAddress(
    numberToHex(
      await read({ rpcUrl }, factory, encodeFunctionData({ abi: SMART_ACCOUNT_FACTORY_ABI, functionName: 'getAddress', args: [salt] })),
      { size: 20 },
    ),
  );
  const state: AccountState = { options, factory, rpcUrl, address, factoryData };
  return {
    address,
    isDeployed: () => isDeployed(state),
    sendCalls: (calls) => sendCalls(state, calls),
    getStatus: (hash) => getStatus(state, hash),
    waitForReceipt: (hash) => waitForReceipt(state, hash),
    signMessage: (message) => frameSign(state, { message }),
    signTypedData: (typedData) => frameSign(state, { typedData: typeof typedData === 'string' ? typedData : JSON.stringify(typedData) }),
  };
}
