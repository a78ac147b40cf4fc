import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPublicClient, erc20Abi, formatEther, formatUnits, http, parseEther, toHex, type Address } from 'viem';
import type { CaipNetwork, ChainAdapter } from '@latch/kernel';
import { createEip155Adapter } from './adapter.js';
import { MULTICALL3_ADDRESS } from './constants.js';
import { createDevnet } from './networks/devnet.js';
import { createPage } from './test-support/announcements.js';
import { recordingProvider } from './test-support/recordingProvider.js';
import { startRpcProxy } from './test-support/rpcProxy.js';
import { createWallet, mountAdapter, startChains, type Chains } from './test-support/walletFixture.js';

let chains: Chains;
let proxy: Awaited<ReturnType<typeof startRpcProxy>>;
let network: CaipNetwork; // the main anvil behind the recording proxy
let anvil: ReturnType<typeof createPublicClient>;
beforeAll(async () => {
  chains = await startChains();
  proxy = await startRpcProxy(chains.main.rpcUrl);
  network = createDevnet({ rpcUrl: proxy.url });
  anvil = createPublicClient({ transport: http(chains.main.rpcUrl) });
});
afterAll(async () => {
  await proxy?.stop();
  await chains?.stop();
});
afterEach(() => proxy.reset());

const account = (index: number) => chains.main.accounts[index]?.address as Address;
const balanceApi = (adapter: ChainAdapter) => adapter.capabilities?.balance;
const tokenBalanceOf = (owner: Address) =>
  anvil.readContract({ address: chains.main.contracts.token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });

describe('getBalance (native, eth_getBalance)', () => {
  it("equals anvil's balance, formatted exactly with the network decimals", async () => {
    const owner = '0x00000000000000000000000000000000000b0b01';
    await anvil.request({ method: 'anvil_setBalance' as never, params: [owner, toHex(parseEther('1.234567890123456789'))] as never });
    const adapter = createEip155Adapter({ target: createPage() });
    await expect(balanceApi(adapter)?.getBalance(owner, network)).resolves.toEqual({ balance: '1.234567890123456789', symbol: 'ETH' });
    const reference = formatEther(await anvil.getBalance({ address: account(2) }));
    await expect(balanceApi(adapter)?.getBalance(account(2), network)).resolves.toEqual({ balance: reference, symbol: 'ETH' });
    expect(proxy.methods).toEqual(['eth_getBalance', 'eth_getBalance']);
  });

  it('fails with an RPC_ERROR LatchError when the node is unreachable', async () => {
    const adapter = createEip155Adapter({ target: createPage() });
    const offline = createDevnet({ rpcUrl: 'http://127.0.0.1:9' });
    await expect(balanceApi(adapter)?.getBalance(account(0), offline)).rejects.toMatchObject({ name: 'LatchError', category: 'RPC_ERROR' });
  });
});

describe('getTokenBalances over RPC', () => {
  const withToken = () =>
    createEip155Adapter({
      target: createPage(),
      tokens: { 'eip155:31337': [{ address: chains.main.contracts.token, image: 'https://example.com/ldt.png' }] },
    });

  it('reads the native balance and each token (balanceOf, decimals, symbol, name) in ONE Multicall3 call, once it knows Multicall3 is there', async () => {
    const balances = await balanceApi(withToken())?.getTokenBalances?.(account(0), network);
    const [ldt, eth] = await Promise.all([tokenBalanceOf(account(0)), anvil.getBalance({ address: account(0) })]);
    expect(balances).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:31337',
        quantity: { decimals: '18', numeric: formatEther(eth) },
        iconUrl: '',
      },
      {
        name: 'Latch Demo Token',
        symbol: 'LDT',
        chainId: 'eip155:31337',
        address: chains.main.contracts.token,
        quantity: { decimals: '18', numeric: formatUnits(ldt, 18) },
        iconUrl: 'https://example.com/ldt.png',
      },
    ]);
    expect(ldt).toBe(1_000_000n * 10n ** 18n);
    expect(proxy.methods).toEqual(['eth_getCode', 'eth_call']);
    expect((proxy.calls[0]!.params as [string])[0].toLowerCase()).toBe(MULTICALL3_ADDRESS.toLowerCase());
    expect((proxy.calls[1]!.params as [{ to: string }])[0].to.toLowerCase()).toBe(MULTICALL3_ADDRESS.toLowerCase());
  });

  it('caches the list for 30 s per address and network, then reads it again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const adapter = withToken();
      const first = await balanceApi(adapter)?.getTokenBalances?.(account(0), network);
      vi.advanceTimersByTime(29_999);
      const second = await balanceApi(adapter)?.getTokenBalances?.(account(0).toLowerCase(), network);
      expect(second).toEqual(first);
      // Whether Multicall3 is there is asked once for the chain, not with every read.
      expect(proxy.methods).toEqual(['eth_getCode', 'eth_call']);
      await balanceApi(adapter)?.getTokenBalances?.(account(1), network);
      expect(proxy.methods).toEqual(['eth_getCode', 'eth_call', 'eth_call']);
      vi.advanceTimersByTime(2);
      await balanceApi(adapter)?.getTokenBalances?.(account(0), network);
      expect(proxy.methods).toEqual(['eth_getCode', 'eth_call', 'eth_call', 'eth_call']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps to one call for a long token list, leaving out addresses that are not token contracts', async () => {
    const notContracts = Array.from({ length: 40 }, (_, i) => ({ address: `0x${(0xdead0000 + i).toString(16).padStart(40, '0')}` }));
    const adapter = createEip155Adapter({
      target: createPage(),
      tokens: { 'eip155:31337': [...notContracts, { address: chains.main.contracts.token }] },
    });
    const balances = await balanceApi(adapter)?.getTokenBalances?.(account(1), network);
    expect(balances?.map((b) => b.symbol)).toEqual(['ETH', 'LDT']);
    expect(balances?.[1]?.quantity.numeric).toBe(formatUnits(await tokenBalanceOf(account(1)), 18));
    expect(proxy.methods).toEqual(['eth_getCode', 'eth_call']);
  });

  it('reads only the native balance when no token is configured for the network', async () => {
    const balances = await balanceApi(createEip155Adapter({ target: createPage() }))?.getTokenBalances?.(account(3), network);
    expect(balances?.map((b) => [b.symbol, b.address])).toEqual([['ETH', undefined]]);
    expect(proxy.methods).toEqual(['eth_getBalance']);
  });
});

describe('getTokenBalances from the wallet (EIP-7811 wallet_getAssets)', () => {
  const walletAsset = (overrides: Record<string, unknown> = {}) => ({
    address: chains.main.contracts.token.toLowerCase(),
    balance: '0x2a',
    type: 'ERC20',
    metadata: { name: 'Wallet Token', symbol: 'WLT', decimals: 1, price: 2.5, iconUrl: 'https://wallet.example/wlt.png', value: 10.5 },
    ...overrides,
  });

  async function connectedWith(assets: unknown) {
    const recorded = recordingProvider(createWallet(chains), {
      wallet_getCapabilities: () => ({ '0x7a69': { assetDiscovery: { supported: true } } }),
      wallet_getAssets: () => assets,
    });
    const mounted = mountAdapter(recorded.provider, [network], {
      tokens: { 'eip155:31337': [{ address: chains.main.contracts.token }] },
    });
    await mounted.adapter.connect(mounted.connector, { network });
    return { recorded, ...mounted };
  }

  it('uses a valid reply and makes no RPC request; decimals 0 are dropped (§5)', async () => {
    const native = {
      address: 'native',
      balance: '0xde0b6b3a7640000',
      type: 'NATIVE',
      metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 3000, iconUrl: '' },
    };
    const { adapter, recorded, unmount } = await connectedWith({
      '0x7a69': [native, walletAsset(), walletAsset({ metadata: { ...walletAsset().metadata, symbol: 'ZERO', decimals: 0 } })],
    });
    const balances = await balanceApi(adapter)?.getTokenBalances?.(account(0), network);
    expect(balances).toEqual([
      { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', price: 3000, quantity: { decimals: '18', numeric: '1' }, iconUrl: '' },
      {
        name: 'Wallet Token',
        symbol: 'WLT',
        chainId: 'eip155:31337',
        address: chains.main.contracts.token,
        value: 10.5,
        price: 2.5,
        quantity: { decimals: '1', numeric: '4.2' },
        iconUrl: 'https://wallet.example/wlt.png',
      },
    ]);
    expect(recorded.paramsOf('wallet_getAssets')).toEqual([[{ account: account(0), chainFilter: ['0x7a69'] }]]);
    expect(proxy.methods).toEqual([]);
    unmount();
  });

  it('falls back to the chain when the reply is invalid', async () => {
    const { adapter, unmount } = await connectedWith({ '0x7a69': [walletAsset({ type: 'erc20' })] });
    const balances = await balanceApi(adapter)?.getTokenBalances?.(account(0), network);
    expect(balances?.find((b) => b.symbol === 'LDT')?.quantity.numeric).toBe(formatUnits(await tokenBalanceOf(account(0)), 18));
    expect(proxy.methods).toEqual(['eth_getCode', 'eth_call']);
    unmount();
  });

  it('asks the chain, not the wallet, when the wallet does not declare asset discovery', async () => {
    const recorded = recordingProvider(createWallet(chains)); // the testkit wallet answers wallet_getCapabilities with {}
    const { adapter, connector, unmount } = mountAdapter(recorded.provider, [network], {
      tokens: { 'eip155:31337': [{ address: chains.main.contracts.token }] },
    });
    await adapter.connect(connector, { network });
    const balances = await balanceApi(adapter)?.getTokenBalances?.(account(0), network);
    expect(balances?.map((b) => b.symbol)).toEqual(['ETH', 'LDT']);
    expect(recorded.methods).toContain('wallet_getCapabilities');
    expect(recorded.methods).not.toContain('wallet_getAssets');
    unmount();
  });
});
