import { describe, expect, it } from 'vitest';
import type { AccountPageRequest, Nft, Transaction } from '../plugins/dataServices.js';
import { createTestModal } from '../test-support/testModal.js';

function tx(id: string, extra: { chain?: string; spam?: boolean[] } = {}): Transaction {
  return {
    id,
    metadata: {
      minedAt: '2026-11-20T10:00:00.000Z',
      chain: extra.chain ?? 'eip155:1',
      operationType: 'send',
      status: 'confirmed',
      sentFrom: '0xa',
      sentTo: '0xb',
    },
    transfers: (extra.spam ?? [false]).map((spam) => ({ quantity: { numeric: '1' }, nft_info: { flags: { is_spam: spam } } })),
  };
}

describe('getTransactions', () => {
  it("reads the adapter's activity for the connected account and active network, passing the cursor", async () => {
    const { modal, fake } = createTestModal();
    const asked: AccountPageRequest[] = [];
    fake.adapter.capabilities!.activity = {
      async getTransactions(request) {
        asked.push(request);
        return request.cursor ? { data: [tx('0x2')] } : { data: [tx('0x1')], next: 'page-2' };
      },
    };
    await modal.connect('w');
    const first = await modal.getTransactions();
    expect(first).toEqual({ data: [tx('0x1')], next: 'page-2' });
    expect(await modal.getTransactions({ cursor: first.next })).toEqual({ data: [tx('0x2')] });
    expect(asked.map((r) => [r.address, r.caipNetworkId, r.cursor])).toEqual([
      [fake.address, 'eip155:1', undefined],
      [fake.address, 'eip155:1', 'page-2'],
    ]);
  });

  it('§5: drops all-spam transactions and those of other networks, keeps partly-spam ones', async () => {
    const { modal, fake } = createTestModal();
    fake.adapter.capabilities!.activity = {
      getTransactions: async () => ({
        data: [tx('keep'), tx('spam', { spam: [true, true] }), tx('mixed', { spam: [true, false] }), tx('other', { chain: 'eip155:8453' })],
      }),
    };
    await modal.connect('w');
    expect((await modal.getTransactions()).data.map((t) => t.id)).toEqual(['keep', 'mixed']);
  });

  it('prefers the configured activity service over the adapter', async () => {
    const { modal, fake } = createTestModal({
      dataServices: { activity: { getTransactions: async () => ({ data: [tx('from-service')] }) } },
    });
    fake.adapter.capabilities!.activity = { getTransactions: async () => ({ data: [tx('from-adapter')] }) };
    await modal.connect('w');
    expect((await modal.getTransactions()).data.map((t) => t.id)).toEqual(['from-service']);
  });

  it("§8: a failure shows 'Failed to fetch transactions' and rejects with an API_ERROR", async () => {
    const { modal, fake } = createTestModal();
    fake.adapter.capabilities!.activity = { getTransactions: async () => Promise.reject(new Error('HTTP status code: 502')) };
    await modal.connect('w');
    await expect(modal.getTransactions()).rejects.toMatchObject({ category: 'API_ERROR', message: 'HTTP status code: 502' });
    await expect.poll(() => modal.getState().snack).toEqual({ open: true, message: 'Failed to fetch transactions', variant: 'error' });
  });

  it('treats a malformed page as a failure', async () => {
    const { modal, fake } = createTestModal();
    fake.adapter.capabilities!.activity = { getTransactions: async () => ({ items: [] }) as never };
    await modal.connect('w');
    await expect(modal.getTransactions()).rejects.toThrow('The activity provider returned a malformed page');
  });

  it("§8: without an address: 'Transactions can't be fetched without an accountAddress'", async () => {
    const { modal } = createTestModal();
    await expect(modal.getTransactions()).rejects.toThrow("Transactions can't be fetched without an accountAddress");
  });

  it('is an empty page where nothing provides activity', async () => {
    const { modal } = createTestModal();
    await modal.connect('w');
    expect(await modal.getTransactions()).toEqual({ data: [] });
  });
});

describe('getNfts', () => {
  const nft = (tokenId: string): Nft => ({ contract: '0xc', tokenId, chainId: 'eip155:1', name: `#${tokenId}` });

  it("reads the adapter's NFTs with paging and drops malformed items", async () => {
    const { modal, fake } = createTestModal();
    fake.adapter.capabilities!.nfts = {
      getNfts: async (request) =>
        request.cursor ? { data: [nft('3')] } : { data: [nft('1'), { tokenId: 2 } as unknown as Nft, nft('2')], next: 'n' },
    };
    await modal.connect('w');
    const first = await modal.getNfts();
    expect(first.data.map((n) => n.tokenId)).toEqual(['1', '2']);
    expect((await modal.getNfts({ cursor: first.next })).data.map((n) => n.tokenId)).toEqual(['3']);
  });

  it('rejects with an API_ERROR and reports it', async () => {
    const { modal, fake } = createTestModal();
    fake.adapter.capabilities!.nfts = { getNfts: async () => Promise.reject(new Error('boom')) };
    await modal.connect('w');
    const events: string[] = [];
    modal.on('ERROR', ({ event }) => events.push(event));
    await expect(modal.getNfts()).rejects.toMatchObject({ category: 'API_ERROR' });
    expect(events).toEqual(['FETCH_NFTS_ERROR']);
  });
});

describe('resolveName', () => {
  it("asks the adapter's names capability on the active network", async () => {
    const { modal, fake } = createTestModal();
    const asked: string[] = [];
    fake.adapter.capabilities!.names = {
      async resolveName(name, network) {
        asked.push(`${name}@${network.caipNetworkId}`);
        return name === 'alice.eth' ? '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' : undefined;
      },
    };
    expect(await modal.resolveName('alice.eth')).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(await modal.resolveName('nobody.eth')).toBeUndefined();
    expect(asked).toEqual(['alice.eth@eip155:1', 'nobody.eth@eip155:1']);
  });

  it('falls back to the names data service', async () => {
    const asked: (string | undefined)[] = [];
    const { modal } = createTestModal({
      dataServices: {
        names: {
          // The fake adapter refuses '' as an address: the first address it accepts is the answer.
          resolveName: async (_name, network) => (asked.push(network?.caipNetworkId), ['', '0xabc']),
          lookupAddress: async () => [],
          getSuggestions: async () => [],
        },
      },
    });
    expect(await modal.resolveName('bob.test')).toBe('0xabc');
    expect(asked).toEqual(['eip155:1']);
  });

  it("§8: a failure is 'Error resolving name'", async () => {
    const { modal, fake } = createTestModal();
    fake.adapter.capabilities!.names = { resolveName: async () => Promise.reject(new Error('rpc down')) };
    await expect(modal.resolveName('alice.eth')).rejects.toThrow(/^Error resolving name$/);
  });
});

describe('token prices', () => {
  it('fills price and value from the price service, and leaves balances unpriced without one', async () => {
    const row = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1' as const, quantity: { decimals: '18', numeric: '2' }, iconUrl: '' };
    const asked: unknown[] = [];
    const { modal, fake } = createTestModal({
      dataServices: {
        prices: {
          async getPrices(request) {
            asked.push(request.tokens);
            return [1500.5];
          },
        },
      },
    });
    fake.adapter.capabilities!.balance = { ...fake.adapter.capabilities!.balance!, getTokenBalances: async () => [row] };
    await modal.connect('w');
    const { getInternals } = await import('../internals.js');
    await getInternals(modal).refreshTokenBalances('eip155');
    expect(modal.getState().account?.tokenBalance).toEqual([{ ...row, price: 1500.5, value: 3001 }]);
    expect(asked).toEqual([[{ symbol: 'ETH' }]]);

    const bare = createTestModal();
    bare.fake.adapter.capabilities!.balance = { ...bare.fake.adapter.capabilities!.balance!, getTokenBalances: async () => [row] };
    await bare.modal.connect('w');
    await getInternals(bare.modal).refreshTokenBalances('eip155');
    expect(bare.modal.getState().account?.tokenBalance).toEqual([row]);
  });

  it('keeps the balances when the price service fails or answers nonsense', async () => {
    const row = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1' as const, quantity: { decimals: '18', numeric: '2' }, iconUrl: '' };
    for (const getPrices of [async () => Promise.reject(new Error('down')), async () => [Number.NaN], async () => 'x' as never]) {
      const { modal, fake } = createTestModal({ dataServices: { prices: { getPrices } } });
      fake.adapter.capabilities!.balance = { ...fake.adapter.capabilities!.balance!, getTokenBalances: async () => [row] };
      await modal.connect('w');
      const { getInternals } = await import('../internals.js');
      await getInternals(modal).refreshTokenBalances('eip155');
      expect(modal.getState().account?.tokenBalance).toEqual([row]);
    }
  });
});
