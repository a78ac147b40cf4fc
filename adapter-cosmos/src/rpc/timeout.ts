import { LatchError } from '@latch/kernel';

/** §9: an RPC answer is given up on after 10 s. */
export const RPC_TIMEOUT_MS = 10_000;

/** Rejects with an RPC_ERROR when `work` takes longer than `ms` (CosmJS's HTTP client has no timeout of its own). */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LatchError(`${what} did not answer within ${ms / 1000} s`, { category: 'RPC_ERROR' })), ms);
  });
  try {
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
