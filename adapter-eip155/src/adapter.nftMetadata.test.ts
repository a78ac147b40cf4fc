import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Address } from 'viem';
import { startAnvil, type AnvilFixture } from '@latch/devnet';
import type { AccountPageRequest, CaipNetwork, Nft, NftService } from '@latch/kernel';
import { createEip155Adapter, type Eip155AdapterOptions } from './adapter.js';
import { createDevnet } from './networks/devnet.js';
import { createPage } from './test-support/announcements.js';
import { startLoopbackServer, type LoopbackServer } from './test-support/loopbackServer.js';
import { deployTestNft, type TestNft } from './test-support/testNft.js';

let anvil: AnvilFixture;
let network: CaipNetwork;
let server: LoopbackServer; // an integrator's metadata host and IPFS gateway
let collection: TestNft;

const base64Json = (value: unknown) => `data:application/json;base64,${Buffer.from(JSON.stringify(value)).toString('base64')}`;

beforeAll(async () => {
  anvil = await startAnvil();
  network = createDevnet({ rpcUrl: anvil.rpcUrl });
  server = await startLoopbackServer((url) => {
    const replies: Record<string, { status?: number; headers?: Record<string, string>; body?: unknown }> = {
      '/meta/6.json': { body: { name: 'Served #6', description: 'from the allowed host', image: `${server.url}/img/6.png` } },
      '/ipfs/bafyTest/7.json': { body: { name: 'Pinned #7', image: 'ipfs://bafyImg/7.png' } },
      '/meta/500': { status: 500, body: { error: 'boom' } },
      '/meta/redirect': { status: 302, headers: { location: '/elsewhere' }, body: '' },
      '/elsewhere': { body: { name: 'Followed a redirect' } },
      '/meta/notjson': { body: 'this is not json' },
    };
    return url.pathname === '/meta/hang' ? undefined : (replies[url.pathname] ?? { status: 404, body: {} });
  });
  collection = await deployTestNft(anvil, { name: 'Metadata Cases', symbol: 'META', enumerable: true });
  const uris = [
    base64Json({ name: 'Inline #1', image: 'https://img.example/1.png' }),
    'data:application/json;base64,%%%not-base64',
    'data:application/json,{not json',
    `data:application/json;utf8,${encodeURIComponent('{"name":"Plain #4","image":"javascript:alert(1)"}')}`,
    '{"name":5,"image":["x"]}',
    `${server.url}/meta/6.json`,
    'ipfs://bafyTest/7.json',
    base64Json({ name: 'Never read' }),
    'https://not-allowed.invalid/9.json',
    `${server.url}/meta/500`,
    `${server.url}/meta/redirect`,
    `${server.url}/meta/notjson`,
  ];
  for (const [index, uri] of uris.entries()) await collection.mint(account(3), BigInt(index + 1), uri);
  await collection.breakTokenUri(8n);
  await collection.mint(account(4), 1000n, `${server.url}/meta/hang`);
});
afterAll(async () => {
  await server?.stop();
  await anvil?.stop();
});
afterEach(() => {
  server.reset();
  vi.restoreAllMocks();
});

const account = (index: number) => anvil.accounts[index]?.address as Address;
function nftsOf(options: Omit<Eip155AdapterOptions, 'nfts'> = {}): NftService {
  const adapter = createEip155Adapter({ target: createPage(), nfts: { 'eip155:31337': [collection.address] }, ...options });
  return adapter.capabilities!.nfts!;
}
const request = (address: string, extra: Partial<AccountPageRequest> = {}): AccountPageRequest => ({
  address,
  caipNetworkId: network.caipNetworkId,
  network,
  ...extra,
});
const byId = (data: Nft[]) => new Map(data.map((nft) => [nft.tokenId, nft]));
const shown = (nft: Nft | undefined) => ({ name: nft?.name, description: nft?.description, imageUrl: nft?.imageUrl });
const nothing = { name: undefined, description: undefined, imageUrl: undefined };

describe('nft metadata from tokenURI', () => {
  it('by default reads only on-chain (data:) metadata, tolerates malformed ones, and fetches from no host', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { data, next } = await nftsOf().getNfts(request(account(3)));
    expect(data.map((nft) => nft.tokenId)).toEqual(['12', '11', '10', '9', '8', '7', '6', '5', '4', '3', '2', '1']);
    expect(next).toBeUndefined();
    const nfts = byId(data);
    expect(shown(nfts.get('1'))).toEqual({ name: 'Inline #1', description: undefined, imageUrl: 'https://img.example/1.png' });
    expect(shown(nfts.get('4'))).toEqual({ name: 'Plain #4', description: undefined, imageUrl: undefined });
    for (const id of ['2', '3', '5', '6', '7', '8', '9', '10', '11', '12']) expect(shown(nfts.get(id)), `token ${id}`).toEqual(nothing);
    for (const nft of data) expect(nft.collection).toEqual({ name: 'Metadata Cases', symbol: 'META' });
    expect(server.requests).toEqual([]);
    const hosts = new Set(fetchSpy.mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : String(input)).host));
    expect(hosts).toContain(new URL(anvil.rpcUrl).host);
    // Every metadata host but this file's server is remote (IPFS, https://…), and the server was asked nothing. The spy
    // sees the whole worker's fetch: a test file that ran before this one in the same worker may still be reaching its
    // own local chain (another 127.0.0.1 port), which is not this adapter's doing.
    expect([...hosts].filter((host) => !host.startsWith('127.0.0.1:'))).toEqual([]);
  });

  it('fetches http(s) metadata only from allowed hosts, maps ipfs:// to the configured gateway, follows no redirect', async () => {
    const nfts = nftsOf({ nftMetadataHosts: [server.host.toUpperCase()], ipfsGateway: `${server.url}/ipfs` });
    const data = byId((await nfts.getNfts(request(account(3)))).data);
    expect(shown(data.get('6'))).toEqual({ name: 'Served #6', description: 'from the allowed host', imageUrl: `${server.url}/img/6.png` });
    expect(shown(data.get('7'))).toEqual({ name: 'Pinned #7', description: undefined, imageUrl: `${server.url}/ipfs/bafyImg/7.png` });
    for (const id of ['8', '9', '10', '11', '12']) expect(shown(data.get(id)), `token ${id}`).toEqual(nothing);
    expect(new Set(server.paths())).toEqual(
      new Set(['/meta/6.json', '/ipfs/bafyTest/7.json', '/meta/500', '/meta/redirect', '/meta/notjson']),
    );
  });

  it('loads no ipfs:// metadata without a gateway, even with allowed hosts', async () => {
    const data = byId((await nftsOf({ nftMetadataHosts: [server.host] }).getNfts(request(account(3)))).data);
    expect(shown(data.get('7'))).toEqual(nothing);
    expect(data.get('6')?.name).toBe('Served #6');
    expect(server.paths().some((path) => path.startsWith('/ipfs/'))).toBe(false);
  });

  it('aborts a metadata request that is under way when the signal fires', async () => {
    const controller = new AbortController();
    const reason = new Error('tab closed');
    const pending = nftsOf({ nftMetadataHosts: [server.host] }).getNfts(request(account(4), { signal: controller.signal }));
    await expect.poll(() => server.paths()).toEqual(['/meta/hang']);
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});
