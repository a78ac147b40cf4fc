import { StargateClient } from '@cosmjs/stargate';
import { LatchError, readErrorMessage } from '@latch/kernel';
import { connectCometClient, createCosmosRpcClient, type CosmosRpcOptions } from './transport.js';

export type QueryClient = StargateClient;

/** A read-only CosmJS client of the node over the adapter's transport (it asks `status` once to pick the CometBFT dialect). */
export async function connectQueryClient(rpcUrl: string, options: CosmosRpcOptions = {}): Promise<QueryClient> {
  try {
    // Each request carries the transport's timeout: no outer bound is needed.
    return StargateClient.create(await connectCometClient(createCosmosRpcClient(rpcUrl, options)));
  } catch (err) {
    throw new LatchError(`The Cosmos node at ${rpcUrl} could not be reached: ${readErrorMessage(err)}`, {
      category: 'RPC_ERROR',
      cause: err,
    });
  }
}

/** The bank balance of `address` in `denom`, in the smallest unit. */
export async function readNativeBalance(client: QueryClient, address: string, denom: string): Promise<bigint> {
  const coin = await client.getBalance(address, denom);
  const amount: unknown = coin?.amount;
  if (typeof amount !== 'string' || !/^[0-9]{1,78}$/.test(amount) || (coin.denom !== denom && amount !== '0')) {
    throw new LatchError(`The Cosmos node answered a malformed ${denom} balance`, { category: 'RPC_ERROR' });
  }
  return BigInt(amount);
}
