import { StargateClient } from '@cosmjs/stargate';
import { LatchError, readErrorMessage } from '@latch/kernel';
import { RPC_TIMEOUT_MS, withTimeout } from './timeout.js';

export type QueryClient = StargateClient;

/** A read-only CosmJS client of the node (it asks `status` once to pick the CometBFT dialect). */
export async function connectQueryClient(rpcUrl: string): Promise<QueryClient> {
  try {
    return await withTimeout(StargateClient.connect(rpcUrl), RPC_TIMEOUT_MS, `The Cosmos node at ${rpcUrl}`);
  } catch (err) {
    throw new LatchError(`The Cosmos node at ${rpcUrl} could not be reached: ${readErrorMessage(err)}`, {
      category: 'RPC_ERROR',
      cause: err,
    });
  }
}

/** The bank balance of `address` in `denom`, in the smallest unit. */
export async function readNativeBalance(client: QueryClient, address: string, denom: string): Promise<bigint> {
  const coin = await withTimeout(client.getBalance(address, denom), RPC_TIMEOUT_MS, 'The Cosmos node');
  const amount: unknown = coin?.amount;
  if (typeof amount !== 'string' || !/^[0-9]{1,78}$/.test(amount) || (coin.denom !== denom && amount !== '0')) {
    throw new LatchError(`The Cosmos node answered a malformed ${denom} balance`, { category: 'RPC_ERROR' });
  }
  return BigInt(amount);
}
