import { getBase64Encoder } from '@solana/kit';
import { LOCAL_SOLANA_RPC_VERSION } from '@latch/testkit';
import { withContext, type RpcContext, type RpcMethod } from './rpcContext.js';
import { invalidParams } from './rpcError.js';
import { stringParam, u64Param } from './rpcParams.js';
import { decodeCompiledMessage, transactionFee } from './wireTransaction.js';

const MINIMUM_SLOTS_PER_EPOCH = 32n;

function trailingZeros(value: bigint): bigint {
  let zeros = 0n;
  while (value > 0n && (value & 1n) === 0n) {
    value >>= 1n;
    zeros += 1n;
  }
  return zeros;
}

function nextPowerOfTwo(value: bigint): bigint {
  let power = 1n;
  while (power < value) power <<= 1n;
  return power;
}

/** agave's EpochSchedule::get_epoch_and_slot_index, warm-up epochs included. */
function epochOf(context: RpcContext, slot: bigint): { epoch: bigint; slotIndex: bigint; slotsInEpoch: bigint } {
  const schedule = context.ledger.svm.getEpochSchedule();
  if (schedule.warmup && slot < schedule.firstNormalSlot) {
    const epoch = trailingZeros(nextPowerOfTwo(slot + MINIMUM_SLOTS_PER_EPOCH + 1n)) - trailingZeros(MINIMUM_SLOTS_PER_EPOCH) - 1n;
    const slotsInEpoch = 1n << (epoch + trailingZeros(MINIMUM_SLOTS_PER_EPOCH));
    return { epoch, slotIndex: slot - (slotsInEpoch - MINIMUM_SLOTS_PER_EPOCH), slotsInEpoch };
  }
  const normalSlot = slot - schedule.firstNormalSlot;
  return {
    epoch: schedule.firstNormalEpoch + normalSlot / schedule.slotsPerEpoch,
    slotIndex: normalSlot % schedule.slotsPerEpoch,
    slotsInEpoch: schedule.slotsPerEpoch,
  };
}

export const clusterMethods: Readonly<Record<string, RpcMethod>> = {
  getHealth: () => 'ok',
  getVersion: () => LOCAL_SOLANA_RPC_VERSION,
  getGenesisHash: (_params, context) => context.genesisHash,
  getSlot: (_params, context) => context.ledger.slot,
  getBlockHeight: (_params, context) => context.ledger.blockHeight,
  getTransactionCount: (_params, context) => context.ledger.transactionCount,
  getRecentPrioritizationFees: () => [],
  getEpochInfo: (_params, context) => {
    const { epoch, slotIndex, slotsInEpoch } = epochOf(context, context.ledger.slot);
    return {
      absoluteSlot: context.ledger.slot,
      blockHeight: context.ledger.blockHeight,
      epoch,
      slotIndex,
      slotsInEpoch,
      transactionCount: context.ledger.transactionCount,
    };
  },
  getEpochSchedule: (_params, context) => {
    const schedule = context.ledger.svm.getEpochSchedule();
    return {
      firstNormalEpoch: schedule.firstNormalEpoch,
      firstNormalSlot: schedule.firstNormalSlot,
      leaderScheduleSlotOffset: schedule.leaderScheduleSlotOffset,
      slotsPerEpoch: schedule.slotsPerEpoch,
      warmup: schedule.warmup,
    };
  },
  getLatestBlockhash: (_params, context) => withContext(context, context.ledger.latestBlockhash()),
  isBlockhashValid: (params, context) => withContext(context, context.ledger.isBlockhashValid(stringParam(params, 0, 'a blockhash'))),
  getFeeForMessage: (params, context) => {
    let message: ReturnType<typeof decodeCompiledMessage>;
    try {
      message = decodeCompiledMessage(new Uint8Array(getBase64Encoder().encode(stringParam(params, 0, 'a base64 message'))));
    } catch (error) {
      throw invalidParams(`invalid message: ${error instanceof Error ? error.message : String(error)}`);
    }
    const fee = context.ledger.isBlockhashValid(message.lifetimeToken) ? transactionFee(message) : null;
    return withContext(context, fee);
  },
  getMinimumBalanceForRentExemption: (params, context) =>
    context.ledger.svm.minimumBalanceForRentExemption(u64Param(params, 0, 'the account data length')),
};
