import {
  type Address,
  createClient,
  custom,
  decodeFunctionData,
  encodeFunctionData,
  type Hex,
  hashTypedData,
  isAddress,
  isAddressEqual,
  isHex,
  serializeErc6492Signature,
  type TypedDataDefinition,
  zeroHash,
} from 'viem';
import { entryPoint07Address, getUserOperationHash, type UserOperation } from 'viem/account-abstraction';
import { privateKeyToAccount } from 'viem/accounts';
import { signMessage as signErc7739Message, signTypedData as signErc7739TypedData } from 'viem/experimental/erc7739';
import {
  type ApprovalDetails,
  ProviderRpcError as RpcError,
  SMART_ACCOUNT_ABI,
  SMART_ACCOUNT_FACTORY_ABI,
} from '@latch/connector-embedded/protocol';
import { base, chainName, type DescribeContext, describeCall, describeMessage, describeTypedData, nativeAmount } from './describe.js';
import { checkSessionOrigin, describeSessionCall } from './permissions.js';
import type { ChainState, PreparedRequest, RpcCall } from './signer.js';
import { LatchError } from '@latch/kernel';

/*
 * The smart account's half of `rpc:request`: the frame's key owns a LatchSmartAccount (Solady's ERC4337 account behind a
 * factory with viem's `toSoladySmartAccount` interface). The host page builds a UserOperation and asks the frame to sign
 * it; the frame reads the calls out of its callData, shows them like transactions (amounts exact), and signs the
 * EntryPoint v0.7 hash. Messages and typed data are signed the ERC-7739 way the account checks in ERC-1271, wrapped in
 * ERC-6492 (the factory call that would deploy it) while the account is not deployed yet. The frame still never talks
 * to a chain: the host says whether the account is deployed, which only decides the wrapping.
 */

/** The account's EIP-712 name and version (its `_domainNameAndVersion`). */
const ACCOUNT_DOMAIN = { name: 'LatchSmartAccount', version: '1' } as const;

/** The salt of the key's account: the owner in the upper 160 bits (the factory refuses any other owner for it). */
export function smartAccountSalt(owner: Address): Hex {
  return `${owner.toLowerCase()}000000000000000000000000` as Hex;
}

/** The factory call that deploys the key's account (the UserOperation's factoryData, the ERC-6492 wrapper's data). */
export function smartAccountFactoryData(owner: Address): Hex {
  return encodeFunctionData({ abi: SMART_ACCOUNT_FACTORY_ABI, functionName: 'createAccount', args: [owner, smartAccountSalt(owner)] });
}

/** One call of a UserOperation, as the account will make it. */
export interface SmartAccountCall {
  readonly to: Address;
  readonly value: bigint;
  readonly data: Hex;
}

/** The calls an account's callData makes (execute or executeBatch); anything else is refused. */
export function decodeSmartAccountCalls(callData: Hex): SmartAccountCall[] {
  let decoded: ReturnType<typeof decodeFunctionData<typeof SMART_ACCOUNT_ABI>>;
  try {
    decoded = decodeFunctionData({ abi: SMART_ACCOUNT_ABI, data: callData });
  } catch {
    throw invalid('The UserOperation does not call execute or executeBatch on the account');
  }
  if (decoded.functionName === 'execute') {
    const [to, value, data] = decoded.args;
    return [{ to, value, data }];
  }
  return decoded.args[0].map((call) => ({ to: call.target, value: call.value, data: call.data }));
}

function invalid(message: string): RpcError {
  return new RpcError(-32602, message);
}

const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;

function quantity(record: Record<string, unknown>, field: string, optional = false): bigint | undefined {
  const value = record[field];
  if (value === undefined || value === null) {
    if (optional) return undefined;
    throw invalid(`The UserOperation has no ${field}`);
  }
  if (typeof value !== 'string' || !HEX_QUANTITY.test(value)) throw invalid(`${field} must be a 0x quantity`);
  return BigInt(value);
}

function hexField(record: Record<string, unknown>, field: string): Hex | undefined {
  const value = record[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !isHex(value)) throw invalid(`${field} must be 0x hex`);
  return value;
}

function addressField(record: Record<string, unknown>, field: string): Address | undefined {
  const value = record[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) throw invalid(`${field} must be an address`);
  return value as Address;
}

/** A UserOperation (v0.7, JSON-RPC form) checked field by field. */
function parseUserOperation(input: unknown, owner: Address): UserOperation<'0.7'> {
  if (!input || typeof input !== 'object') throw invalid('latch_signUserOperation needs [userOperation, { deployed }]');
  const record = input as Record<string, unknown>;
  const sender = addressField(record, 'sender');
  const callData = hexField(record, 'callData');
  if (!sender || !callData) throw invalid('The UserOperation needs a sender and callData');
  const factory = addressField(record, 'factory');
  const factoryData = hexField(record, 'factoryData');
  // A deploying UserOperation may only create this key's own account.
  if (factory && factoryData !== smartAccountFactoryData(owner))
    throw invalid('The UserOperation deploys an account this key does not own');
  const paymaster = addressField(record, 'paymaster');
  return {
    sender,
    nonce: quantity(record, 'nonce') as bigint,
    factory,
    factoryData: factory ? factoryData : undefined,
    callData,
    callGasLimit: quantity(record, 'callGasLimit') as bigint,
    verificationGasLimit: quantity(record, 'verificationGasLimit') as bigint,
    preVerificationGas: quantity(record, 'preVerificationGas') as bigint,
    maxFeePerGas: quantity(record, 'maxFeePerGas') as bigint,
    maxPriorityFeePerGas: quantity(record, 'maxPriorityFeePerGas') as bigint,
    paymaster,
    paymasterVerificationGasLimit: paymaster ? quantity(record, 'paymasterVerificationGasLimit') : undefined,
    paymasterPostOpGasLimit: paymaster ? quantity(record, 'paymasterPostOpGasLimit') : undefined,
    paymasterData: paymaster ? (hexField(record, 'paymasterData') ?? '0x') : undefined,
    signature: '0x',
  };
}

/** What the approval page shows for a UserOperation: every call as a transaction would show it, then the fee. */
export function describeUserOperation(context: DescribeContext, operation: UserOperation<'0.7'>, chainId: number): ApprovalDetails {
  const calls = decodeSmartAccountCalls(operation.callData);
  const details = base(context, 'transaction', calls.length === 1 ? 'Send a transaction' : `Send ${calls.length} calls at once`);
  details.rows.push({ label: 'Network', value: chainName(chainId) });
  details.rows.push({ label: 'From', value: `${operation.sender} (your smart account)` });
  if (operation.factory) details.rows.push({ label: 'Account', value: 'Created with this transaction (your first one)' });
  // A session grant or revoke (a call on the account itself) is shown as what it grants; any other own call is refused.
  const session = describeSessionCall(context, operation.sender, calls, chainId);
  if (session) {
    details.title = session.title;
    details.rows.push(...session.rows);
    details.warnings.push(...session.warnings);
  }
  let total = 0n;
  (session ? [] : calls).forEach((call, index) => {
    const own = base(context, 'transaction', details.title);
    const decoded = call.data !== '0x' && describeCall(own, call.to, call.data);
    if (!decoded) own.rows.push({ label: 'To', value: call.to });
    own.rows.push({ label: 'Amount', value: nativeAmount(chainId, call.value) });
    if (call.data !== '0x' && !decoded) {
      own.rows.push({ label: 'Data', value: `${(call.data.length - 2) / 2} bytes: ${call.data.slice(0, 2 + 8)}…` });
      details.warnings.push(`Call ${index + 1} calls a contract. Approve it only if you trust the site and know what it does.`);
    }
    if (calls.length === 1) {
      if (decoded) details.title = own.title;
      details.rows.push(...own.rows);
    } else {
      details.rows.push(...own.rows.map((row) => ({ label: `Call ${index + 1}: ${row.label}`, value: row.value })));
    }
    details.warnings.push(...own.warnings);
    total += call.value;
  });
  const gas =
    operation.callGasLimit +
    operation.verificationGasLimit +
    operation.preVerificationGas +
    (operation.paymasterVerificationGasLimit ?? 0n) +
    (operation.paymasterPostOpGasLimit ?? 0n);
  const fee = operation.paymaster ? 0n : gas * operation.maxFeePerGas;
  details.rows.push({
    label: 'Network fee (at most)',
    value: operation.paymaster ? `Paid by the app's sponsor (${operation.paymaster})` : nativeAmount(chainId, fee),
  });
  details.rows.push({ label: 'Total (at most)', value: nativeAmount(chainId, total + fee) });
  details.rows.push({ label: 'Nonce', value: operation.nonce.toString() });
  return details;
}

/** A client that has no chain: every signature here is made from what the request carries. */
const OFFLINE = createClient({
  transport: custom({
    request: async () => {
      throw new LatchError('the frame never talks to a chain');
    },
  }),
});

/** Checks and decodes a smart-account request (EIP-1193 errors for a malformed one), before anything is shown. */
export function prepareSmartAccountRequest(call: RpcCall, owner: Address, chain: ChainState): PreparedRequest {
  const params = Array.isArray(call.params) ? call.params : [];
  const signer = (keys: { eip155PrivateKey: Hex }) => {
    const account = privateKeyToAccount(keys.eip155PrivateKey);
    if (!isAddressEqual(account.address, owner)) throw invalid('The keys do not own this smart account');
    return account;
  };
  if (call.method === 'latch_signUserOperation') {
    const operation = parseUserOperation(params[0], owner);
    const chainId = chain.eip155ChainId;
    // Decoded now: a UserOperation the approval page could not read is refused before the visitor is asked.
    describeUserOperation({ account: operation.sender, origin: '' }, operation, chainId);
    return {
      details: (context) => {
        checkSessionOrigin(operation.sender, decodeSmartAccountCalls(operation.callData), context.origin);
        return describeUserOperation({ ...context, account: operation.sender }, operation, chainId);
      },
      sign: (keys) =>
        signer(keys).signMessage({
          message: {
            raw: getUserOperationHash({
              chainId,
              entryPointAddress: entryPoint07Address,
              entryPointVersion: '0.7',
              userOperation: operation,
            }),
          },
        }),
    };
  }
  if (call.method === 'latch_smartAccountSign') {
    // [{ account, deployed, message } | { account, deployed, typedData }]
    const request = params[0] as { account?: unknown; deployed?: unknown; factory?: unknown; message?: unknown; typedData?: unknown };
    if (!request || typeof request !== 'object' || typeof request.account !== 'string' || !isAddress(request.account, { strict: false }))
      throw invalid('latch_smartAccountSign needs [{ account, deployed, factory, message | typedData }]');
    if (typeof request.factory !== 'string' || !isAddress(request.factory, { strict: false })) throw invalid('factory must be an address');
    const account = request.account as Address;
    const factory = request.factory as Address;
    const deployed = request.deployed === true;
    const verifierDomain = { ...ACCOUNT_DOMAIN, chainId: chain.eip155ChainId, verifyingContract: account, salt: zeroHash };
    const wrap = (signature: Hex): Hex =>
      deployed ? signature : serializeErc6492Signature({ address: factory, data: smartAccountFactoryData(owner), signature });
    if (typeof request.message === 'string') {
      const message = request.message;
      const signable = isHex(message) ? { raw: message as Hex } : message;
      return {
        details: (context) => describeMessage({ ...context, account }, 'eip155', message),
        sign: async (keys) => wrap(await signErc7739Message(OFFLINE, { account: signer(keys), message: signable, verifierDomain })),
      };
    }
    const definition = (typeof request.typedData === 'string' ? safeJson(request.typedData) : request.typedData) as TypedDataDefinition;
    if (!definition || typeof definition !== 'object') throw invalid('latch_smartAccountSign needs a message or typed data');
    try {
      hashTypedData(definition);
    } catch (error) {
      throw invalid(`The typed data is invalid: ${(error as Error).message.split('\n')[0]}`);
    }
    return {
      details: (context) => describeTypedData({ ...context, account }, definition, chain.eip155ChainId),
      sign: async (keys) =>
        wrap(
          await signErc7739TypedData(OFFLINE, {
            ...(definition as Parameters<typeof signErc7739TypedData>[1]),
            account: signer(keys),
            verifierDomain,
          } as Parameters<typeof signErc7739TypedData>[1]),
        ),
    };
  }
  throw new RpcError(4200, `The embedded wallet does not support ${call.method}`);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalid('The typed data is not JSON');
  }
}
