import { type Address, type Chain, concat, createPublicClient, encodeFunctionData, getAddress, type Hex, http } from 'viem';
import {
  createBundlerClient,
  createPaymasterClient,
  entryPoint07Abi,
  entryPoint07Address,
  getUserOperationHash,
  type SmartAccount,
  toSmartAccount,
} from 'viem/account-abstraction';
import type { LocalAccount } from 'viem/accounts';
import { ProviderRpcError } from './errors.js';
import { PERMISSIONS_CONTEXT_SHAPE, parsePermissionsContext as split, SESSION_SIGNATURE_MAGIC } from './protocol/sessionAbi.js';

/** Splits a `permissionsContext` into `{ account, id }`; a clear error for anything else. */
export function parsePermissionsContext(permissionsContext: string): { account: Address; id: Hex } {
  const parsed = split(permissionsContext);
  if (!parsed) throw new ProviderRpcError(-32602, PERMISSIONS_CONTEXT_SHAPE);
  return parsed;
}
import { SMART_ACCOUNT_ABI } from './protocol/smartAccountAbi.js';

/*
 * `@latch/connector-embedded/sessions`: the dApp's side of a session the visitor granted (`wallet_grantPermissions`).
 * The dApp holds the session key; with it, it sends the granted calls from the visitor's smart account straight to
 * the bundler: no frame, no visitor, no approval. The account checks every call against the grant and the
 * EntryPoint refuses it after the expiry. Sessions never spend the account's ETH on gas: a paymaster must sponsor
 * them (`paymasterUrl`).
 */

/** The signature gas is estimated with: a session signature's shape (magic, id, 65 bytes). */
const STUB_ECDSA: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c';

/**
 * The visitor's smart account as a viem `SmartAccount` that signs with the session key: use it with viem's bundler
 * client (`sendUserOperation({ account, calls })`). It cannot sign messages or typed data (a session only sends
 * the calls it was granted).
 */
export function toSessionAccount(parameters: {
  readonly client: Parameters<typeof toSmartAccount>[0]['client'];
  readonly permissionsContext: string;
  /** The session key: the signer named in the grant (viem `privateKeyToAccount(key)`). */
  readonly sessionKey: LocalAccount;
}): Promise<SmartAccount> {
  const parsed = parsePermissionsContext(parameters.permissionsContext);
  const account = getAddress(parsed.account);
  const id = parsed.id;
  const { client, sessionKey } = parameters;
  const entryPoint = { abi: entryPoint07Abi, address: entryPoint07Address, version: '0.7' } as const;
  const refuse = () => {
    throw new ProviderRpcError(4200, 'A session key only sends the calls it was granted; it signs no messages');
  };
  return toSmartAccount({
    client,
    entryPoint,
    async decodeCalls() {
      throw new ProviderRpcError(4200, 'A session account does not decode calls');
    },
    async encodeCalls(calls) {
      const [only] = calls;
      if (calls.length === 1 && only)
        return encodeFunctionData({
          abi: SMART_ACCOUNT_ABI,
          functionName: 'execute',
          args: [only.to, only.value ?? 0n, only.data ?? '0x'],
        });
      const batch = calls.map((call) => ({ target: call.to, value: call.value ?? 0n, data: call.data ?? '0x' }) as const);
      return encodeFunctionData({ abi: SMART_ACCOUNT_ABI, functionName: 'executeBatch', args: [batch] });
    },
    async getAddress() {
      return account;
    },
    async getFactoryArgs() {
      // A session exists only on a deployed account (granting it was a call on the account).
      return { factory: undefined, factoryData: undefined };
    },
    async getStubSignature() {
      return concat([SESSION_SIGNATURE_MAGIC, id, STUB_ECDSA]);
    },
    signMessage: refuse,
    signTypedData: refuse,
    async signUserOperation(operation) {
      const { chainId = client.chain?.id, ...userOperation } = operation;
      if (chainId === undefined) throw new ProviderRpcError(-32602, 'The client has no chain');
      const hash = getUserOperationHash({
        chainId,
        entryPointAddress: entryPoint.address,
        entryPointVersion: entryPoint.version,
        userOperation: { ...userOperation, sender: account },
      });
      return concat([SESSION_SIGNATURE_MAGIC, id, await sessionKey.signMessage({ message: { raw: hash } })]);
    },
  });
}

export interface SendSessionCallsOptions {
  readonly chain: Chain;
  /** The ERC-4337 bundler's JSON-RPC URL (the one the embedded wallet is configured with). */
  readonly bundlerUrl: string;
  /** An ERC-7677 paymaster service: required, a session never pays gas from the visitor's account. */
  readonly paymasterUrl: string;
  /** `wallet_grantPermissions`' result's `permissionsContext`. */
  readonly permissionsContext: string;
  /** The session key (the grant's signer). */
  readonly sessionKey: LocalAccount;
  /** The calls: each must be one the session was granted (contract, function, at most its value). */
  readonly calls: readonly { readonly to: Address; readonly value?: bigint; readonly data?: Hex }[];
}

/**
 * Sends `calls` from the visitor's smart account with the session key, as one UserOperation (all or none), and waits
 * for it: resolves with the UserOperation's hash and its transaction's hash once it is included and succeeded. A
 * refused session (revoked, expired, a call it was not granted) rejects with the bundler's reason.
 */
export async function sendSessionCalls(options: SendSessionCallsOptions): Promise<{ userOperationHash: Hex; transactionHash: Hex }> {
  if (!options.paymasterUrl) throw new ProviderRpcError(-32602, 'Session calls need a paymasterUrl: a session never pays gas itself');
  const client = createPublicClient({ chain: options.chain, transport: http() });
  const account = await toSessionAccount({ client, permissionsContext: options.permissionsContext, sessionKey: options.sessionKey });
  const bundler = createBundlerClient({
    client,
    chain: options.chain,
    transport: http(options.bundlerUrl),
    paymaster: createPaymasterClient({ transport: http(options.paymasterUrl) }),
  });
  let userOperationHash: Hex;
  try {
    userOperationHash = await bundler.sendUserOperation({
      account,
      calls: options.calls.map((call) => ({ to: call.to, value: call.value ?? 0n, data: call.data ?? '0x' })),
    });
  } catch (error) {
    throw new ProviderRpcError(
      -32603,
      `The session call was refused (the session may be revoked or expired, or the call not granted): ${(error as Error).message.split('\n')[0]}`,
    );
  }
  const receipt = await bundler.waitForUserOperationReceipt({ hash: userOperationHash });
  if (!receipt.success)
    throw new ProviderRpcError(-32603, `The session call was included but reverted (tx ${receipt.receipt.transactionHash})`);
  return { userOperationHash, transactionHash: receipt.receipt.transactionHash };
}
