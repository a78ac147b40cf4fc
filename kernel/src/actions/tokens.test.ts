import { describe, expect, it, vi } from 'vitest';
import { createTestModal } from '../test-support/testModal.js';
import { sepolia } from '@latch/testkit/kernel';
import type { TokenBalance } from '../types.js';
import { TOKEN_RETRY_GAP_MS } from './tokens.js';
import { getInternals } from '../internals.js';

const token = (symbol: string, decimals: string): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: 'eip155:1',
  address: '0x1',
  iconUrl: '',
  quantity: { decimals, numeric: '1' },
});

describe('token balances (§5, §8, §9)', () => {
  it('loads from the adapter, dropping tokens whose decimals are "0"', async () => {
    const { modal, fake } = createTestModal();
    (fake.adapter.capabilities!.balance as { getTokenBalances?: unknown }).getTokenBalances = async () => [
      token('LDT', '18'),
      token('ZERO', '0'),
    ];
    await modal.connect('w');
    await getInternals(modal).refreshTokenBalances('eip155');
    expect(modal.getState().account?.tokenBalance.map((t) => t.symbol)).toEqual(['LDT']);
  });

  it('prefers a configured balance service', async () => {
    const getBalances = vi.fn(async () => [token('SVC', '6')]);
    const { modal } = createTestModal({ dataServices: { balances: { getBalances } } });
    await modal.connect('w');
    await getInternals(modal).refreshTokenBalances('eip155');
    expect(modal.getState().account?.tokenBalance.map((t) => t.symbol)).toEqual(['SVC']);
  });

  it("a failure shows 'Token Balance Unavailable' and blocks retries for 30 s", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect(TOKEN_RETRY_GAP_MS).toBe(30_000);
      const getBalances = vi.fn(async (): Promise<TokenBalance[]> => {
        throw new Error('indexer down');
      });
      const { modal } = createTestModal({ dataServices: { balances: { getBalances } } });
      await modal.connect('w');
      await getInternals(modal).refreshTokenBalances('eip155');
      expect(modal.getState().snack).toMatchObject({ open: true, variant: 'error', message: 'Token Balance Unavailable' });
      await getInternals(modal).refreshTokenBalances('eip155');
      expect(getBalances).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(TOKEN_RETRY_GAP_MS);
      await getInternals(modal).refreshTokenBalances('eip155');
      expect(getBalances).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lists nothing on a test network', async () => {
    const getBalances = vi.fn(async () => [token('X', '18')]);
    const { modal } = createTestModal({ networks: [sepolia], dataServices: { balances: { getBalances } } });
    await modal.connect('w');
    await getInternals(modal).refreshTokenBalances('eip155');
    expect(getBalances).not.toHaveBeenCalled();
    expect(modal.getState().account?.tokenBalance).toEqual([]);
  });

  it('remembers the account tab', async () => {
    const { modal } = createTestModal();
    await modal.connect('w');
    getInternals(modal).setAccountTab('eip155', 'Activity');
    expect(modal.getState().account?.currentTab).toBe('Activity');
  });
});
