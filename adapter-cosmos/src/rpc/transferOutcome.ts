import { LatchError, REQUEST_ABORTED_MESSAGE } from '@latch/kernel';
import type { TransferOutcome } from '@latch/kernel';
import type { QueryClient } from './queryClient.js';
import { RPC_TIMEOUT_MS, withTimeout } from './timeout.js';
import { chainRejection } from './transferErrors.js';

/** A transfer not in a block after this long is reported as failed (dropped from the mempool, or never sent). */
export const TRANSFER_WAIT_LIMIT_MS = 60_000;

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => {
      clearTimeout(timer);
      reject(new LatchError(REQUEST_ABORTED_MESSAGE, { category: 'INTERNAL_SDK_ERROR' }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }, ms);
    if (signal?.aborted) aborted();
    else signal?.addEventListener('abort', aborted, { once: true });
  });
}

/** Looks the transaction up (`tx_search tx.hash=…`) until a block holds it: confirmed when its code is 0. */
export async function waitForTransferOutcome(
  client: QueryClient,
  hash: string,
  { signal, pollIntervalMs }: { signal?: AbortSignal; pollIntervalMs: number },
): Promise<TransferOutcome> {
  if (!/^[0-9A-Fa-f]{64}$/.test(hash)) throw new LatchError(`Not a Cosmos transaction hash: ${hash}`, { category: 'VALIDATION_ERROR' });
  const started = Date.now();
  for (;;) {
    if (signal?.aborted) throw new LatchError(REQUEST_ABORTED_MESSAGE, { category: 'INTERNAL_SDK_ERROR' });
    const tx = await withTimeout(client.getTx(hash.toUpperCase()), RPC_TIMEOUT_MS, 'The Cosmos node');
    if (tx) return tx.code === 0 ? { status: 'confirmed' } : { status: 'failed', reason: chainRejection(tx.code, '', tx.rawLog).message };
    if (Date.now() - started >= TRANSFER_WAIT_LIMIT_MS) {
      return { status: 'failed', reason: `The transfer was not included in a block within ${TRANSFER_WAIT_LIMIT_MS / 1000} s.` };
    }
    await pause(pollIntervalMs, signal);
  }
}
