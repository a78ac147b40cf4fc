import { LatchError, REQUEST_ABORTED_MESSAGE } from '@latch/kernel';

export function abortedError(signal: AbortSignal): LatchError {
  return new LatchError(REQUEST_ABORTED_MESSAGE, { category: 'RPC_ERROR', cause: signal.reason });
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortedError(signal);
}

/** Waits `ms`, or rejects with the §8 'Request was aborted' as soon as `signal` fires. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError(signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
