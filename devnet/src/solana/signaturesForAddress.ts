import type { LedgerTransaction } from './localLedger.js';
import type { RpcMethod } from './rpcContext.js';
import { invalidParams, minContextSlotNotReached } from './rpcError.js';
import { addressParam, configParam, optionalString, signatureString, type RpcConfig } from './rpcParams.js';

/** agave's MAX_GET_CONFIRMED_SIGNATURES_FOR_ADDRESS2_LIMIT: also the default. */
export const MAX_SIGNATURES_FOR_ADDRESS = 1000;

const MEMO_PROGRAMS = new Set(['MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo']);

function limitOf(config: RpcConfig): number {
  const limit = config.limit;
  if (limit === undefined || limit === null) return MAX_SIGNATURES_FOR_ADDRESS;
  if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 0) {
    throw invalidParams('Invalid params: invalid type: limit must be an unsigned integer');
  }
  if (limit === 0 || limit > MAX_SIGNATURES_FOR_ADDRESS) throw invalidParams(`Invalid limit; max ${MAX_SIGNATURES_FOR_ADDRESS}`);
  return limit;
}

function optionalSignature(config: RpcConfig, key: 'before' | 'until'): string | undefined {
  const value = config[key];
  return value === undefined || value === null ? undefined : signatureString(value);
}

/** The memo column as agave fills it: each memo instruction's data as `[length] text`, joined by '; '. */
function memoOf(record: LedgerTransaction): string | null {
  const { staticAccounts, instructions } = record.wire.message;
  const memos = instructions
    .filter((instruction) => MEMO_PROGRAMS.has(staticAccounts[instruction.programAddressIndex] ?? ''))
    .map((instruction) => {
      const data = instruction.data ?? new Uint8Array();
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(data);
      } catch {
        text = '(unparseable)';
      }
      return `[${data.length}] ${text}`;
    });
  return memos.length > 0 ? memos.join('; ') : null;
}

/**
 * `getSignaturesForAddress(address, { limit, before, until, commitment, minContextSlot })`: the signatures of
 * the transactions whose account keys hold the address, newest first, as agave answers. Listing starts below
 * `before` (an unknown `before` gives an empty list) and stops above `until` (an unknown `until` sets no bound);
 * failed transactions are listed too, with their error.
 */
export const getSignaturesForAddress: RpcMethod = (params, context) => {
  const address = addressParam(params, 0);
  const config = configParam(params, 1);
  const limit = limitOf(config);
  const before = optionalSignature(config, 'before');
  const until = optionalSignature(config, 'until');
  const commitment = optionalString(config, 'commitment');
  if (commitment === 'processed') throw invalidParams('Method does not support commitment below `confirmed`');
  const minContextSlot = config.minContextSlot;
  if (typeof minContextSlot === 'number' && BigInt(minContextSlot) > context.ledger.slot) {
    throw minContextSlotNotReached(context.ledger.slot);
  }
  const beforeSlot = before === undefined ? undefined : context.ledger.transaction(before)?.slot;
  if (before !== undefined && beforeSlot === undefined) return [];
  // Bounds are slots (the ledger lands one transaction per slot), so they need not mention the address.
  const untilSlot = until === undefined ? undefined : context.ledger.transaction(until)?.slot;
  const history = context.ledger
    .transactionsOf(address)
    .filter((record) => (beforeSlot === undefined || record.slot < beforeSlot) && (untilSlot === undefined || record.slot > untilSlot));
  return history.slice(0, limit).map((record) => ({
    signature: record.signature,
    slot: record.slot,
    err: record.err,
    memo: memoOf(record),
    blockTime: record.blockTime,
    confirmationStatus: 'finalized',
  }));
};
