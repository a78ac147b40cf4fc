import {
  BaseError,
  createWalletClient,
  custom,
  defineChain,
  hexToBigInt,
  hexToNumber,
  isHex,
  publicActions,
  type Hex,
  type LocalAccount,
} from 'viem';
import { jsonRpcRequest } from '../jsonRpc.js';
import { ProviderRpcError, internalError, invalidParamsError } from './providerRpcError.js';
import type { MockWalletChain } from './types.js';

/** The eth_sendTransaction parameter object as dapps send it (quantities are hex strings). */
interface TransactionRequestParams {
  to?: unknown;
  data?: unknown;
  input?: unknown;
  value?: unknown;
  gas?: unknown;
  gasPrice?: unknown;
  maxFeePerGas?: unknown;
  maxPriorityFeePerGas?: unknown;
  nonce?: unknown;
}

function optionalHex(params: TransactionRequestParams, field: keyof TransactionRequestParams): Hex | undefined {
  const value = params[field];
  if (value === undefined || value === null) return undefined;
  if (!isHex(value)) throw invalidParamsError(`eth_sendTransaction: ${field} must be a 0x-prefixed hex string`);
  return value;
}

function optionalQuantity(params: TransactionRequestParams, field: keyof TransactionRequestParams): bigint | undefined {
  const value = optionalHex(params, field);
  return value === undefined ? undefined : hexToBigInt(value);
}

/** A node's own JSON-RPC error (with its code) when there is one in the chain of causes, else -32603. */
function toProviderError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error;
  if (error instanceof BaseError) {
    const fromNode = error.walk((cause) => cause instanceof ProviderRpcError);
    if (fromNode instanceof ProviderRpcError) return fromNode;
    return internalError(error.shortMessage);
  }
  return internalError(error instanceof Error ? error.message : String(error));
}

/** Fills nonce, gas and fees from the chain's RPC, signs with the wallet's key and sends the raw transaction. */
export async function signAndSendTransaction(
  account: LocalAccount,
  chain: MockWalletChain,
  params: TransactionRequestParams,
): Promise<Hex> {
  const client = createWalletClient({
    account,
    chain: defineChain({
      id: chain.chainId,
      name: chain.name ?? `Chain ${chain.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    }),
    transport: custom({ request: ({ method, params: rpcParams }) => jsonRpcRequest(chain.rpcUrl, method, rpcParams) }, { retryCount: 0 }),
  });
  const to = optionalHex(params, 'to');
  const data = optionalHex(params, 'data') ?? optionalHex(params, 'input');
  const nonce = optionalHex(params, 'nonce');
  const gasPrice = optionalQuantity(params, 'gasPrice');
  const common = {
    to,
    data,
    value: optionalQuantity(params, 'value'),
    gas: optionalQuantity(params, 'gas'),
    nonce: nonce === undefined ? undefined : hexToNumber(nonce),
  };
  try {
    // A contract call without a gas limit gets the estimate plus a quarter, as browser wallets add a margin: a
    // contract's gas can change between the estimate and the block (Uniswap v3 writes a price observation when the
    // block's time moved on), and an exact limit then runs out inside the call.
    if (common.gas === undefined && data !== undefined && data !== '0x' && to !== undefined) {
      const estimate = await client.extend(publicActions).estimateGas({ account, to, data, value: common.value });
      common.gas = estimate + estimate / 4n;
    }
    return gasPrice === undefined
      ? await client.sendTransaction({
          ...common,
          maxFeePerGas: optionalQuantity(params, 'maxFeePerGas'),
          maxPriorityFeePerGas: optionalQuantity(params, 'maxPriorityFeePerGas'),
        })
      : await client.sendTransaction({ ...common, gasPrice, type: 'legacy' });
  } catch (error) {
    throw toProviderError(error);
  }
}
