import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADDRESS_CACHE_MAX_ENTRIES, BALANCE_CACHE_TTL_MS, NAME_CACHE_TTL_MS, createTtlCache } from './cache.js';

const INVALID_OPTION = expect.objectContaining({ name: 'LatchError', category: 'VALIDATION_ERROR', code: 'INVALID_OPTION' });

function manualClock(start = 1_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => void (time += ms) };
}

describe('§9 cache constants', () => {
  it('match the spec', () => {
    expect(BALANCE_CACHE_TTL_MS).toBe(30_000);
    expect(NAME_CACHE_TTL_MS).toBe(300_000);
    expect(ADDRESS_CACHE_MAX_ENTRIES).toBe(8192);
  });
});

describe('createTtlCache', () => {
  it('stores, reads, deletes and clears', () => {
    const cache = createTtlCache<number>({ ttlMs: 1_000 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    expect(cache.has('b')).toBe(true);
    expect(cache.delete('a')).toBe(true);
    expect(cache.delete('a')).toBe(false);
    expect(cache.get('a')).toBeUndefined();
    cache.clear();
    expect(cache.has('b')).toBe(false);
    expect(cache.size).toBe(0);
  });

  it('stops returning an entry once its ttl has passed', () => {
    const clock = manualClock();
    const cache = createTtlCache<string>({ ttlMs: BALANCE_CACHE_TTL_MS, now: clock.now });
    cache.set('balance', '1.0');
    clock.advance(BALANCE_CACHE_TTL_MS - 1);
    expect(cache.get('balance')).toBe('1.0');
    clock.advance(1);
    expect(cache.get('balance')).toBeUndefined();
    expect(cache.has('balance')).toBe(false);
  });

  it('purges expired entries rather than keeping them', () => {
    const clock = manualClock();
    const cache = createTtlCache<number>({ ttlMs: 100, now: clock.now });
    cache.set('old-1', 1);
    cache.set('old-2', 2);
    clock.advance(50);
    cache.set('fresh', 3);
    clock.advance(60);
    expect(cache.size).toBe(1);
    expect(cache.get('fresh')).toBe(3);
  });

  it('refreshes the expiry when a key is set again', () => {
    const clock = manualClock();
    const cache = createTtlCache<number>({ ttlMs: 100, now: clock.now });
    cache.set('a', 1);
    cache.set('b', 2);
    clock.advance(90);
    cache.set('a', 10);
    clock.advance(20);
    expect(cache.get('a')).toBe(10);
    expect(cache.get('b')).toBeUndefined();
  });

  it('evicts the oldest entry beyond maxEntries', () => {
    const cache = createTtlCache<number>({ ttlMs: 1_000, maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.has('a')).toBe(false);
    expect(cache.get('b')).toBe(2);
    expect(cache.get('c')).toBe(3);
    cache.set('b', 20);
    cache.set('d', 4);
    expect(cache.has('c')).toBe(false);
    expect(cache.get('b')).toBe(20);
    expect(cache.size).toBe(2);
  });

  it('holds at most ADDRESS_CACHE_MAX_ENTRIES', () => {
    const cache = createTtlCache<number>({ ttlMs: NAME_CACHE_TTL_MS, maxEntries: ADDRESS_CACHE_MAX_ENTRIES });
    for (let i = 0; i < ADDRESS_CACHE_MAX_ENTRIES + 10; i++) cache.set(`0x${i}`, i);
    expect(cache.size).toBe(ADDRESS_CACHE_MAX_ENTRIES);
    expect(cache.has('0x9')).toBe(false);
    expect(cache.get('0x10')).toBe(10);
  });

  it('keeps two caches independent', () => {
    const first = createTtlCache<number>({ ttlMs: 1_000 });
    const second = createTtlCache<number>({ ttlMs: 1_000 });
    first.set('k', 1);
    expect(second.has('k')).toBe(false);
  });

  it('rejects a non-positive ttl or maxEntries, as an option mistake', () => {
    expect(() => createTtlCache({ ttlMs: 0 })).toThrow(INVALID_OPTION);
    expect(() => createTtlCache({ ttlMs: Number.NaN })).toThrow('ttlMs must be a positive number (got NaN)');
    expect(() => createTtlCache({ ttlMs: 10, maxEntries: 0 })).toThrow(INVALID_OPTION);
    expect(() => createTtlCache({ ttlMs: 10, maxEntries: 1.5 })).toThrow('maxEntries must be a positive integer (got 1.5)');
  });

  describe('with the default clock', () => {
    afterEach(() => void vi.useRealTimers());

    it('follows Date.now under fake timers', () => {
      vi.useFakeTimers();
      const cache = createTtlCache<string>({ ttlMs: NAME_CACHE_TTL_MS });
      cache.set('0xabc', 'vitalik.eth');
      vi.advanceTimersByTime(NAME_CACHE_TTL_MS - 1);
      expect(cache.get('0xabc')).toBe('vitalik.eth');
      vi.advanceTimersByTime(1);
      expect(cache.get('0xabc')).toBeUndefined();
    });
  });
});
