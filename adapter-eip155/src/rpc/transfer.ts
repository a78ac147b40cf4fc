import { encodeFunctionData, erc20Abi, type Address, type Hex } from 'viem';
import { estimateGas, getGasPrice } from 'viem/actions';
import type { TransferRequest } from '@latch/kernel';
import type { NetworkClient } from './client.js';

export interface TransferCall {
  from: Address;
  to: Address;
  value?: bigint;
  data?: Hex;
}

/** Native: a plain value transfer. ERC-20: `transfer(to, amount)` sent to the token contract. */
export function buildTransferCall(request: Pick<TransferRequest, 'from' | 'to' | 'amount' | 'token'>): TransferCall {
  const from = request.from as Address;
  if (!request.token) return { from, to: request.to as Address, value: request.amount };
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [request.to as Address, request.amount] });
  return { from, to: request.token as Address, data };
}

/** Gas units times the node's current gas price, in the native currency's smallest unit. */
export async function estimateTransferFee(client: NetworkClient, request: TransferRequest): Promise<bigint> {
  const call = buildTransferCall(request);
  const [gas, gasPrice] = await Promise.all([
    estimateGas(client, { account: call.from, to: call.to, value: call.value, data: call.data }),
    getGasPrice(client),
  ]);
  return gas * gasPrice;
}
