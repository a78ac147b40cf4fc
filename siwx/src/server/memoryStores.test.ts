import { afterEach, describe, expect, it } from 'vitest';
import type { SiwxSession } from '../session.js';
import { createMemoryNonceStore } from './nonceStore.js';
import { createMemoryRateLimitStore } from './rateLimit.js';
import { createMemorySessionStore } from './sessionStore.js';

/*
 * Work is counted, not timed: every entry any Map hands out through an iterator or forEach in this
 * process is one step, so a store that scans its whole Map on each add shows it at once.
 */
const proto = Map.prototype as unknown as Record<string | symbol, (...args: unknown[]) => unknown>;
const iterating = ['entries', 'keys', 'values', Symbol.iterator] as const;
const originals = new Map<string | symbol, (...args: unknown[]) => unknown>();
let steps = 0;

function countMapSteps(): void {
  for (const name of [...iterating, 'forEach']) originals.set(name, proto[name]!);
  for (const name of iterating) {
    const original = originals.get(name)!;
    proto[name] = function (this: Map<unknown, unknown>) {
      const inner = original.call(this) as Iterator<unknown>;
      return {
        next: () => {
          steps += 1;
          return inner.next();
        },
        [Symbol.iterator]() {
          return this;
        },
      };
    };
  }
  const forEach = originals.get('forEach')!;
  proto.forEach = function (this: Map<unknown, unknown>, callback: unknown, thisArg: unknown) {
    return forEach.call(this, (...args: unknown[]) => {
      steps += 1;
      return (callback as (...a: unknown[]) => unknown).apply(thisArg, args);
    });
  };
}

afterEach(() => {
  for (const [name, original] of originals) proto[name] = original;
  originals.clear();
});

function clock() {
  let time = 1_900_000_000_000;
  return { now: () => time, advance: (ms: number) => void (time += ms) };
}

describe('memory stores', () => {
  it('issuing a nonce costs the same with 1 000 or 30 000 waiting (the old store scanned them all on every add)', () => {
    countMapSteps();
    const time = clock();
    const store = createMemoryNonceStore({ now: time.now, maxNonces: 1_000_000 });
    let issued = 0;
    const add = (count: number) => {
      for (let i = 0; i < count; i += 1) store.add(`nonce${(issued += 1)}`, time.now() + 300_000);
    };
    const stepsPerAdd = (population: number) => {
      add(population - issued);
      steps = 0;
      add(200);
      return steps / 200;
    };
    const small = stepsPerAdd(1_000);
    const large = stepsPerAdd(30_000);
    // A few entries per add, at either size: the same bound, not one that grows with what waits.
    expect(small).toBeLessThan(50);
    expect(large).toBeLessThan(50);
  });

  it('sweeps expired nonces as new ones come, refuses past the cap, and hands a nonce out once', () => {
    const time = clock();
    const store = createMemoryNonceStore({ now: time.now, maxNonces: 1_000 });
    for (let i = 0; i < 1_000; i += 1) store.add(`old${i}`, time.now() + 60_000);
    expect(() => store.add('one-too-many', time.now() + 60_000)).toThrow('Too many sign-ins are waiting; try again in a few minutes');
    time.advance(60_000);
    // Each add drops a few expired ones: a full store of expired nonces makes room for as many new ones.
    for (let i = 0; i < 1_000; i += 1) store.add(`new${i}`, time.now() + 60_000);
    expect(() => store.add('new1000', time.now() + 60_000)).toThrow(expect.objectContaining({ code: 'STORE_FULL' }));
    expect(store.take('new5')).toBe(time.now() + 60_000);
    expect(store.take('new5')).toBeUndefined();
    expect(store.take('old5')).toBeUndefined();
  });

  it('keeps sessions until their last one ends, and refuses new ids past the cap', () => {
    const time = clock();
    const store = createMemorySessionStore({ now: time.now, maxIds: 2 });
    const session = (ms: number) => ({ expiresAt: new Date(time.now() + ms).toISOString() }) as SiwxSession;
    store.set('a', [session(1_000), session(5_000)]);
    store.set('b', [session(1_000)]);
    expect(() => store.set('c', [session(1_000)])).toThrow(expect.objectContaining({ code: 'STORE_FULL' }));
    time.advance(1_000);
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toHaveLength(2);
    store.set('c', [session(1_000)]);
    time.advance(4_000);
    expect(store.get('a')).toBeUndefined();
  });

  it('counts per client and window; past its cap an unknown client counts as over its limit', () => {
    const time = clock();
    const store = createMemoryRateLimitStore({ now: time.now, maxKeys: 2 });
    const window = time.now();
    expect([store.hit('a', window, 60_000), store.hit('a', window, 60_000), store.hit('b', window, 60_000)]).toEqual([1, 2, 1]);
    expect(store.hit('c', window, 60_000)).toBe(Number.POSITIVE_INFINITY);
    time.advance(60_000);
    expect(store.hit('c', window + 60_000, 60_000)).toBe(1);
    expect(store.hit('a', window + 60_000, 60_000)).toBe(1);
  });
});
