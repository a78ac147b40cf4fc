import type { Address, EncodedAccount } from '@solana/kit';
import type { LocalLedger } from './localLedger.js';
import { LOCAL_SOLANA_RPC_VERSION } from '@latch/testkit';

/** What every RPC method handler may use. */
export interface RpcContext {
  readonly ledger: LocalLedger;
  readonly genesisHash: string;
  findAccount(address: Address): EncodedAccount | undefined;
}

export type RpcMethod = (params: readonly unknown[], context: RpcContext) => unknown;

/** The `{ context, value }` envelope of the methods the real RPC answers "with context". */
export function withContext<T>(context: RpcContext, value: T): { context: { apiVersion: string; slot: bigint }; value: T } {
  return { context: { apiVersion: LOCAL_SOLANA_RPC_VERSION['solana-core'], slot: context.ledger.slot }, value };
}

export function createRpcContext(ledger: LocalLedger, genesisHash: string): RpcContext {
  return {
    ledger,
    genesisHash,
    findAccount(address) {
      const account = ledger.svm.getAccount(address);
      return account.exists ? account : undefined;
    },
  };
}
