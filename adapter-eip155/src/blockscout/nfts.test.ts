import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AccountPageRequest, Nft } from '@latch/kernel';
import { mainnet } from '../networks/index.js';
import { startBlockscoutStandIn, token, tokenInstance, type Feed } from '../test-support/blockscoutStandIn.js';
import type { LoopbackReply } from '../test-support/loopbackServer.js';
import { createEip155Adapter } from '../adapter.js';
import { createBlockscoutNfts } from './index.js';

const ACCOUNT = '0xA11CE00000000000000000000000000000000001';
const cool = token({ address: '0xC0000000000000000000000000000000000000c3', name: 'Cool Cats', symbol: 'COOL', type: 'ERC-721' });
const items1155 = token({ address: '0xC0000000000000000000000000000000000000c6', name: 'Game Items', symbol: 'ITEM', type: 'ERC-1155' });
const scam = token({
  address: '0xC0000000000000000000000000000000000000c4',
  name: 'Free Mint',
  symbol: 'FREE',
  type: 'ERC-721',
  reputation: 'scam',
});

const instances = [
  tokenInstance({ id: '7', token: cool, name: 'Cool #7', image: 'https://nft.example/7.png' }),
  tokenInstance({ id: '8', token: cool }),
  tokenInstance({ id: '1', token: scam, name: 'Claim now' }),
  tokenInstance({ id: 'abc', token: cool, name: 'Bad id' }),
  { ...tokenInstance({ id: '9', token: cool, name: 'No token' }), token: null },
  tokenInstance({ id: '3', token: items1155, name: 'Sword', image: 'ipfs://not-loadable', value: '5' }),
];

const NFT_PATH = `/explorer/api/v2/addresses/${ACCOUNT.toLowerCase()}/nft`;
const positionKeyset: Pick<Feed, 'keyOf' | 'after'> = {
  keyOf: (item) => ({
    token_contract_address_hash: (item.token as { address_hash: string }).address_hash,
    token_id: item.id as string,
    token_type: item.token_type as string,
  }),
  after: (item, params) => {
    if (!params.has('token_id')) return true;
    const cursorAt = instances.findIndex(
      (i) =>
        i.id === params.get('token_id') &&
        (i.token as { address_hash?: string } | null)?.address_hash === params.get('token_contract_address_hash'),
    );
    return instances.indexOf(item as (typeof instances)[number]) > cursorAt;
  },
};

let override: ((url: URL) => LoopbackReply | 'hang' | undefined) | undefined;
let server: Awaited<ReturnType<typeof startBlockscoutStandIn>>;
beforeAll(async () => {
  server = await startBlockscoutStandIn(
    { [NFT_PATH]: { items: instances, ...positionKeyset } },
    { perPage: 4, override: (url) => override?.(url) },
  );
});
afterAll(() => server?.stop());
afterEach(() => {
  override = undefined;
  server.reset();
});

const nfts = () => createBlockscoutNfts({ instances: { 'eip155:1': `${server.url}/explorer` } });
const request = (extra: Partial<AccountPageRequest> = {}): AccountPageRequest => ({
  address: ACCOUNT,
  caipNetworkId: 'eip155:1',
  network: mainnet,
  ...extra,
});

describe('createBlockscoutNfts', () => {
  it('plugs into the eip155 adapter as `nftProvider`: the adapter declares `nfts` and reads Blockscout', async () => {
    expect(createEip155Adapter({ isMobile: () => false }).capabilities?.nfts).toBeUndefined();
    const adapter = createEip155Adapter({ nftProvider: nfts(), isMobile: () => false });
    const page = await adapter.capabilities!.nfts!.getNfts(request());
    expect(page.data.map((nft) => nft.tokenId)).toEqual((await nfts().getNfts(request())).data.map((nft) => nft.tokenId));
    expect(page.data.length).toBeGreaterThan(0);
  });

  it('maps /nft token instances to NFTs, skipping scam and malformed ones, and pages with next_page_params', async () => {
    const first = await nfts().getNfts(request());
    expect(first.data).toEqual([
      {
        contract: cool.address_hash,
        tokenId: '7',
        chainId: 'eip155:1',
        name: 'Cool #7',
        description: 'Cool #7, described',
        collection: { name: 'Cool Cats', symbol: 'COOL' },
        imageUrl: 'https://nft.example/7.png',
        standard: 'ERC-721',
      },
      {
        contract: cool.address_hash,
        tokenId: '8',
        chainId: 'eip155:1',
        collection: { name: 'Cool Cats', symbol: 'COOL' },
        standard: 'ERC-721',
      },
    ]);
    expect(JSON.parse(first.next ?? 'null')).toEqual({
      token_contract_address_hash: cool.address_hash,
      token_id: 'abc',
      token_type: 'ERC-721',
      items_count: 4,
    });
    const second = await nfts().getNfts(request({ cursor: first.next }));
    expect(second).toEqual({
      data: [
        {
          contract: items1155.address_hash,
          tokenId: '3',
          chainId: 'eip155:1',
          name: 'Sword',
          description: 'Sword, described',
          collection: { name: 'Game Items', symbol: 'ITEM' },
          standard: 'ERC-1155',
        },
      ],
    });
    expect(server.paths()).toEqual([
      `${NFT_PATH}?type=ERC-721%2CERC-1155`,
      `${NFT_PATH}?type=ERC-721%2CERC-1155&token_contract_address_hash=${cool.address_hash}&token_id=abc&token_type=ERC-721&items_count=4`,
    ]);
  });

  it('turns a non-OK reply into an API_ERROR "HTTP status code: {n}" and a malformed one into an API_ERROR', async () => {
    override = () => ({ status: 404, body: { message: 'Not found' } });
    await expect(nfts().getNfts(request())).rejects.toMatchObject({
      name: 'LatchError',
      category: 'API_ERROR',
      message: 'HTTP status code: 404',
    });
    override = () => ({ body: { next_page_params: null } });
    await expect(nfts().getNfts(request())).rejects.toMatchObject({ name: 'LatchError', category: 'API_ERROR' });
  });

  it('ends the list when next_page_params is not a flat object', async () => {
    for (const next of [{}, 'page-2', [1], { nested: { a: 1 } }]) {
      override = () => ({ body: { items: [instances[0]], next_page_params: next } });
      const page: { data: Nft[]; next?: string } = await nfts().getNfts(request());
      expect(page.next, JSON.stringify(next)).toBeUndefined();
      expect(page.data).toHaveLength(1);
    }
  });

  it('refuses an unknown network and a foreign cursor, sending nothing', async () => {
    await expect(nfts().getNfts(request({ caipNetworkId: 'eip155:10' }))).rejects.toMatchObject({
      name: 'LatchError',
      message: 'No Blockscout instance is configured for eip155:10',
    });
    for (const cursor of ['not json', '[]', '{}', '{"a":{"b":1}}']) {
      await expect(nfts().getNfts(request({ cursor }))).rejects.toMatchObject({ category: 'VALIDATION_ERROR' });
    }
    expect(server.requests).toEqual([]);
  });

  it('honours the signal while the request is under way', async () => {
    override = () => 'hang';
    const controller = new AbortController();
    const pending = nfts().getNfts(request({ signal: controller.signal }));
    await expect.poll(() => server.requests.length).toBe(1);
    controller.abort(new Error('tab switched'));
    await expect(pending).rejects.toThrow('tab switched');
  });
});
