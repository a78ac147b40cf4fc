// @vitest-environment node
import { createMockEip1193Provider } from '@latch/testkit';
import { type AnvilFixture, deployUniswap, SWAP_DEMO_TOKEN, startAnvil, type UniswapDeployment } from '@latch/devnet';
import { createPublicClient, erc20Abi, http, parseEther, parseUnits, type PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atomicOn, type BundleModal, waitForBundle } from './swapBundle.js';
import { approveCall, readAllowance, sendCall, swapFailureMessage } from './swapTransactions.js';
import type { SwapNetworkConfig, SwapToken } from './types.js';
import { createUniswapQuoteProvider } from './uniswapQuoteProvider.js';

let anvil: AnvilFixture;
let uniswap: UniswapDeployment;
let client: PublicClient;
let network: SwapNetworkConfig & { rpcUrl: string };
let LDT: SwapToken;
let LUSD: SwapToken;
const ETH: SwapToken = { symbol: 'ETH', name: 'Ether', decimals: 18 };
const provider = createUniswapQuoteProvider();

beforeAll(async () => {
  anvil = await startAnvil();
  uniswap = await deployUniswap(anvil.rpcUrl, anvil.chainId, anvil.accounts[0]!, { token: anvil.contracts.token });
  client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
  network = {
    rpcUrl: anvil.rpcUrl,
    weth: uniswap.weth,
    v2: { router: uniswap.v2.router, factory: uniswap.v2.factory },
    v3: { router: uniswap.v3.swapRouter, quoter: uniswap.v3.quoter, factory: uniswap.v3.factory },
  };
  LDT = { address: anvil.contracts.token, symbol: 'LDT', name: 'Latch Demo Token', decimals: 18 };
  LUSD = { address: uniswap.dollar, symbol: SWAP_DEMO_TOKEN.symbol, name: SWAP_DEMO_TOKEN.name, decimals: 6 };
});
afterAll(() => anvil?.stop());

const wallet = (index: number) =>
  createMockEip1193Provider({
    privateKey: anvil.accounts[index]!.privateKey,
    chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
    chainId: anvil.chainId,
  });

async function connected(index: number) {
  const mock = wallet(index);
  await mock.request({ method: 'eth_requestAccounts' });
  return mock;
}

const balanceOf = (token: SwapToken, owner: `0x${string}`) =>
  token.address
    ? client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
    : client.getBalance({ address: owner });

/** The receipt's status; a reverted one says why: the reason the call gives replayed on the block before, or what was off. */
async function mined(hash: `0x${string}`): Promise<string> {
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status === 'success') return 'success';
  const tx = await client.getTransaction({ hash });
  const block = await client.getBlock({ blockNumber: receipt.blockNumber });
  const replay = {
    account: tx.from,
    to: tx.to ?? undefined,
    data: tx.input,
    value: tx.value,
    gas: tx.gas,
    blockNumber: receipt.blockNumber - 1n,
  };
  const reason = await client.call(replay).then(
    () =>
      `the replay succeeds (gas used ${receipt.gasUsed} of ${tx.gas}; block time ${block.timestamp}, clock ${Math.floor(Date.now() / 1000)})`,
    (error: unknown) => (error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)),
  );
  return `reverted: ${reason}`;
}

const request = (from: SwapToken, to: SwapToken, amountIn: bigint, account: `0x${string}`, slippageBps = 100) => ({
  chainId: anvil.chainId,
  from,
  to,
  amountIn,
  account,
  slippageBps,
});

describe('the on-chain Uniswap quote provider', () => {
  it('quotes ETH → LDT on the v2 pool at x·y=k less 0.3 %, with the price impact and minimum', async () => {
    const account = anvil.accounts[4]!.address;
    const quote = await provider.quote(request(ETH, LDT, parseEther('1'), account), network);
    // 1 ETH into 50 ETH / 100 000 LDT reserves, 997/1000 of the input counting.
    const expected = (parseEther('1') * 997n * parseEther('100000')) / (parseEther('50') * 1000n + parseEther('1') * 997n);
    expect(quote.amountOut).toBe(expected);
    expect(quote.route).toBe('Uniswap v2');
    expect(quote.minimumOut).toBe((expected * 99n) / 100n);
    expect(quote.fee).toBe(parseEther('0.003'));
    // Ideal output 0.997 × 2000 = 1994 LDT against ~1955: about 1.96 % impact.
    expect(quote.priceImpact).toBeCloseTo(1 - 1 / 1.02, 3);
    expect(quote.spender).toBeUndefined();
    expect(quote.call).toMatchObject({ to: uniswap.v2.router, value: parseEther('1') });
  });

  it('quotes LDT → LUSD on the v3 0.3 % pool and the swap pays exactly that after the allowance step', async () => {
    const mock = await connected(1);
    const account = mock.address;
    const quote = await provider.quote(request(LDT, LUSD, parseEther('10'), account), network);
    expect(quote.route).toBe('Uniswap v3 0.3 %');
    expect(quote.spender).toBe(uniswap.v3.swapRouter);
    expect(quote.amountOut).toBeGreaterThan(parseUnits('9.96', 6));
    expect(quote.amountOut).toBeLessThan(parseUnits('9.97', 6));
    expect(quote.priceImpact).toBeLessThan(0.001);

    expect(await readAllowance(client, anvil.contracts.token, account, quote.spender!)).toBe(0n);
    const approval = await sendCall(mock, anvil.chainId, account, approveCall(anvil.contracts.token, quote.spender!, quote.amountIn));
    expect(await mined(approval)).toBe('success');
    expect(await readAllowance(client, anvil.contracts.token, account, quote.spender!)).toBe(parseEther('10'));

    const [ldtBefore, lusdBefore] = await Promise.all([balanceOf(LDT, account), balanceOf(LUSD, account)]);
    expect(await mined(await sendCall(mock, anvil.chainId, account, quote.call))).toBe('success');
    expect(await balanceOf(LDT, account)).toBe(ldtBefore - parseEther('10'));
    expect(await balanceOf(LUSD, account)).toBe(lusdBefore + quote.amountOut);
  });

  it('pays out native ETH: LUSD → ETH through the v3 pool and the router unwrapping WETH', async () => {
    const mock = await connected(2);
    const account = mock.address;
    const quote = await provider.quote(request(LUSD, ETH, parseUnits('200', 6), account), network);
    expect(quote.route).toBe('Uniswap v3 0.05 %');
    await mined(await sendCall(mock, anvil.chainId, account, approveCall(uniswap.dollar, quote.spender!, quote.amountIn)));
    const before = await balanceOf(ETH, account);
    const hash = await sendCall(mock, anvil.chainId, account, quote.call);
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    const gas = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(await balanceOf(ETH, account)).toBe(before + quote.amountOut - gas);
  });

  it('wraps ETH into WETH one to one', async () => {
    const weth: SwapToken = { address: uniswap.weth, symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 };
    const quote = await provider.quote(request(ETH, weth, parseEther('0.5'), anvil.accounts[3]!.address), network);
    expect(quote).toMatchObject({ route: 'Wrap', amountOut: parseEther('0.5'), fee: 0n });
  });

  it('refuses the same token twice, a zero amount and a pair with no pool', async () => {
    const account = anvil.accounts[3]!.address;
    await expect(provider.quote(request(LDT, LDT, 1n, account), network)).rejects.toThrow('Choose two different tokens');
    await expect(provider.quote(request(LDT, LUSD, 0n, account), network)).rejects.toThrow('Enter an amount greater than 0');
    const stranger: SwapToken = { address: anvil.contracts.nft, symbol: 'LNFT', name: 'NFT', decimals: 0 };
    await expect(provider.quote(request(LDT, stranger, parseEther('1'), account), network)).rejects.toThrow(
      'No pool on this network can swap LDT for LNFT in this amount',
    );
  });

  it('a swap whose price moved past the tolerance is reverted with the slippage message', async () => {
    const mock = await connected(3);
    const account = mock.address;
    const quote = await provider.quote(request(ETH, LDT, parseEther('1'), account, 50), network);
    // Someone else buys LDT first: the same ETH now buys ~4 % less, beyond the 0.5 % tolerance.
    const other = await connected(5);
    // The front-runner accepts any price (50 %): its swap must land for the victim's to be the one that reverts.
    const front = await provider.quote(request(ETH, LDT, parseEther('2'), other.address, 5000), network);
    expect(await mined(await sendCall(other, anvil.chainId, other.address, front.call))).toBe('success');
    const error = await sendCall(mock, anvil.chainId, account, quote.call).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeDefined();
    // The wallet's gas estimation refused it: nothing was sent, so it is not called reverted.
    expect(swapFailureMessage(error, '0.5', 'refused')).toBe(
      'The contract refused this swap: the price moved by more than your 0.5 % slippage tolerance. Get a new quote or raise the tolerance. Nothing was sent.',
    );
  });

  it('a wallet on another chain is refused before anything is signed', async () => {
    const mock = await connected(6);
    await expect(sendCall(mock, 1, mock.address, { to: uniswap.weth, data: '0x', value: 1n })).rejects.toThrow(/eip155:31337 ≠ eip155:1/);
  });

  it('a rejection in the wallet reads as the §8 "Signature declined"', async () => {
    const mock = createMockEip1193Provider({
      privateKey: anvil.accounts[6]!.privateKey,
      chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
      chainId: anvil.chainId,
      failures: { rejectSign: true },
    });
    await mock.request({ method: 'eth_requestAccounts' });
    const error = await sendCall(mock, anvil.chainId, mock.address, { to: uniswap.weth, data: '0xd0e30db0', value: 1n }).catch(
      (err: unknown) => err,
    );
    expect(swapFailureMessage(error, '1', 'refused')).toBe('Signature declined');
  });
});

describe('through SwapRouter02, the router Uniswap deploys on every chain (the shipped networks use it)', () => {
  const router02 = () => ({ ...network, v3: { ...network.v3!, router: uniswap.v3.swapRouter02, routerKind: 'SwapRouter02' as const } });

  it('LDT → LUSD: the quote names SwapRouter02 as spender and the swap pays exactly the quote', async () => {
    const mock = await connected(0);
    const account = mock.address;
    const quote = await provider.quote(request(LDT, LUSD, parseEther('5'), account), router02());
    expect(quote.route).toBe('Uniswap v3 0.3 %');
    expect(quote.spender).toBe(uniswap.v3.swapRouter02);
    expect(quote.call.to).toBe(uniswap.v3.swapRouter02);
    await mined(await sendCall(mock, anvil.chainId, account, approveCall(anvil.contracts.token, quote.spender!, quote.amountIn)));
    const [ldtBefore, lusdBefore] = await Promise.all([balanceOf(LDT, account), balanceOf(LUSD, account)]);
    expect(await mined(await sendCall(mock, anvil.chainId, account, quote.call))).toBe('success');
    expect(await balanceOf(LDT, account)).toBe(ldtBefore - parseEther('5'));
    expect(await balanceOf(LUSD, account)).toBe(lusdBefore + quote.amountOut);
  });

  it('LUSD → ETH: the router keeps the WETH and unwraps it to the account', async () => {
    const mock = await connected(0);
    const account = mock.address;
    const quote = await provider.quote(request(LUSD, ETH, parseUnits('100', 6), account), router02());
    expect(quote.route).toBe('Uniswap v3 0.05 %');
    await mined(await sendCall(mock, anvil.chainId, account, approveCall(uniswap.dollar, quote.spender!, quote.amountIn)));
    const before = await balanceOf(ETH, account);
    const receipt = await client.waitForTransactionReceipt({ hash: await sendCall(mock, anvil.chainId, account, quote.call) });
    expect(receipt.status).toBe('success');
    expect(await balanceOf(ETH, account)).toBe(before + quote.amountOut - receipt.gasUsed * receipt.effectiveGasPrice);
  });

  it('ETH → LUSD: the value pays the router, which wraps it', async () => {
    const mock = await connected(0);
    const account = mock.address;
    const quote = await provider.quote(request(ETH, LUSD, parseEther('0.01'), account), { ...router02(), v2: undefined });
    expect(quote).toMatchObject({ route: 'Uniswap v3 0.05 %', call: { to: uniswap.v3.swapRouter02, value: parseEther('0.01') } });
    const before = await balanceOf(LUSD, account);
    expect(await mined(await sendCall(mock, anvil.chainId, account, quote.call))).toBe('success');
    expect(await balanceOf(LUSD, account)).toBe(before + quote.amountOut);
  });
});

describe('approve + swap as one EIP-5792 bundle', () => {
  it('is chosen only where the wallet runs bundles atomically on the chain (supported, or ready to upgrade)', () => {
    expect(atomicOn({ '0x7a69': { atomic: { status: 'supported' } } }, 31337)).toBe(true);
    expect(atomicOn({ '0x7a69': { atomic: { status: 'ready' } } }, 31337)).toBe(true);
    expect(atomicOn({ '0x0': { atomic: { status: 'supported' } } }, 31337)).toBe(true);
    expect(atomicOn({ '0x7a69': { atomic: { status: 'unsupported' } } }, 31337)).toBe(false);
    expect(atomicOn({ '0x1': { atomic: { status: 'supported' } } }, 31337)).toBe(false);
    expect(atomicOn({}, 31337)).toBe(false);
  });

  /** The testkit wallet with EIP-5792 (one call at a time, never atomic) behind the calls the Swap view makes; account 1 holds LDT. */
  async function bundleWallet(index: number) {
    const mock = createMockEip1193Provider({
      privateKey: anvil.accounts[index]!.privateKey,
      chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
      chainId: anvil.chainId,
      eip5792: true,
    });
    await mock.request({ method: 'eth_requestAccounts' });
    const bundles: BundleModal = {
      getCapabilities: async () => (await mock.request({ method: 'wallet_getCapabilities', params: [mock.address, ['0x7a69']] })) as never,
      sendCalls: async ({ calls, atomicRequired }) =>
        (await mock.request({
          method: 'wallet_sendCalls',
          params: [
            {
              version: '2.0.0',
              chainId: '0x7a69',
              from: mock.address,
              atomicRequired,
              calls: calls.map((call) => ({ to: call.to, data: call.data, value: `0x${(call.value ?? 0n).toString(16)}` })),
            },
          ],
        })) as { id: string },
      getCallsStatus: async (id) => (await mock.request({ method: 'wallet_getCallsStatus', params: [id] })) as never,
    };
    return { mock, bundles };
  }

  it('a wallet that cannot run it atomically refuses the atomic bundle (5760): the view then keeps the two steps', async () => {
    const { mock, bundles } = await bundleWallet(1);
    expect(atomicOn(await bundles.getCapabilities(), anvil.chainId)).toBe(false);
    const quote = await provider.quote(request(LDT, LUSD, parseEther('2'), mock.address), network);
    const approval = approveCall(anvil.contracts.token, quote.spender!, quote.amountIn);
    await expect(bundles.sendCalls({ calls: [approval, quote.call], atomicRequired: true })).rejects.toMatchObject({ code: 5760 });
    expect(await readAllowance(client, anvil.contracts.token, mock.address, quote.spender!)).toBe(0n);
  });

  it('the approval and the swap sent as one bundle land, and waitForBundle reports it confirmed', async () => {
    const { mock, bundles } = await bundleWallet(1);
    const quote = await provider.quote(request(LDT, LUSD, parseEther('3'), mock.address), network);
    const [ldtBefore, lusdBefore] = await Promise.all([balanceOf(LDT, mock.address), balanceOf(LUSD, mock.address)]);
    const approval = approveCall(anvil.contracts.token, quote.spender!, quote.amountIn);
    const { id } = await bundles.sendCalls({ calls: [approval, quote.call], atomicRequired: false });
    expect(await waitForBundle(bundles, id)).toEqual({ status: 'confirmed' });
    expect(await balanceOf(LDT, mock.address)).toBe(ldtBefore - parseEther('3'));
    expect(await balanceOf(LUSD, mock.address)).toBe(lusdBefore + quote.amountOut);
  });

  it('a bundle whose swap the chain refuses is reported failed, with the reason in words', async () => {
    const { mock, bundles } = await bundleWallet(1);
    const quote = await provider.quote(request(LDT, LUSD, parseEther('1'), mock.address), network);
    // An allowance too small for the swap: the approval lands, the swap is refused (the account holds the LDT).
    expect(await balanceOf(LDT, mock.address)).toBeGreaterThan(parseEther('1'));
    const approval = approveCall(anvil.contracts.token, quote.spender!, 1n);
    const { id } = await bundles.sendCalls({ calls: [approval, quote.call], atomicRequired: false });
    expect(await waitForBundle(bundles, id)).toEqual({ status: 'failed', reason: 'The transaction was reverted by the contract.' });
  });
});
