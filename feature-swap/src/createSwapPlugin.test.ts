import { describe, expect, it } from 'vitest';
import { createSwapPlugin, SWAP_VIEW } from './createSwapPlugin.js';
import type { QuoteProvider } from './types.js';

const INVALID_OPTION = expect.objectContaining({ name: 'LatchError', category: 'VALIDATION_ERROR', code: 'INVALID_OPTION' });

const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';
const C = '0x3333333333333333333333333333333333333333';
const local = { v2: { router: A, factory: B }, weth: C } as const;

describe('createSwapPlugin', () => {
  it('answers to the swaps flag with one lazy view and §9 slippage 1 %', async () => {
    const plugin = createSwapPlugin({ networks: { 31337: local } });
    expect(plugin).toMatchObject({ id: 'swaps', feature: 'swaps' });
    expect(plugin.swap.slippage).toBe(1);
    expect(Object.keys(plugin.views ?? {})).toEqual([SWAP_VIEW]);
    expect(plugin.swap.networks[31337]).toEqual(local);
    const view = await plugin.views?.[SWAP_VIEW]?.();
    expect(typeof view?.default).toBe('function');
  });

  it('takes a slippage and a quote provider, or a function that loads one', () => {
    const provider: QuoteProvider = { id: 'aggregator', quote: () => Promise.reject(new Error('unused')) };
    expect(createSwapPlugin({ slippage: 0.5, quoteProvider: provider }).swap).toMatchObject({ slippage: 0.5, quoteProvider: provider });
    const load = () => Promise.resolve(provider);
    expect(createSwapPlugin({ quoteProvider: load }).swap.quoteProvider).toBe(load);
  });

  it.each([
    [{ networks: { abc: local } }, "network keys are eip155 chain ids, got 'abc'"],
    [{ networks: { 5: { weth: C } } }, 'networks[5] needs v2 or v3 contracts'],
    [{ networks: { 5: { ...local, weth: undefined } } }, 'networks[5].weth is not a 0x address'],
    [{ networks: { 5: { ...local, v2: { router: '0x12', factory: B } } } }, 'networks[5].v2.router is not a 0x address'],
    [{ networks: { 5: { v3: { router: A, quoter: '0x', factory: C }, weth: C } } }, 'networks[5].v3.quoter is not a 0x address'],
    [{ slippage: 0 }, 'slippage must be in (0, 50] percent'],
    [{ slippage: 51 }, 'slippage must be in (0, 50] percent'],
    [{ quoteProvider: {} }, 'quoteProvider needs a quote() method'],
  ] as [unknown, string][])('refuses %j', (options, message) => {
    expect(() => createSwapPlugin(options as never)).toThrow(`createSwapPlugin: ${message}`);
    expect(() => createSwapPlugin(options as never)).toThrow(INVALID_OPTION);
  });
});
