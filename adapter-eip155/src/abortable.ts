import { LatchError, REQUEST_ABORTED_MESSAGE } from '@latch/kernel';

/** The error every abortable read rejects with once its signal fires. */
export function abortError(signal: AbortSignal): LatchError {
  return new LatchError(REQUEST_ABORTED_MESSAGE, { category: 'RPC_ERROR', cause: signal.reason });
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

/** Settles with `work`, or rejects as soon as `signal` fires (viem's requests take no signal of their own). */
export function abortable<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(abortError(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

/** Waits `ms`, or rejects when `signal` fires first. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return abortable(wait, signal).finally(() => clearTimeout(timer));
}
