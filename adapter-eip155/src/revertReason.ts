import { isLatchError, readErrorMessage } from '@latch/kernel';
import { mapNodeError } from './nodeErrors.js';
import { nodeRequest } from './nodeRequest.js';
import type { NodeReceipt, NodeTransaction } from './nodeShapes.js';
import { describeRevertData, revertData } from './revertData.js';
import { toHexQuantity } from './provider.js';
import type { NetworkClient } from './rpc/client.js';

const REVERTED = 'The transaction was reverted by the contract.';
const OUT_OF_GAS = 'The transaction ran out of gas: its gas limit was too low.';

/**
 * Why a mined transaction reverted, as wallets find out: the same call replayed with `eth_call` on the
 * state its block started from, and the revert data read back. §8 wording through `mapNodeError`.
 */
export async function readRevertReason(
  client: NetworkClient,
  transaction: NodeTransaction,
  receipt: NodeReceipt,
  signal?: AbortSignal,
): Promise<string> {
  const call = {
    from: transaction.from,
    ...(transaction.to ? { to: transaction.to } : {}),
    data: transaction.input,
    value: toHexQuantity(transaction.value),
    gas: toHexQuantity(transaction.gas),
  };
  const block = toHexQuantity(receipt.blockNumber > 0n ? receipt.blockNumber - 1n : 0n);
  let failure: unknown;
  try {
    await nodeRequest(client, 'eth_call', [call, block], signal);
  } catch (err) {
    if (isLatchError(err)) throw err; // aborted
    failure = err;
  }
  const data = failure === undefined ? undefined : revertData(failure);
  const reason = data ? describeRevertData(data) : undefined;
  if (reason) return mapNodeError(`execution reverted: ${reason}`)?.message ?? REVERTED;
  // Every unit of gas used up: it ran out (nodes word the replay's failure differently, e.g. ReentrancySentryOOG).
  if (receipt.gasUsed >= transaction.gas) return OUT_OF_GAS;
  const message = failure === undefined ? '' : readErrorMessage(failure);
  if (/out of gas|OOG\b/i.test(message)) return OUT_OF_GAS;
  if (/custom error/i.test(message)) return REVERTED; // a selector means nothing to a visitor
  return mapNodeError(message)?.message ?? REVERTED;
}
