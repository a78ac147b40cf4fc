import { LatchError, readErrorCode, readErrorMessage, toLatchError } from '@latch/kernel';
import { mapNodeError } from './nodeErrors.js';
import { describeRevertData, revertData } from './revertData.js';

const REVERT_REASON = /execution reverted:\s*([^\n]+)/i;

/**
 * A node or wallet refusing a transaction before it is sent (gas estimation, the wallet's own checks). Nothing reached
 * the chain, so a contract's refusal is worded as one, never as "reverted"; other node wording is mapped (§8).
 */
export function refusalBeforeSending(err: unknown): LatchError {
  const message = readErrorMessage(err);
  const mapped = mapNodeError(message);
  if (!mapped) return toLatchError(err, 'CONNECTOR_ERROR');
  const code = readErrorCode(err);
  const options = { category: 'RPC_ERROR' as const, cause: err, ...(code === undefined ? {} : { code }) };
  if (mapped.kind !== 'EXECUTION_REVERTED') return new LatchError(mapped.message, options);
  const data = revertData(err);
  const reason = (data && describeRevertData(data)) ?? readableReason(message);
  return new LatchError(`The contract refused this transaction${reason ? `: ${reason}` : ''}. Nothing was sent.`, options);
}

/** The node's text after "execution reverted:", unless it is only a selector (which means nothing to a visitor). */
function readableReason(message: string): string | undefined {
  const text = REVERT_REASON.exec(message)?.[1]?.trim();
  if (!text || /custom error|^0x[0-9a-f]*$/i.test(text)) return undefined;
  return text.replace(/\p{Cc}/gu, ' ').slice(0, 200);
}
