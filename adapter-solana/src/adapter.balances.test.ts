import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatUnits, getCapability } from '@latch/kernel';
import type { ChainAdapter } from '@latch/kernel';
import { createSolanaAdapter } from './adapter.js';
import { createSolanaLocalnet } from './networks/localnet.js';
import { addressOf, seed, startLocalSolana, type LocalSolana } from './test-support/solanaFixture.js';

let local: LocalSolana;
beforeAll(async () => {
  local = await startLocalSolana();
});
afterAll(() => local?.stop());

const balanceApi = (adapter: ChainAdapter) => getCapability(adapter, 'balance');

describe('getBalance (SOL)', () => {
  it('equals the airdropped lamports formatted with 9 decimals', async () => {
    const owner = await addressOf(seed(0x21));
    local.rpc.airdrop(owner, 1_234_567_891n);
    await expect(balanceApi(createSolanaAdapter())?.getBalance(owner, local.network)).resolves.toEqual({
      balance: '1.234567891',
      symbol: 'SOL',
    });
    local.rpc.airdrop(owner, 765_432_109n);
    await expect(balanceApi(createSolanaAdapter())?.getBalance(owner, local.network)).resolves.toEqual({ balance: '2', symbol: 'SOL' });
  });

  it("is '0' for an address the chain has never seen", async () => {
    await expect(balanceApi(createSolanaAdapter())?.getBalance(await addressOf(seed(0x22)), local.network)).resolves.toEqual({
      balance: '0',
      symbol: 'SOL',
    });
  });

  it('fails with an RPC_ERROR LatchError when the node is unreachable, and a VALIDATION_ERROR for a bad address', async () => {
    const offline = createSolanaLocalnet({ rpcUrl: 'http://127.0.0.1:9' });
    const owner = await addressOf(seed(0x21));
    await expect(balanceApi(createSolanaAdapter())?.getBalance(owner, offline)).rejects.toMatchObject({
      name: 'LatchError',
      category: 'RPC_ERROR',
    });
    await expect(
      balanceApi(createSolanaAdapter())?.getBalance('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', local.network),
    ).rejects.toMatchObject({ category: 'VALIDATION_ERROR' });
  });

  it('falls back to the next RPC URL when the first cannot be reached', async () => {
    const owner = await addressOf(seed(0x21));
    const withFallback = { ...local.network, rpcUrls: { default: { http: ['http://127.0.0.1:9', local.rpc.rpcUrl] } } };
    await expect(balanceApi(createSolanaAdapter())?.getBalance(owner, withFallback)).resolves.toEqual({ balance: '2', symbol: 'SOL' });
  });
});

describe('getTokenBalances (SOL + SPL over getTokenAccountsByOwner)', () => {
  let owner: string;
  let usd: string; // 6 decimals
  let points: string; // 2 decimals, never minted to the owner
  let collectible: string; // 0 decimals: an NFT-like mint, dropped (§5)
  beforeAll(async () => {
    owner = await addressOf(seed(0x23));
    local.rpc.airdrop(owner, 3n * 10n ** 9n);
    [usd, points, collectible] = await Promise.all([
      local.rpc.createMint({ decimals: 6 }),
      local.rpc.createMint({ decimals: 2 }),
      local.rpc.createMint({ decimals: 0 }),
    ]);
    await local.rpc.mintTo({ mint: usd, owner, amount: 1_500_000n });
    await local.rpc.mintTo({ mint: collectible, owner, amount: 1n });
  });

  it('lists SOL first (no address), then every non-zero SPL holding with decimals and the exact amount', async () => {
    const balances = await balanceApi(createSolanaAdapter())?.getTokenBalances?.(owner, local.network);
    expect(balances).toEqual([
      {
        name: 'Solana',
        symbol: 'SOL',
        chainId: local.network.caipNetworkId,
        quantity: { decimals: '9', numeric: '3' },
        iconUrl: '',
      },
      {
        name: `${usd.slice(0, 4)}…${usd.slice(-4)}`,
        symbol: `${usd.slice(0, 4)}…${usd.slice(-4)}`,
        chainId: local.network.caipNetworkId,
        address: usd,
        quantity: { decimals: '6', numeric: '1.5' },
        iconUrl: '',
      },
    ]);
  });

  it('shows only the configured tokens, with their metadata, when the network has a token list', async () => {
    await local.rpc.mintTo({ mint: points, owner: await addressOf(seed(0x24)), amount: 250n });
    const adapter = createSolanaAdapter({
      tokens: {
        [local.network.caipNetworkId]: [
          { mint: points, symbol: 'PTS' },
          { mint: usd, symbol: 'USDL', name: 'Local Dollar', image: 'https://example.com/usdl.png' },
        ],
      },
    });
    const balances = await balanceApi(adapter)?.getTokenBalances?.(owner, local.network);
    expect(balances?.map((b) => [b.symbol, b.address, b.quantity.numeric, b.iconUrl])).toEqual([
      ['SOL', undefined, '3', ''],
      ['USDL', usd, '1.5', 'https://example.com/usdl.png'],
    ]);
    const pointsHolder = await balanceApi(adapter)?.getTokenBalances?.(await addressOf(seed(0x24)), local.network);
    expect(pointsHolder?.map((b) => [b.symbol, b.quantity.numeric])).toEqual([
      ['SOL', '0'],
      ['PTS', formatUnits(250n, 2)],
    ]);
  });

  it('caches the list for 30 s per address and network, then reads it again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const adapter = createSolanaAdapter();
      const first = await balanceApi(adapter)?.getTokenBalances?.(owner, local.network);
      await local.rpc.mintTo({ mint: usd, owner, amount: 1n });
      vi.advanceTimersByTime(29_999);
      expect(await balanceApi(adapter)?.getTokenBalances?.(owner, local.network)).toEqual(first);
      vi.advanceTimersByTime(2);
      const fresh = await balanceApi(adapter)?.getTokenBalances?.(owner, local.network);
      expect(fresh?.find((b) => b.address === usd)?.quantity.numeric).toBe('1.500001');
    } finally {
      vi.useRealTimers();
    }
  });
});
