import { describe, expect, it } from 'vitest';
import { connector } from '@latch/testkit/kernel';
import { watchConnectorList } from './Connector.js';

describe('watchConnectorList', () => {
  it('passes the list at once and on each change, skips a list with the same connectors in order, and unsubscribes', () => {
    const a = connector('a', 'eip155');
    const b = connector('b', 'eip155');
    let current = [a];
    let signal: (() => void) | undefined;
    let unsubscribed = false;
    const seen: string[][] = [];
    const stop = watchConnectorList(
      (changed) => {
        signal = changed;
        return () => void (unsubscribed = true);
      },
      () => current,
      (list) => seen.push(list.map((c) => c.id)),
    );
    expect(seen).toEqual([['a']]);
    current = [a];
    signal?.();
    expect(seen).toEqual([['a']]);
    current = [a, b];
    signal?.();
    current = [b, a];
    signal?.();
    expect(seen).toEqual([['a'], ['a', 'b'], ['b', 'a']]);
    stop();
    expect(unsubscribed).toBe(true);
  });
});
