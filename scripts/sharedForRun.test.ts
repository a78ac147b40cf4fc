import { describe, expect, it } from 'vitest';
import { sharedForRun } from './test-support/sharedForRun.js';

describe('sharedForRun: one resource for the projects of a run', () => {
  it('starts once for every project that asks, and stops after the last one releases it', async () => {
    const log: string[] = [];
    let made = 0;
    const start = async () => {
      made += 1;
      log.push(`start ${made}`);
      return { id: made };
    };
    const stop = async (value: { id: number }) => void log.push(`stop ${value.id}`);
    const [first, second] = await Promise.all([
      sharedForRun('latch.test.sharedForRun.a', start, stop),
      sharedForRun('latch.test.sharedForRun.a', start, stop),
    ]);
    expect(first.value).toBe(second.value);
    await first.release();
    expect(log).toEqual(['start 1']);
    await second.release();
    expect(log).toEqual(['start 1', 'stop 1']);
    // A project after that gets a new one.
    const third = await sharedForRun('latch.test.sharedForRun.a', start, stop);
    expect(third.value).toEqual({ id: 2 });
    await third.release();
    expect(log).toEqual(['start 1', 'stop 1', 'start 2', 'stop 2']);
  });

  it('keys keep resources apart, and a start that fails fails every project that waits on it', async () => {
    const failing = () => Promise.reject(new Error('no server here'));
    await expect(sharedForRun('latch.test.sharedForRun.b', failing, async () => undefined)).rejects.toThrow('no server here');
    await expect(
      sharedForRun(
        'latch.test.sharedForRun.b',
        async () => 'other',
        async () => undefined,
      ),
    ).rejects.toThrow('no server here');
    const other = await sharedForRun(
      'latch.test.sharedForRun.c',
      async () => 'c',
      async () => undefined,
    );
    expect(other.value).toBe('c');
    await other.release();
  });
});
