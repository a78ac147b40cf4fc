import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { erc721Abi, getAddress, type Address } from 'viem';
import { DEMO_NFT, startAnvil, type AnvilFixture } from '@latch/devnet';
import type { AccountPageRequest, CaipNetwork, Nft, NftService } from '@latch/kernel';
import { createEip155Adapter, type Eip155AdapterOptions } from './adapter.js';
import { createDevnet } from './networks/devnet.js';
import { createPage } from './test-support/announcements.js';
import { startRpcProxy } from './test-support/rpcProxy.js';
import { anvilWallet, deployTestNft, type TestNft } from './test-support/testNft.js';

let anvil: AnvilFixture;
let proxy: Awaited<ReturnType<typeof startRpcProxy>>;
let network: CaipNetwork; // anvil behind the recording proxy
let enumerated: TestNft; // announces ERC721Enumerable
let logged: TestNft; // hides it: ownership comes from Transfer logs
beforeAll(async () => {
  anvil = await startAnvil();
  proxy = await startRpcProxy(anvil.rpcUrl);
  network = createDevnet({ rpcUrl: proxy.url });
  enumerated = await deployTestNft(anvil, { name: 'Enumerated', symbol: 'ENUM', enumerable: true });
  logged = await deployTestNft(anvil, { name: 'Logged', symbol: 'LOGD', enumerable: false });
  await enumerated.mintMany(account(5), 1n, 25n);
  await logged.mintMany(account(5), 100n, 3n);
  await enumerated.mintMany(account(6), 1000n, 20n);
  await logged.mintMany(account(6), 2000n, 2n);
});
afterAll(async () => {
  await proxy?.stop();
  await anvil?.stop();
});
afterEach(() => proxy.reset());

const account = (index: number) => anvil.accounts[index]?.address as Address;
const demoNft = () => anvil.contracts.nft;
function nftsOf(options: Eip155AdapterOptions): NftService {
  const nfts = createEip155Adapter({ target: createPage(), ...options }).capabilities?.nfts;
  if (!nfts) throw new Error('the adapter declared no nfts capability');
  return nfts;
}
const request = (address: string, extra: Partial<AccountPageRequest> = {}): AccountPageRequest => ({
  address,
  caipNetworkId: network.caipNetworkId,
  network,
  ...extra,
});
const ids = (page: { data: Nft[] }) => page.data.map((nft) => nft.tokenId);
const range = (from: number, to: number) =>
  Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => String(from > to ? from - i : from + i));

describe('nfts over RPC (ERC-721 collections configured per network)', () => {
  it('lists the demo NFT for its owner with its name, collection and on-chain image, newest first', async () => {
    const page = await nftsOf({ nfts: { 'eip155:31337': [demoNft()] } }).getNfts(request(account(0)));
    expect(ids(page)).toEqual(['3', '2', '1']);
    expect(page.next).toBeUndefined();
    expect(page.data[0]).toEqual({
      contract: getAddress(demoNft()),
      tokenId: '3',
      chainId: 'eip155:31337',
      standard: 'ERC-721',
      collection: { name: DEMO_NFT.name, symbol: DEMO_NFT.symbol },
      name: 'Latch Demo NFT #3',
      description: 'A demo token for Latch tests.',
      imageUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    });
    const svg = atob(page.data[0]!.imageUrl!.split(',')[1]!);
    expect(svg).toContain('#3</text>');
    // Is Multicall3 there (asked once), then, not enumerable: one probe, the Transfer logs, one ownerOf batch, one tokenURI batch.
    expect(proxy.methods).toEqual(['eth_getCode', 'eth_call', 'eth_getLogs', 'eth_call', 'eth_call']);
  });

  it('follows a transfer: the token leaves the sender and shows for the receiver', async () => {
    const snapshot = await anvilWallet(anvil).request({ method: 'evm_snapshot' as never });
    try {
      const wallet = anvilWallet(anvil, 0);
      const hash = await wallet.writeContract({
        address: demoNft(),
        abi: erc721Abi,
        functionName: 'transferFrom',
        args: [account(0), account(4), 2n],
      });
      await wallet.waitForTransactionReceipt({ hash });
      const nfts = nftsOf({ nfts: { 'eip155:31337': [demoNft()] } });
      expect(ids(await nfts.getNfts(request(account(0))))).toEqual(['3', '1']);
      const received = await nfts.getNfts(request(account(4).toLowerCase()));
      expect(received.data).toEqual([expect.objectContaining({ tokenId: '2', name: 'Latch Demo NFT #2' })]);
    } finally {
      await anvilWallet(anvil).request({ method: 'evm_revert' as never, params: [snapshot] as never });
    }
  });

  it('gives an empty page to an account holding none, without scanning logs', async () => {
    const nfts = nftsOf({ nfts: { 'eip155:31337': [demoNft(), logged.address, enumerated.address] } });
    await expect(nfts.getNfts(request(account(7)))).resolves.toEqual({ data: [] });
    expect(proxy.methods).toEqual(['eth_getCode', 'eth_call']);
  });

  it('skips configured addresses that are not ERC-721 collections', async () => {
    const notCollections = [anvil.contracts.token, account(9), '0x000000000000000000000000000000000000dEaD', 'not-an-address'];
    const page = await nftsOf({ nfts: { 'eip155:31337': [...notCollections, demoNft()] } }).getNfts(request(account(0)));
    expect(ids(page)).toEqual(['3', '2', '1']);
    expect(new Set(page.data.map((nft) => nft.contract))).toEqual(new Set([getAddress(demoNft())]));
  });

  it('pages 20 at a time across collections: enumerable first (tokenOfOwnerByIndex, no logs), then the logged one', async () => {
    const nfts = nftsOf({ nfts: { 'eip155:31337': [enumerated.address, { address: logged.address, fromBlock: 1 }] } });
    const first = await nfts.getNfts(request(account(5)));
    expect(ids(first)).toEqual(range(25, 6));
    expect(first.data.every((nft) => nft.contract === enumerated.address && nft.collection?.symbol === 'ENUM')).toBe(true);
    expect(first.next).toEqual(expect.any(String));
    // is Multicall3 there, probe, tokenOfOwnerByIndex, then tokenURI five at a time
    expect(proxy.methods).toEqual(['eth_getCode', 'eth_call', 'eth_call', 'eth_call', 'eth_call', 'eth_call', 'eth_call']);
    const second = await nfts.getNfts(request(account(5), { cursor: first.next }));
    expect(ids(second)).toEqual([...range(5, 1), '102', '101', '100']);
    expect(second.data.slice(5).every((nft) => nft.contract === logged.address && nft.collection?.name === 'Logged')).toBe(true);
    expect(second.next).toBeUndefined();
    // A token with an empty tokenURI is listed, without a name or an image.
    expect(second.data[0]).toEqual({
      contract: enumerated.address,
      tokenId: '5',
      chainId: 'eip155:31337',
      standard: 'ERC-721',
      collection: { name: 'Enumerated', symbol: 'ENUM' },
    });
  });

  it('ends a full page at a collection boundary with a cursor into the next collection', async () => {
    const nfts = nftsOf({ nfts: { 'eip155:31337': [enumerated.address, logged.address] } });
    const first = await nfts.getNfts(request(account(6)));
    expect(ids(first)).toEqual(range(1019, 1000));
    const second = await nfts.getNfts(request(account(6), { cursor: first.next }));
    expect(ids(second)).toEqual(['2001', '2000']);
    expect(second.next).toBeUndefined();
  });
});

describe('nfts: configuration and failures', () => {
  it('is not declared without the nfts option; a network with no collection gets an empty page and no request', async () => {
    expect(createEip155Adapter({ target: createPage() }).capabilities?.nfts).toBeUndefined();
    const nfts = nftsOf({ nfts: { 'eip155:1': [demoNft()] } });
    await expect(nfts.getNfts(request(account(0)))).resolves.toEqual({ data: [] });
    expect(proxy.methods).toEqual([]);
  });

  it('refuses a cursor it did not write, and an invalid account address', async () => {
    const nfts = nftsOf({ nfts: { 'eip155:31337': [demoNft()] } });
    for (const cursor of [
      'garbage',
      '{"c":"0x1234","o":0}',
      JSON.stringify({ c: account(9), o: 0 }),
      '{"c":"0x0000000000000000000000000000000000000001","o":-1}',
    ]) {
      await expect(nfts.getNfts(request(account(0), { cursor }))).rejects.toMatchObject({
        name: 'LatchError',
        category: 'VALIDATION_ERROR',
      });
    }
    await expect(nfts.getNfts(request('0x123'))).rejects.toMatchObject({ name: 'LatchError', category: 'VALIDATION_ERROR' });
    expect(proxy.methods).toEqual([]);
  });

  it('fails with an RPC_ERROR LatchError when the node is unreachable', async () => {
    const nfts = nftsOf({ nfts: { 'eip155:31337': [demoNft()] } });
    const offline = createDevnet({ rpcUrl: 'http://127.0.0.1:9' });
    await expect(nfts.getNfts({ ...request(account(0)), network: offline })).rejects.toMatchObject({
      name: 'LatchError',
      category: 'RPC_ERROR',
    });
  });

  it('honours an aborted signal: rejects with its reason and sends nothing', async () => {
    const nfts = nftsOf({ nfts: { 'eip155:31337': [demoNft()] } });
    const controller = new AbortController();
    const reason = new Error('visitor left the tab');
    controller.abort(reason);
    await expect(nfts.getNfts(request(account(0), { signal: controller.signal }))).rejects.toBe(reason);
    expect(proxy.methods).toEqual([]);
  });
});
