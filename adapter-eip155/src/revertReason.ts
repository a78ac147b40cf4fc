import { mapNodeError } from './nodeErrors.js';
import type { NodeReceipt, NodeTransaction } from './nodeShapes.js';
import { describeRevertData } from './revertData.js';
import { replayFailure } from './revertReplay.js';
import type { NetworkClient } from './rpc/client.js';

const REVERTED = 'The transaction was reverted by the contract.';
const OUT_OF_GAS = 'The transaction ran out of gas: its gas limit was too low.';

/**
 * Why a mined transaction reverted, in words: its failure replayed on the state it ran on (a front-runner earlier in
 * the same block included), the revert data decoded; §8 wording through `mapNodeError`.
 */
export async function readRevertReason(
  client: NetworkClient,
  transaction: NodeTransaction,
  receipt: NodeReceipt,
  signal?: AbortSignal,
): Promise<string> {
  const failure = await replayFailure(client, transaction, signal);
  const reason = failure?.data ? describeRevertData(failure.data) : undefined;
  if (reason) return mapNodeError(`execution reverted: ${reason}`)?.message ?? REVERTED;
  // Every unit of gas used up: it ran out (nodes word the replay's failure differently, e.g. ReentrancySentryOOG).
  if (receipt.gasUsed >= transaction.gas) return OUT_OF_GAS;
  const message = failure?.message ?? '';
  if (/out of gas|OOG\b/i.test(message)) return OUT_OF_GAS;
  if (/custom error/i.test(message)) return REVERTED; // a selector means nothing to a visitor
  return mapNodeError(message)?.message ?? REVERTED;
}
