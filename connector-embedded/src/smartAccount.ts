import {
  type Address,
  type Chain,
  createPublicClient,
  type Hex,
  HttpRequestError,
  http,
  isAddress,
  isHex,
  type PublicClient,
  RpcRequestError,
  TimeoutError,
} from 'viem';
import {
  type BundlerClient,
  createBundlerClient,
  createPaymasterClient,
  entryPoint07Address,
  formatUserOperationRequest,
  getUserOperationHash,
  type SmartAccount,
  toSoladySmartAccount,
  type UserOperation,
} from 'viem/account-abstraction';
import { ProviderRpcError } from './errors.js';

/*
 * The host page's half of the embedded wallet's smart account (loaded on first use, never on first load): it builds
 * each UserOperation against the chain and the integrator's bundler (and paymaster, when configured), has the frame
 * show and sign it, and submits it. The frame's key owns the account; the account's address is known before it exists
 * (the factory's CREATE2 address) and it is deployed by its first UserOperation.
 */

/**
 * LatchSmartAccountFactory's address: the same on every chain it is deployed to the same way (through the
 * deterministic-deployment proxy with salt 0, as `@latch/testkit`'s bundler stack does).
 */
export const LATCH_SMART_ACCOUNT_FACTORY: Address = '0xbD97ba17EE3Ae49ab572B87c0Ea5Dc5995CD7C58';

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
export async function createEmbeddedSmartAccount(options: EmbeddedSmartAccountOptions): Promise<EmbeddedSmartAccount> {
  const factory = options.factory ?? LATCH_SMART_ACCOUNT_FACTORY;
  const rpcUrl = options.chain.rpcUrls.default.http[0];
  if (!rpcUrl) throw new ProviderRpcError(-32002, `No RPC URL configured for ${options.chain.name}`);
  const client = createPublicClient({ chain: options.chain, transport: http(rpcUrl, { retryCount: 0 }), pollingInterval: 250 });
  const paymaster = options.paymasterUrl ? createPaymasterClient({ transport: http(options.paymasterUrl, { retryCount: 0 }) }) : undefined;
  // No retries: a UserOperation is handed to the bundler once; what happens next is read back, never re-sent blindly.
  const bundler: BundlerClient = createBundlerClient({
    client: client as PublicClient,
    chain: options.chain,
    transport: http(options.bundlerUrl, { retryCount: 0 }),
    paymaster,
    pollingInterval: 250,
  });
  const inner = await toSoladySmartAccount({
    client: client as PublicClient,
    owner: options.owner,
    factoryAddress: factory,
    salt: saltOf(options.owner),
  });
  const address = await inner.getAddress();
  const isDeployed = async () => {
    const code = await client.getCode({ address });
    return code !== undefined && code !== '0x';
  };
  // One nonce sequence (key 0), not viem's parallel keys: a UserOperation prepared again after a failure takes the same
  // nonce as one that never landed, so the EntryPoint itself lets at most one of them through.
  const readNonce = () =>
    client.readContract({ address: entryPoint07Address, abi: entryPointNonceAbi, functionName: 'getNonce', args: [address, 0n] });
  const account: SmartAccount = {
    ...inner,
    getNonce: readNonce,
    async signUserOperation(parameters) {
      const { chainId: _, ...operation } = parameters;
      const request = formatUserOperationRequest({ ...operation, sender: address, signature: '0x' } as UserOperation);
      return (await options.frame('latch_signUserOperation', [request])) as Hex;
    },
    async signMessage({ message }) {
      const text = typeof message === 'string' ? message : typeof message.raw === 'string' ? message.raw : undefined;
      if (text === undefined) throw new ProviderRpcError(-32602, 'personal_sign needs a message');
      return (await options.frame('latch_smartAccountSign', [
        { account: address, factory, deployed: await isDeployed(), message: text },
      ])) as Hex;
    },
  };

  let unsettled: Unsettled | undefined;

  /** A UserOperation whose fate was unknown: settled once the chain's nonce moved past it or the bundler dropped it. */
  async function settlePrevious(): Promise<void> {
    if (!unsettled) return;
    const nonce = await client.readContract({
      address: entryPoint07Address,
      abi: entryPointNonceAbi,
      functionName: 'getNonce',
      args: [address, 0n],
    });
    if (nonce > unsettled.nonce) {
      unsettled = undefined;
      return;
    }
    let known: unknown;
    try {
      known = await bundler.request({ method: 'eth_getUserOperationByHash', params: [unsettled.hash] });
    } catch {
      throw new ProviderRpcError(
        -32002,
        `The transaction ${unsettled.hash} sent earlier may still go through and the bundler at ${options.bundlerUrl} cannot say: nothing new is sent until it can`,
      );
    }
    if (known)
      throw new ProviderRpcError(
        -32002,
        `The transaction ${unsettled.hash} sent earlier is still pending: wait for it before sending another`,
      );
    unsettled = undefined;
  }

  async function sendCalls(calls: readonly SmartAccountCallRequest[]): Promise<Hex> {
    if (calls.length === 0) throw new ProviderRpcError(-32602, 'A bundle needs at least one call');
    for (const call of calls) {
      if (!isAddress(call.to, { strict: false })) throw new ProviderRpcError(-32602, 'Every call needs a to address');
      if (call.data !== undefined && !isHex(call.data)) throw new ProviderRpcError(-32602, 'A call’s data must be 0x hex');
    }
    await settlePrevious();
    let prepared: UserOperation<'0.7'>;
    try {
      prepared = (await bundler.prepareUserOperation({
        account,
        calls: calls.map((call) => ({ to: call.to, value: call.value ?? 0n, data: call.data ?? '0x' })),
      })) as unknown as UserOperation<'0.7'>;
    } catch (error) {
      throw explain(error, false);
    }
    const signature = await account.signUserOperation(prepared);
    const signed = { ...prepared, signature };
    const hash = getUserOperationHash({
      chainId: options.chain.id,
      entryPointAddress: entryPoint07Address,
      entryPointVersion: '0.7',
      userOperation: signed,
    });
    try {
      return (await bundler.request({
        method: 'eth_sendUserOperation',
        params: [formatUserOperationRequest(signed), entryPoint07Address],
      })) as Hex;
    } catch (error) {
      const sent = !(error instanceof HttpRequestError && error.status === undefined) && !(error instanceof RpcRequestError);
      if (sent) unsettled = { hash, nonce: signed.nonce };
      throw explain(error, sent);
    }
  }

  function explain(error: unknown, sent: boolean): ProviderRpcError {
    if (error instanceof ProviderRpcError) return error;
    const cause = findCause(error);
    if (cause instanceof RpcRequestError)
      return new ProviderRpcError(-32603, `The bundler refused the transaction: ${cause.details || cause.shortMessage}`);
    if (cause instanceof HttpRequestError || cause instanceof TimeoutError) {
      const url = (cause as { url?: string }).url ?? '';
      return unreachable(url === options.paymasterUrl ? 'paymaster' : 'bundler', url || options.bundlerUrl, sent);
    }
    return new ProviderRpcError(-32603, error instanceof Error ? (error.message.split('\n')[0] ?? 'Unknown error') : String(error));
  }

  const toStatus = (receipt: Awaited<ReturnType<BundlerClient['getUserOperationReceipt']>>): SmartAccountCallsStatus => ({
    status: receipt.success ? 200 : 500,
    receipts: [
      {
        transactionHash: receipt.receipt.transactionHash,
        blockHash: receipt.receipt.blockHash,
        blockNumber: receipt.receipt.blockNumber,
        gasUsed: receipt.receipt.gasUsed,
        status: receipt.success ? 'success' : 'reverted',
        logs: receipt.logs.map((log) => ({ address: log.address, data: log.data, topics: log.topics })),
      },
    ],
  });

  return {
    address,
    isDeployed,
    sendCalls,
    async waitForReceipt(hash) {
      try {
        return toStatus(await bundler.waitForUserOperationReceipt({ hash }));
      } catch (error) {
        throw explain(error, true);
      }
    },
    async getStatus(hash) {
      try {
        return toStatus(await bundler.getUserOperationReceipt({ hash }));
      } catch (error) {
        if ((error as { name?: string }).name === 'UserOperationReceiptNotFoundError') return { status: 100 };
        throw explain(error, true);
      }
    },
    signMessage: (message) => account.signMessage({ message }),
    async signTypedData(typedData) {
      return (await options.frame('latch_smartAccountSign', [
        {
          account: address,
          factory,
          deployed: await isDeployed(),
          typedData: typeof typedData === 'string' ? typedData : JSON.stringify(typedData),
        },
      ])) as Hex;
    },
  };
}

function findCause(error: unknown): unknown {
  let current = error as { cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 8; depth += 1) {
    if (current instanceof RpcRequestError || current instanceof HttpRequestError || current instanceof TimeoutError) return current;
    current = current.cause as { cause?: unknown } | undefined;
  }
  return error;
}
