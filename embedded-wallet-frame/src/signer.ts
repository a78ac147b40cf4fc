import { ed25519 } from '@noble/curves/ed25519.js';
import { type Address, getTransactionDecoder, getTransactionEncoder, type SignatureBytes, type Transaction } from '@solana/kit';
import { base58, base64 } from '@scure/base';
import { type Hex, hashTypedData, isAddressEqual, isHex, type TransactionSerializable, type TypedDataDefinition } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type ApprovalDetails, ProviderRpcError as RpcError } from '@latch/connector-embedded/protocol';
import { describeMessage, describeSolanaTransaction, describeTransaction, describeTypedData, type DescribeContext } from './describe.js';
import { addressesOf, type DerivedKeys, type WalletAddresses } from './keys.js';

/*
 * The signing half of `rpc:request` (PROTOCOL §2). A request is first checked and decoded here (its shape, its
 * account, what it would do), shown to the visitor in the approval page from this copy, and only once they
 * approved it signed with keys rebuilt for this one request. The frame never talks to a chain.
 */

export { RpcError };

export interface RpcCall {
  namespace: 'eip155' | 'solana';
  chainId: string | number;
  method: string;
  params?: unknown;
}

/** The eip155 chain the frame reports; `wallet_switchEthereumChain` records a new one. */
export interface ChainState {
  eip155ChainId: number;
}

/** A checked request: what the approval page shows, and how to sign exactly that once approved. */
export interface PreparedRequest {
  details(context: DescribeContext): ApprovalDetails;
  sign(keys: DerivedKeys): Promise<unknown> | unknown;
}

/** Methods answered without any key. */
export function answerWithoutKeys(
  call: RpcCall,
  addresses: { eip155: string; solana: string },
  chain: ChainState,
): { result: unknown } | undefined {
  if (call.namespace !== 'eip155') return undefined;
  if (call.method === 'eth_accounts' || call.method === 'eth_requestAccounts') return { result: [addresses.eip155] };
  if (call.method === 'eth_chainId') return { result: `0x${chain.eip155ChainId.toString(16)}` };
  if (call.method === 'wallet_switchEthereumChain') {
    const [target] = asArray(call.params);
    const chainId = (target as { chainId?: unknown } | undefined)?.chainId;
    if (typeof chainId !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(chainId))
      throw invalid('wallet_switchEthereumChain needs [{ chainId: "0x…" }]');
    chain.eip155ChainId = Number.parseInt(chainId, 16);
    return { result: null };
  }
  return undefined;
}

/** The smart account's methods: their code (viem's account abstraction) loads with the first of them. */
const SMART_ACCOUNT_METHODS: readonly string[] = ['latch_signUserOperation', 'latch_smartAccountSign'];

const SIGNING_METHODS = {
  eip155: ['personal_sign', 'eth_signTypedData_v4', 'eth_signTransaction', ...SMART_ACCOUNT_METHODS],
  solana: ['solana_signMessage', 'solana_signTransaction'],
} as const;

/** Whether the method needs the keys (and so the visitor's approval); unknown methods get 4200. */
export function needsKeys(call: RpcCall): boolean {
  return (SIGNING_METHODS[call.namespace] as readonly string[]).includes(call.method);
}

/** Checks and decodes a key-using request (EIP-1193 errors for a malformed one), before anything is shown. */
export function prepareRequest(call: RpcCall, addresses: WalletAddresses, chain: ChainState): PreparedRequest {
  return call.namespace === 'eip155' ? prepareEip155(call, addresses.eip155 as Hex, chain) : prepareSolana(call, addresses.solana);
}

/** Prepares and signs at once (no approval): for tests of the signing itself. */
export async function signRequest(call: RpcCall, keys: DerivedKeys, chain: ChainState): Promise<unknown> {
  return (await prepareAnyRequest(call, addressesOf(keys), chain)).sign(keys);
}

function invalid(message: string): RpcError {
  return new RpcError(-32602, message);
}

function asArray(params: unknown): unknown[] {
  if (!Array.isArray(params)) throw invalid('params must be an array');
  return params;
}

function checkFrom(value: unknown, own: Hex): void {
  if (typeof value !== 'string' || !isHex(value) || value.length !== 42 || !isAddressEqual(value, own)) {
    throw invalid(`The request names an account other than ${own}`);
  }
}

function quantity(value: unknown, field: string): bigint | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) return BigInt(value);
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  throw invalid(`${field} must be a 0x quantity`);
}

const signer = (keys: DerivedKeys) => privateKeyToAccount(keys.eip155PrivateKey);

/** `prepareRequest`, and the smart account's requests too (their module loaded on first use). */
export async function prepareAnyRequest(call: RpcCall, addresses: WalletAddresses, chain: ChainState): Promise<PreparedRequest> {
  if (call.namespace !== 'eip155' || !SMART_ACCOUNT_METHODS.includes(call.method)) return prepareRequest(call, addresses, chain);
  const { prepareSmartAccountRequest } = await import('./smartAccount.js');
  return prepareSmartAccountRequest(call, addresses.eip155 as Hex, chain);
}

function prepareEip155(call: RpcCall, own: Hex, chain: ChainState): PreparedRequest {
  const params = asArray(call.params);
  switch (call.method) {
    case 'personal_sign': {
      const [message, from] = params;
      checkFrom(from, own);
      if (typeof message !== 'string') throw invalid('personal_sign needs [message, address]');
      const signable = isHex(message) ? { raw: message as Hex } : message;
      return {
        details: (context) => describeMessage(context, 'eip155', message),
        sign: (keys) => signer(keys).signMessage({ message: signable }),
      };
    }
    case 'eth_signTypedData_v4': {
      const [from, data] = params;
      checkFrom(from, own);
      let typed: unknown = data;
      if (typeof data === 'string') {
        try {
          typed = JSON.parse(data);
        } catch {
          throw invalid('The typed data is not JSON');
        }
      }
      if (!typed || typeof typed !== 'object') throw invalid('eth_signTypedData_v4 needs [address, typedData]');
      const definition = typed as TypedDataDefinition;
      try {
        // Fails on anything that would not hash: checked before the visitor is asked, not after.
        hashTypedData(definition);
      } catch (error) {
        throw invalid(`The typed data is invalid: ${(error as Error).message.split('\n')[0]}`);
      }
      return {
        details: (context) => describeTypedData(context, definition, chain.eip155ChainId),
        sign: (keys) => signer(keys).signTypedData(definition),
      };
    }
    case 'eth_signTransaction': {
      const transaction = toSerializable(params[0], own, chain);
      return { details: (context) => describeTransaction(context, transaction), sign: (keys) => signer(keys).signTransaction(transaction) };
    }
    default:
      throw new RpcError(4200, `The embedded wallet does not support ${call.method}`);
  }
}

function toSerializable(input: unknown, own: Hex, chain: ChainState): TransactionSerializable {
  if (!input || typeof input !== 'object') throw invalid('eth_signTransaction needs [transaction]');
  const tx = input as Record<string, unknown>;
  if (tx.from !== undefined) checkFrom(tx.from, own);
  const to = tx.to;
  if (to !== undefined && to !== null && (typeof to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(to)))
    throw invalid('to must be an address');
  const data = tx.data ?? tx.input;
  if (data !== undefined && (typeof data !== 'string' || !isHex(data))) throw invalid('data must be 0x hex');
  const nonce = quantity(tx.nonce, 'nonce');
  const gas = quantity(tx.gas ?? tx.gasLimit, 'gas');
  if (nonce === undefined || gas === undefined) throw invalid('The transaction must be complete: nonce and gas are missing');
  const chainId = Number(quantity(tx.chainId, 'chainId') ?? BigInt(chain.eip155ChainId));
  const base = {
    chainId,
    nonce: Number(nonce),
    gas,
    to: (to ?? undefined) as Hex | undefined,
    value: quantity(tx.value, 'value') ?? 0n,
    data: data as Hex | undefined,
  };
  const maxFeePerGas = quantity(tx.maxFeePerGas, 'maxFeePerGas');
  if (maxFeePerGas !== undefined) {
    return {
      ...base,
      type: 'eip1559',
      maxFeePerGas,
      maxPriorityFeePerGas: quantity(tx.maxPriorityFeePerGas, 'maxPriorityFeePerGas') ?? 0n,
    };
  }
  const gasPrice = quantity(tx.gasPrice, 'gasPrice');
  if (gasPrice === undefined) throw invalid('The transaction must be complete: no gasPrice or maxFeePerGas');
  return { ...base, type: 'legacy', gasPrice };
}

function decode(text: unknown, field: string, coder: { decode(text: string): Uint8Array }): Uint8Array {
  if (typeof text !== 'string') throw invalid(`${field} is missing`);
  try {
    return coder.decode(text);
  } catch {
    throw invalid(`${field} is not valid ${coder === base58 ? 'base58' : 'base64'}`);
  }
}

function prepareSolana(call: RpcCall, own: string): PreparedRequest {
  const params = (call.params ?? {}) as { message?: unknown; transaction?: unknown };
  const network = String(call.chainId);
  switch (call.method) {
    case 'solana_signMessage': {
      const message = decode(params.message, 'message', base58);
      return {
        details: (context) => describeMessage(context, 'solana', message),
        sign: (keys) => ({ signature: base58.encode(ed25519.sign(message, keys.solanaSeed)) }),
      };
    }
    case 'solana_signTransaction': {
      const wire = decode(params.transaction, 'transaction', base64);
      let transaction: Transaction;
      try {
        transaction = getTransactionDecoder().decode(wire);
      } catch {
        throw invalid('transaction is not a Solana wire transaction');
      }
      if (!(own in transaction.signatures)) throw invalid(`The transaction does not ask ${own} to sign`);
      const details = (context: DescribeContext) => describeSolanaTransaction(context, transaction, network);
      // Decoded now: a transaction the approval page could not read is refused before the visitor is asked.
      details({ account: own, origin: '' });
      return {
        details,
        sign(keys) {
          if (addressesOf(keys).solana !== own) throw invalid(`The transaction does not ask ${own} to sign`);
          const signature = ed25519.sign(new Uint8Array(transaction.messageBytes), keys.solanaSeed) as SignatureBytes;
          const signed = { ...transaction, signatures: { ...transaction.signatures, [own as Address]: signature } };
          return { transaction: base64.encode(new Uint8Array(getTransactionEncoder().encode(signed))) };
        },
      };
    }
    default:
      throw new RpcError(4200, `The embedded wallet does not support ${call.method}`);
  }
}
