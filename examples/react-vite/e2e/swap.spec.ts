// Issue 16, swap: quotes from real Uniswap v2 and v3 pools (deployed on anvil from their npm
// artifacts), the allowance step, the swap through the mock wallet (real keys), balances and
// Activity after it; slippage exceeded, a declined request and an insufficient balance.
import { MOCK_WALLET_INFO, type MockWalletFailures, mockWalletInitScript } from '@latch/testkit';
import { type AnvilFixture, deployUniswap, loadUniswapArtifact, startAnvil, type UniswapDeployment } from '@latch/devnet';
import type { Page } from '@playwright/test';
import { createPublicClient, createWalletClient, erc20Abi, http, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { dialog, expect, LAZY_SET_UP, startOwnChainDemo, test as base } from './fixtures.js';
import { audit, focusedInModal, refuseChunk, retryUntilServed, WALLET_NAME, watchForeignRequests } from './helpers.js';
import { connectWallet } from './namespaceFlows.js';
import { checkLayout } from './layout.js';

interface SwapDemo {
  url: string;
  anvil: AnvilFixture;
  uniswap: UniswapDeployment;
}

// A chain of its own: the pools' prices move here, and no other spec reads these balances.
const startSwapDemo = () =>
  startOwnChainDemo(
    () => startAnvil({ chainId: 31337 }),
    async (anvil) => {
      const uniswap = await deployUniswap(anvil.rpcUrl, anvil.chainId, anvil.accounts[0]!, { token: anvil.contracts.token });
      const config = {
        chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl, name: 'Local Devnet' }],
        token: anvil.contracts.token,
        swap: {
          weth: uniswap.weth,
          dollar: uniswap.dollar,
          v2: uniswap.v2,
          v3: { router: uniswap.v3.swapRouter, quoter: uniswap.v3.quoter, factory: uniswap.v3.factory },
        },
      };
      return { config, extra: { uniswap } };
    },
  );

// The chain is one of the worker's resources: started by the first test that asks, kept for the worker's later tests.
const test = base.extend<{
  swapDemo: SwapDemo;
  installSwapWallet(page: Page, accountIndex: number, failures?: Partial<MockWalletFailures>): Promise<void>;
}>({
  swapDemo: [async ({ resources }, use) => use(await resources.get(startSwapDemo, startSwapDemo)), LAZY_SET_UP],
  installSwapWallet: async ({ swapDemo }, use) => {
    await use(async (page, accountIndex, failures) => {
      const account = swapDemo.anvil.accounts[accountIndex]!;
      const options = {
        privateKey: account.privateKey,
        chains: [{ chainId: 31337, rpcUrl: swapDemo.anvil.rpcUrl, name: 'Local Devnet' }],
        chainId: 31337,
        failures,
      };
      await page.addInitScript({ content: mockWalletInitScript({ wallets: [{ info: MOCK_WALLET_INFO, options }] }) });
    });
  },
});

/** §9 display, written out here (not the product's formatter): whole units cut to 3 decimals, thousands grouped. */
function display(units: bigint, decimals: number, symbol: string): string {
  const digits = units.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${digits
    .slice(digits.length - decimals)
    .padEnd(3, '0')
    .slice(0, 3)} ${symbol}`;
}

async function openSwap(page: Page) {
  await connectWallet(page, WALLET_NAME);
  await page.getByTestId('latch-account-button').click();
  await dialog(page).getByRole('button', { name: 'Swap' }).click();
  await expect(dialog(page).getByTestId('latch-Swap')).toBeVisible();
  await expect(dialog(page).getByTestId('latch-swap-balance')).toContainText('Balance: ');
  await checkLayout(page, 'Swap');
}

async function pick(page: Page, side: 'from' | 'to', query: string, symbol: string) {
  const modal = dialog(page);
  await modal.getByTestId(`latch-swap-${side}`).click();
  await modal.getByLabel('Search by name, symbol or address').fill(query);
  await modal.getByTestId(`latch-swap-token-${symbol}`).click();
  await expect(modal.getByTestId(`latch-swap-${side}`)).toHaveText(
    `${side === 'from' ? 'Token to pay with' : 'Token to receive'}: ${symbol}`,
  );
}

/** Opens Swap, ETH to LDT at a 0.5 % tolerance, paying `pay` ETH; waits for the quote. */
async function quoteLdtAtHalfPercent(page: Page, pay: string) {
  await openSwap(page);
  await pick(page, 'to', 'LDT', 'LDT');
  const modal = dialog(page);
  await modal.getByLabel('Slippage tolerance (%)').fill('0.5');
  await modal.getByLabel('You pay').fill(pay);
  await expect(modal.getByText('Minimum received (0.5 %)')).toBeVisible();
  return modal;
}

/** Dev account `index` buys LDT with 5 ETH on Uniswap v2 (any price): the price moves ~10 % for the next buyer. */
function buyLdtWithFiveEth(swapDemo: SwapDemo, index: number, fees: { maxFeePerGas?: bigint; maxPriorityFeePerGas?: bigint } = {}) {
  const { anvil, uniswap } = swapDemo;
  const account = privateKeyToAccount(anvil.accounts[index]!.privateKey);
  return createWalletClient({ account, transport: http(anvil.rpcUrl) }).writeContract({
    address: uniswap.v2.router,
    abi: loadUniswapArtifact('UniswapV2Router02').abi,
    functionName: 'swapExactETHForTokens',
    args: [0n, [uniswap.weth, anvil.contracts.token], account.address, BigInt(Math.floor(Date.now() / 1000) + 600)],
    value: parseEther('5'),
    gas: 300_000n,
    ...fees,
    chain: null,
  });
}

test('LDT → LUSD on the v3 pool: quote with impact, fee and minimum, the allowance step, the swap, balances and Activity', async ({
  page,
  swapDemo,
  installSwapWallet,
}) => {
  const foreign = watchForeignRequests(page);
  const { anvil, uniswap } = swapDemo;
  const trader = anvil.accounts[1]!.address;
  const client = createPublicClient({ transport: http(anvil.rpcUrl) });
  const balance = (token: `0x${string}`) =>
    client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [trader] });
  await installSwapWallet(page, 1);
  await page.goto(swapDemo.url);
  await openSwap(page);
  const modal = dialog(page);
  await audit(page, 'Swap form');

  await modal.getByTestId('latch-swap-from').click();
  await expect(modal.getByTestId('latch-swap-picker')).toBeVisible();
  // Balances first (the Tokens tab's rows, with the amounts held), then the suggested tokens it does not hold.
  const rows = modal.getByRole('list', { name: 'Tokens' }).getByRole('button');
  await expect(rows).toHaveText([
    /^ETHEther10,000\.000$/,
    /^LDTLatch Demo Token1,000\.000$/,
    /^LUSDLatch Demo Dollar1,000,000\.000$/,
    /^WETHWrapped Ether$/,
  ]);
  await audit(page, 'Swap token picker');
  await modal.getByRole('button', { name: 'Back to swap' }).click();
  await pick(page, 'from', 'ldt', 'LDT');
  await pick(page, 'to', 'dollar', 'LUSD');
  await modal.getByLabel('You pay').fill('10');

  // The expected quote, straight from QuoterV2 on the chain.
  const { result } = await client.simulateContract({
    address: uniswap.v3.quoter,
    abi: loadUniswapArtifact('QuoterV2').abi,
    functionName: 'quoteExactInputSingle',
    args: [{ tokenIn: anvil.contracts.token, tokenOut: uniswap.dollar, amountIn: parseEther('10'), fee: 3000, sqrtPriceLimitX96: 0n }],
  });
  const amountOut = (result as readonly bigint[])[0]!;
  await expect(modal.getByTestId('latch-swap-amount-out')).toHaveText(display(amountOut, 6, 'LUSD'));
  await expect(modal.getByTestId('latch-swap-minimum')).toHaveText(display((amountOut * 99n) / 100n, 6, 'LUSD'));
  await expect(modal.getByText('Minimum received (1 %)')).toBeVisible();
  // The pool's 0.3 % of 10 LDT, every digit.
  await expect(modal.getByTestId('latch-swap-fee')).toHaveText('0.03 LDT');
  await expect(modal.getByTestId('latch-swap-impact')).toHaveText('< 0.01 %');
  await expect(modal.getByText('Uniswap v3 0.3 %')).toBeVisible();
  await audit(page, 'Swap form with a quote');

  const [ldtBefore, lusdBefore] = await Promise.all([balance(anvil.contracts.token), balance(uniswap.dollar)]);
  await modal.getByRole('button', { name: 'Approve LDT' }).click();
  await expect(modal.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled();
  expect(
    await client.readContract({
      address: anvil.contracts.token,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [trader, uniswap.v3.swapRouter],
    }),
  ).toBe(parseEther('10'));
  await modal.getByRole('button', { name: 'Swap', exact: true }).click();
  const done = modal.getByTestId('latch-swap-result');
  await expect(done).toHaveAttribute('data-status', 'confirmed');
  await expect(done).toContainText(`Swapped 10.000 LDT for ${display(amountOut, 6, 'LUSD')}.`);
  expect(await balance(anvil.contracts.token)).toBe(ldtBefore - parseEther('10'));
  expect(await balance(uniswap.dollar)).toBe(lusdBefore + amountOut);
  await audit(page, 'Swap result');

  // Back in the account: the balances followed, and the swap is the newest Activity entry.
  await modal.getByRole('button', { name: 'Done' }).click();
  const tokens = modal.getByTestId('latch-tokens').getByRole('listitem');
  await expect(tokens.filter({ hasText: 'LDT' })).toContainText(display(ldtBefore - parseEther('10'), 18, 'LDT').replace(' LDT', ''));
  await expect(tokens.filter({ hasText: 'LUSD' })).toContainText(display(lusdBefore + amountOut, 6, 'LUSD').replace(' LUSD', ''));
  await modal.getByRole('tab', { name: 'Activity' }).click();
  const newest = modal.getByTestId('latch-activity-item').first();
  await expect(newest).toContainText('Swapped');
  await expect(newest).toContainText(`+${display(amountOut, 6, 'LUSD')}`);
  expect(foreign).toEqual([]);
});

test('by keyboard: ETH → LDT on the v2 pool, native in, no allowance step', async ({ page, swapDemo, installSwapWallet }) => {
  const { anvil, uniswap } = swapDemo;
  const trader = anvil.accounts[2]!.address;
  const client = createPublicClient({ transport: http(anvil.rpcUrl) });
  await installSwapWallet(page, 2);
  await page.goto(swapDemo.url);
  await openSwap(page);
  const modal = dialog(page);
  await expect(modal.getByTestId('latch-swap-from')).toHaveText('Token to pay with: ETH');
  await modal.getByTestId('latch-swap-to').focus();
  await page.keyboard.press('Enter');
  // The picker takes focus in its search field; Tab reaches the list, Enter picks, focus returns.
  await page.keyboard.type('LDT');
  await page.keyboard.press('Tab');
  expect(await focusedInModal(page)).toContain('LDT');
  await page.keyboard.press('Enter');
  await expect(modal.getByTestId('latch-swap-to')).toHaveText('Token to receive: LDT');
  expect(await focusedInModal(page)).toBe('|Token to receive: LDT');
  await modal.getByLabel('You pay').focus();
  await page.keyboard.type('0.5');
  const amounts = (await client.readContract({
    address: uniswap.v2.router,
    abi: loadUniswapArtifact('UniswapV2Router02').abi,
    functionName: 'getAmountsOut',
    args: [parseEther('0.5'), [uniswap.weth, anvil.contracts.token]],
  })) as bigint[];
  await expect(modal.getByTestId('latch-swap-amount-out')).toHaveText(display(amounts[1]!, 18, 'LDT'));
  await expect(modal.getByText('Uniswap v2', { exact: true })).toBeVisible();
  const before = await client.readContract({ address: anvil.contracts.token, abi: erc20Abi, functionName: 'balanceOf', args: [trader] });
  await modal.getByLabel('You pay').focus();
  await page.keyboard.press('Enter');
  await expect(modal.getByTestId('latch-swap-result')).toHaveAttribute('data-status', 'confirmed');
  expect(await client.readContract({ address: anvil.contracts.token, abi: erc20Abi, functionName: 'balanceOf', args: [trader] })).toBe(
    before + amounts[1]!,
  );
  expect(await focusedInModal(page)).toContain('Swap complete');
});

test('the price moves past the slippage tolerance before the swap: the wallet refuses it (never called reverted), nothing swapped; the new quote swaps', async ({
  page,
  swapDemo,
  installSwapWallet,
}) => {
  const { anvil, uniswap } = swapDemo;
  const client = createPublicClient({ transport: http(anvil.rpcUrl) });
  await installSwapWallet(page, 3);
  await page.goto(swapDemo.url);
  const modal = await quoteLdtAtHalfPercent(page, '1');
  // Someone else buys LDT with 5 ETH first, from the test: the quote on screen is now ~10 % too good.
  const hash = await buyLdtWithFiveEth(swapDemo, 5);
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success');
  const before = await client.getBalance({ address: anvil.accounts[3]!.address });
  await modal.getByRole('button', { name: 'Swap', exact: true }).click();
  // The wallet's gas estimation refused it: nothing reached the chain, so the words are not "reverted".
  await expect(modal.getByTestId('latch-swap-error')).toHaveText(
    'The contract refused this swap: the price moved by more than your 0.5 % slippage tolerance. Get a new quote or raise the tolerance. Nothing was sent.',
  );
  expect(await client.getBalance({ address: anvil.accounts[3]!.address })).toBe(before);
  await audit(page, 'Swap form with a slippage error');

  // The form asked for a new quote at the new price; that one swaps.
  const amounts = (await client.readContract({
    address: uniswap.v2.router,
    abi: loadUniswapArtifact('UniswapV2Router02').abi,
    functionName: 'getAmountsOut',
    args: [parseEther('1'), [uniswap.weth, anvil.contracts.token]],
  })) as bigint[];
  await expect(modal.getByTestId('latch-swap-amount-out')).toHaveText(display(amounts[1]!, 18, 'LDT'));
  await modal.getByRole('button', { name: 'Swap', exact: true }).click();
  await expect(modal.getByTestId('latch-swap-result')).toHaveAttribute('data-status', 'confirmed');
});

test('front-run in the same block (automine off): the swap is mined and reverted, and its reason is read on the state it ran on', async ({
  page,
  swapDemo,
  installSwapWallet,
}) => {
  const { anvil } = swapDemo;
  const client = createPublicClient({ transport: http(anvil.rpcUrl) });
  const rpc = (method: string, params: unknown[] = []) => client.request({ method, params } as never);
  await installSwapWallet(page, 6);
  await page.goto(swapDemo.url);
  const modal = await quoteLdtAtHalfPercent(page, '0.3');
  // The pool's 0.3 % of 0.3 ETH, every digit (§9's 3 decimals would read 0.000).
  await expect(modal.getByTestId('latch-swap-fee')).toHaveText('0.0009 ETH');
  await rpc('evm_setAutomine', [false]);
  try {
    // The visitor's swap waits in the mempool; a front-runner sees it and buys LDT with 5 ETH, with a higher tip so the
    // block orders it first.
    await modal.getByRole('button', { name: 'Swap', exact: true }).click();
    await expect(modal.getByText('Waiting for the network to include the transaction.')).toBeVisible();
    const frontHash = await buyLdtWithFiveEth(swapDemo, 7, {
      maxFeePerGas: parseEther('0.0000002'),
      maxPriorityFeePerGas: parseEther('0.0000001'),
    });
    await rpc('evm_mine');
    await expect(modal.getByTestId('latch-swap-result')).toHaveAttribute('data-status', 'failed');
    await expect(modal.getByTestId('latch-swap-result')).toContainText(
      'The transaction was reverted by the contract: the price moved by more than your 0.5 % slippage tolerance. Get a new quote or raise the tolerance.',
    );
    // It was a same-block front-run: one block, the front-runner first, the visitor's swap reverted.
    const frontReceipt = await client.getTransactionReceipt({ hash: frontHash });
    const block = await client.getBlock({ blockNumber: frontReceipt.blockNumber, includeTransactions: true });
    const victim = block.transactions.find((transaction) => transaction.from.toLowerCase() === anvil.accounts[6]!.address.toLowerCase());
    expect(frontReceipt.transactionIndex).toBe(0);
    expect(victim?.transactionIndex).toBe(1);
    expect((await client.getTransactionReceipt({ hash: victim!.hash })).status).toBe('reverted');
  } finally {
    await rpc('evm_setAutomine', [true]);
  }
});

test('a request declined in the wallet says so; an amount over the balance blocks the form', async ({
  page,
  swapDemo,
  installSwapWallet,
}) => {
  await installSwapWallet(page, 4, { rejectSign: true });
  await page.goto(swapDemo.url);
  await openSwap(page);
  const modal = dialog(page);
  await pick(page, 'to', 'LDT', 'LDT');
  await modal.getByLabel('You pay').fill('20000');
  await expect(modal.getByTestId('latch-swap-amount-error')).toHaveText('Insufficient ETH balance');
  await expect(modal.getByTestId('latch-swap-submit')).toBeDisabled();
  await expect(modal.getByTestId('latch-swap-quote')).toBeHidden();
  await audit(page, 'Swap form with an insufficient balance');
  await modal.getByLabel('You pay').fill('0.1');
  await modal.getByRole('button', { name: 'Swap', exact: true }).click();
  await expect(modal.getByTestId('latch-swap-error')).toHaveText('Signature declined');
  await expect(modal.getByTestId('latch-swap-submit')).toBeEnabled();
});

test("the quote's code cannot be fetched: the form says so, and the next amount quotes once the server answers", async ({
  page,
  swapDemo,
  installSwapWallet,
}) => {
  await installSwapWallet(page, 4);
  const code = await refuseChunk(page, 'uniswapQuoteProvider');
  await page.goto(swapDemo.url);
  await openSwap(page);
  const modal = dialog(page);
  await pick(page, 'to', 'LDT', 'LDT');
  const failure = modal.locator('.note.error');
  await modal.getByLabel('You pay').fill('0.1');
  await expect(failure).toContainText('uniswapQuoteProvider');
  expect(code.refused.length).toBeGreaterThan(0);

  // Another amount while refused fails again; once the server answers, the next one fetches the code anew and quotes.
  await retryUntilServed(code, {
    retry: () => modal.getByLabel('You pay').fill('0.2'),
    stillFailed: () => expect(failure).toBeVisible(),
    retryAfterLift: () => modal.getByLabel('You pay').fill('0.3'),
  });
  await expect(modal.getByText(/^Minimum received/)).toBeVisible();
  await expect(failure).toHaveCount(0);
});
