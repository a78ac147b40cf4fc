import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AccountPageRequest, Transaction } from '@latch/kernel';
import { mainnet } from '../networks/index.js';
import {
  byBlockAndIndex,
  startBlockscoutStandIn,
  token,
  tokenInstance,
  tokenTransfer,
  transaction,
  txHash,
} from '../test-support/blockscoutStandIn.js';
import type { LoopbackReply } from '../test-support/loopbackServer.js';
import { createEip155Adapter } from '../adapter.js';
import { createBlockscoutActivity } from './index.js';

const ACCOUNT = '0xA11CE00000000000000000000000000000000001';
const BOB = '0xB0B0000000000000000000000000000000000002';
const ROUTER = '0x5000000000000000000000000000000000000005';
const ZERO = '0x0000000000000000000000000000000000000000';
const usdc = token({
  address: '0xC0000000000000000000000000000000000000c1',
  name: 'USD Coin',
  symbol: 'USDC',
  type: 'ERC-20',
  decimals: '6',
  icon_url: 'https://icons.example/usdc.png',
});
const wow = token({ address: '0xC0000000000000000000000000000000000000c2', name: 'Wow', symbol: 'WOW', type: 'ERC-20', decimals: '18' });
const cool = token({ address: '0xC0000000000000000000000000000000000000c3', name: 'Cool Cats', symbol: 'COOL', type: 'ERC-721' });
const scamNft = token({
  address: '0xC0000000000000000000000000000000000000c4',
  name: 'Free Mint',
  symbol: 'FREE',
  type: 'ERC-721',
  reputation: 'scam',
});
const scamCoin = token({
  address: '0xC0000000000000000000000000000000000000c5',
  name: 'Claim Rewards',
  symbol: 'CLAIM',
  type: 'ERC-20',
  decimals: '18',
  reputation: 'scam',
});

const eth = (n: string) => `${n}000000000000000000`;
const transactions = [
  transaction({ n: 99, block: null, from: ACCOUNT, to: BOB, value: '1' }), // pending: left out
  transaction({ n: 1, block: 120, from: ACCOUNT, to: BOB, value: '1500000000000000000' }),
  transaction({ n: 2, block: 118, from: BOB, to: ACCOUNT, value: '250000000000000000' }),
  transaction({ n: 4, block: 110, from: ACCOUNT, to: ROUTER, value: eth('1'), method: 'swapExactETHForTokens' }),
  transaction({ n: 5, block: 105, from: ACCOUNT, to: BOB, value: '100000000000000000', status: 'error', result: 'Reverted' }),
  { ...transaction({ n: 50, block: 104, from: ACCOUNT, to: BOB }), hash: 'not-a-hash' }, // malformed
  { ...transaction({ n: 51, block: 103, from: ACCOUNT, to: BOB }), value: 'lots' }, // malformed
  transaction({ n: 9, block: 85, from: ACCOUNT, to: ACCOUNT.toLowerCase(), value: '500000000000000000' }),
  transaction({ n: 10, block: 80, from: ACCOUNT, to: usdc.address_hash, method: 'approve' }),
  transaction({ n: 11, block: 75, from: ACCOUNT, to: ROUTER, value: eth('1'), method: 'mint' }), // pays for a mint
];
const tokenTransfers = [
  tokenTransfer({ n: 3, block: 115, logIndex: 4, from: BOB, to: ACCOUNT, token: usdc, total: { value: '12345678', decimals: '6' } }),
  tokenTransfer({ n: 4, block: 110, logIndex: 9, from: ROUTER, to: ACCOUNT, token: wow, total: { value: eth('2'), decimals: '18' } }),
  tokenTransfer({
    n: 6,
    block: 100,
    logIndex: 1,
    from: ZERO,
    to: ACCOUNT,
    token: cool,
    type: 'token_minting',
    total: { token_id: '7', token_instance: tokenInstance({ id: '7', token: cool, name: 'Cool #7', image: 'https://nft.example/7.png' }) },
  }),
  tokenTransfer({ n: 7, block: 95, logIndex: 2, from: BOB, to: ACCOUNT, token: scamNft, total: { token_id: '1', token_instance: null } }),
  tokenTransfer({ n: 8, block: 90, logIndex: 3, from: BOB, to: ACCOUNT, token: scamCoin, total: { value: eth('1000'), decimals: '18' } }),
  tokenTransfer({
    n: 11,
    block: 75,
    logIndex: 1,
    from: ZERO,
    to: ACCOUNT,
    token: cool,
    type: 'token_minting',
    total: { token_id: '8', token_instance: tokenInstance({ id: '8', token: cool, name: 'Cool #8', image: 'https://nft.example/8.png' }) },
  }),
  {
    ...tokenTransfer({ n: 52, block: 89, logIndex: 1, from: BOB, to: ACCOUNT, token: usdc, total: { value: '1', decimals: '6' } }),
    token: null,
  },
];
const ALL_IDS = [1, 2, 3, 4, 5, 6, 7, 9, 10, 11].map(txHash);

const TX_PATH = `/api/v2/addresses/${ACCOUNT.toLowerCase()}/transactions`;
const TT_PATH = `/api/v2/addresses/${ACCOUNT.toLowerCase()}/token-transfers`;
const feeds = {
  [TX_PATH]: { items: transactions, ...byBlockAndIndex('position') },
  [TT_PATH]: { items: tokenTransfers, ...byBlockAndIndex('log_index') },
};

let override: ((url: URL) => LoopbackReply | 'hang' | undefined) | undefined;
let server: Awaited<ReturnType<typeof startBlockscoutStandIn>>;
let paged: Awaited<ReturnType<typeof startBlockscoutStandIn>>;
beforeAll(async () => {
  server = await startBlockscoutStandIn(feeds, { override: (url) => override?.(url) });
  paged = await startBlockscoutStandIn(feeds, { perPage: 2 });
});
afterAll(async () => {
  await server?.stop();
  await paged?.stop();
});
afterEach(() => {
  override = undefined;
  server.reset();
  paged.reset();
});

const request = (extra: Partial<AccountPageRequest> = {}): AccountPageRequest => ({
  address: ACCOUNT,
  caipNetworkId: 'eip155:1',
  network: mainnet,
  ...extra,
});
const activity = (url = server.url, pageSize?: number) =>
  createBlockscoutActivity({ instances: { 'eip155:1': url }, ...(pageSize ? { pageSize } : {}) });
const byId = (data: Transaction[]) => new Map(data.map((t) => [t.id, t]));

describe('createBlockscoutActivity', () => {
  it("plugs into the eip155 adapter as `activityProvider`: the adapter's Activity capability reads Blockscout", async () => {
    const adapter = createEip155Adapter({ activityProvider: activity(), isMobile: () => false });
    const page = await adapter.capabilities!.activity!.getTransactions(request());
    expect(page.data.map((t) => t.id)).toEqual(ALL_IDS);
    expect(new Set(server.paths())).toEqual(new Set([TX_PATH, TT_PATH]));
  });

  it('merges /transactions and /token-transfers into §3 transactions, newest first', async () => {
    const page = await activity().getTransactions(request());
    expect(page.data.map((t) => t.id)).toEqual(ALL_IDS);
    expect(page.next).toBeUndefined();
    expect(new Set(server.paths())).toEqual(new Set([TX_PATH, TT_PATH]));
    const t = byId(page.data);
    expect(t.get(txHash(1))).toEqual({
      id: txHash(1),
      metadata: {
        minedAt: '2025-01-01T00:24:00.000Z',
        chain: 'eip155:1',
        operationType: 'send',
        status: 'confirmed',
        sentFrom: ACCOUNT,
        sentTo: BOB,
      },
      transfers: [{ direction: 'out', fungible_info: { name: 'Ether', symbol: 'ETH' }, quantity: { numeric: '1.5' }, counterparty: BOB }],
    });
    expect(t.get(txHash(2))?.metadata.operationType).toBe('receive');
    expect(t.get(txHash(3))).toMatchObject({
      metadata: { operationType: 'receive', status: 'confirmed', sentFrom: BOB, sentTo: ACCOUNT },
      transfers: [
        {
          direction: 'in',
          fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: 'https://icons.example/usdc.png' } },
          quantity: { numeric: '12.345678' },
          counterparty: BOB,
        },
      ],
    });
    expect(t.get(txHash(4))).toMatchObject({
      metadata: { operationType: 'trade', sentFrom: ACCOUNT, sentTo: ROUTER },
      transfers: [
        { direction: 'out', fungible_info: { symbol: 'ETH' }, quantity: { numeric: '1' } },
        { direction: 'in', fungible_info: { symbol: 'WOW' }, quantity: { numeric: '2' }, counterparty: ROUTER },
      ],
    });
    expect(t.get(txHash(5))?.metadata.status).toBe('failed');
    expect(t.get(txHash(6))).toMatchObject({
      metadata: { operationType: 'mint' },
      transfers: [
        {
          direction: 'in',
          nft_info: { name: 'Cool #7', flags: { is_spam: false }, content: { preview: { url: 'https://nft.example/7.png' } } },
          quantity: { numeric: '1' },
        },
      ],
    });
    expect(t.get(txHash(6))?.transfers[0]?.counterparty).toBeUndefined(); // minted: no party but the zero address
    expect(t.get(txHash(7))?.transfers).toEqual([
      { direction: 'in', nft_info: { name: 'Free Mint #1', flags: { is_spam: true } }, quantity: { numeric: '1' }, counterparty: BOB },
    ]);
    expect(t.get(txHash(9))?.transfers[0]?.direction).toBe('self');
    expect(t.get(txHash(10))).toMatchObject({ metadata: { operationType: 'approve' }, transfers: [] });
    // Paying for a mint is a contract call: 'mint' only when all the account got was minted and it gave nothing.
    expect(t.get(txHash(11))).toMatchObject({
      metadata: { operationType: 'execute' },
      transfers: [
        { direction: 'out', quantity: { numeric: '1' }, counterparty: ROUTER },
        { direction: 'in', nft_info: { name: 'Cool #8' } },
      ],
    });
  });

  it('pages with a cursor holding both feeds’ next_page_params: each transaction once, in order, parts merged', async () => {
    const service = activity(paged.url, 3);
    const pages: Transaction[][] = [];
    let cursor: string | undefined;
    do {
      const page = await service.getTransactions(request(cursor ? { cursor } : {}));
      pages.push(page.data);
      cursor = page.next;
    } while (cursor && pages.length < 20);
    expect(cursor).toBeUndefined();
    expect(pages.flat().map((t) => t.id)).toEqual(ALL_IDS);
    expect(pages.every((page) => page.length <= 3)).toBe(true);
    expect(pages[0]?.map((t) => t.id)).toEqual([1, 2, 3].map(txHash));
    expect(byId(pages.flat()).get(txHash(4))?.transfers).toHaveLength(2);
    // Blockscout's next_page_params went back verbatim as the query.
    expect(paged.paths()).toContain(`${TX_PATH}?block_number=120&index=1&items_count=2`);
    expect(paged.paths()).toContain(`${TT_PATH}?block_number=110&index=9&items_count=2`);
  });

  it('sends a null keyset value back as the literal null, like Blockscout’s front end', async () => {
    override = (url) =>
      url.pathname === TX_PATH && !url.search
        ? { body: { items: [], next_page_params: { block_number: null, index: null, items_count: 50, hash: txHash(98) } } }
        : undefined;
    await activity().getTransactions(request());
    expect(server.paths()).toContain(`${TX_PATH}?block_number=null&index=null&items_count=50&hash=${txHash(98)}`);
  });

  it('turns a non-OK reply into an API_ERROR "HTTP status code: {n}", and an unusable reply into an API_ERROR', async () => {
    override = () => ({ status: 500, body: { message: 'Internal server error' } });
    await expect(activity().getTransactions(request())).rejects.toMatchObject({
      name: 'LatchError',
      category: 'API_ERROR',
      message: 'HTTP status code: 500',
    });
    override = () => ({ body: '<html>maintenance</html>' });
    await expect(activity().getTransactions(request())).rejects.toMatchObject({ name: 'LatchError', category: 'API_ERROR' });
    override = () => ({ body: { items: 'none' } });
    await expect(activity().getTransactions(request())).rejects.toMatchObject({ name: 'LatchError', category: 'API_ERROR' });
  });

  it('refuses a network without an instance, an invalid base URL, and a cursor for another account', async () => {
    await expect(activity().getTransactions(request({ caipNetworkId: 'eip155:8453' }))).rejects.toMatchObject({
      name: 'LatchError',
      message: 'No Blockscout instance is configured for eip155:8453',
    });
    expect(() => createBlockscoutActivity({ instances: { 'eip155:1': 'ftp://explorer.example' } })).toThrow(/Invalid Blockscout URL/);
    expect(() => createBlockscoutActivity({ instances: {}, pageSize: 0 })).toThrow(/pageSize/);
    const { next } = await activity(paged.url, 3).getTransactions(request());
    const other = request({ address: BOB, cursor: next });
    await expect(activity(paged.url, 3).getTransactions(other)).rejects.toMatchObject({ category: 'VALIDATION_ERROR' });
    await expect(activity().getTransactions(request({ cursor: '{"v":2}' }))).rejects.toMatchObject({ category: 'VALIDATION_ERROR' });
    server.reset();
    await expect(activity().getTransactions(request({ address: 'bob.eth' }))).rejects.toMatchObject({ category: 'VALIDATION_ERROR' });
    expect(server.requests).toEqual([]);
  });

  it('honours the signal: a request under way is cancelled, an aborted one is never sent', async () => {
    override = () => 'hang';
    const controller = new AbortController();
    const pending = activity().getTransactions(request({ signal: controller.signal }));
    await expect.poll(() => server.requests.length).toBeGreaterThan(0);
    controller.abort(new Error('closed'));
    await expect(pending).rejects.toThrow('closed');
    server.reset();
    await expect(activity().getTransactions(request({ signal: AbortSignal.abort(new Error('early')) }))).rejects.toThrow('early');
    expect(server.requests).toEqual([]);
  });

  it('uses the fetch it is given, and creates without any request', async () => {
    const seen: string[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    const service = createBlockscoutActivity({ instances: { 'eip155:1': `${server.url}/` }, fetch: recordingFetch });
    expect(server.requests).toEqual([]);
    await service.getTransactions(request());
    expect(new Set(seen)).toEqual(new Set([`${server.url}${TX_PATH}`, `${server.url}${TT_PATH}`]));
  });
});
