// Issue 27, "prove the SDK": the Gas tracker example plugin (examples/gas-tracker), written only against the public
// plugin API, in the demo with `?features=gasTracker`: opened by keyboard from the Account view, its base fee is the
// one anvil reports for the block it names, it reads again on a new block, and a broken RPC shows the error and
// "Try again". Expected figures come from anvil over JSON-RPC and viem's own formatters.
import type { Page } from '@playwright/test';
import { formatEther, formatGwei } from 'viem';
import { dialog, expect, test } from './fixtures.js';
import { audit, focusedInModal, rpc, WALLET_NAME, watchForeignRequests } from './helpers.js';
import { checkLayout } from './layout.js';
import { connectWallet } from './namespaceFlows.js';

const view = (page: Page) => dialog(page).getByTestId('latch-GasTracker');

/** The block number the view says its figures are from. */
async function shownBlock(page: Page): Promise<bigint> {
  const text =
    (await view(page)
      .getByText(/^Fees at block \d+$/)
      .textContent()) ?? '';
  return BigInt(text.replace('Fees at block ', ''));
}

/** Presses Tab until the modal's focused element is `name` (a keyboard visitor's way there), Enter on it. */
async function tabTo(page: Page, name: string) {
  for (let presses = 0; presses < 40 && (await focusedInModal(page)) !== `|${name}`; presses++) await page.keyboard.press('Tab');
  expect(await focusedInModal(page)).toBe(`|${name}`);
  await page.keyboard.press('Enter');
}

/** Connects the mock wallet, runs `connected`, and opens the Gas tracker from the Account view by keyboard. */
async function openGasTracker(page: Page, url: string, connected?: () => Promise<unknown>) {
  await page.goto(`${url}?features=gasTracker`);
  await connectWallet(page, WALLET_NAME);
  await connected?.();
  await page.getByTestId('latch-account-button').focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toHaveAccessibleName('Account');
  await tabTo(page, 'Gas tracker');
  await expect(view(page)).toBeVisible();
  await expect(dialog(page)).toHaveAccessibleName('Gas tracker');
  // Focus lands on the view's Back control (the fee rows are plain content; in the error state Tab reaches Try again).
  expect(await focusedInModal(page)).toBe('Back|');
}

/** The base fee the view must show for a block, as anvil reports it, written with viem's formatter. */
async function baseFeeText(rpcUrl: string, block: bigint): Promise<string> {
  const { baseFeePerGas } = await rpc<{ baseFeePerGas: string }>(rpcUrl, 'eth_getBlockByNumber', [`0x${block.toString(16)}`, false]);
  return `${formatGwei(BigInt(baseFeePerGas))} gwei`;
}

/** The normal-speed tip for a block from anvil's fee history: the mean 50th-percentile reward of the last 10 blocks that held transactions, else the node's suggestion. */
async function normalTip(rpcUrl: string, block: bigint): Promise<bigint> {
  const history = await rpc<{ reward: string[][]; gasUsedRatio: number[] }>(rpcUrl, 'eth_feeHistory', [
    '0xa',
    `0x${block.toString(16)}`,
    [10, 50, 90],
  ]);
  const rewards = history.reward.filter((_, i) => (history.gasUsedRatio[i] ?? 0) > 0).map((row) => BigInt(row[1] ?? '0x0'));
  if (!rewards.length) return BigInt(await rpc<string>(rpcUrl, 'eth_maxPriorityFeePerGas'));
  return rewards.reduce((a, b) => a + b, 0n) / BigInt(rewards.length);
}

test('by keyboard from the Account view: the base fee and a transfer’s cost from anvil’s own figures, read again on a new block', async ({
  page,
  demo,
  chains,
  installWallet,
}) => {
  const rpcUrl = chains.main.rpcUrl;
  const foreign = watchForeignRequests(page);
  await installWallet(page);
  await openGasTracker(page, demo.url);
  const modal = view(page);

  const block = await shownBlock(page);
  await expect(modal.getByTestId('gas-base-fee')).toHaveText(await baseFeeText(rpcUrl, block));
  const { baseFeePerGas } = await rpc<{ baseFeePerGas: string }>(rpcUrl, 'eth_getBlockByNumber', [`0x${block.toString(16)}`, false]);
  const tip = await normalTip(rpcUrl, block);
  await expect(modal.getByTestId('gas-tip-normal')).toContainText(`Tip ${formatGwei(tip)} gwei`);
  await expect(modal.getByTestId('gas-cost-normal')).toHaveText(`${formatEther(21_000n * (BigInt(baseFeePerGas) + tip))} ETH`);
  for (const speed of ['Slow', 'Normal', 'Fast']) await expect(modal.getByText(speed, { exact: true })).toBeVisible();
  await audit(page, 'GasTracker');
  await checkLayout(page, 'Gas tracker');

  // A new block: the open view reads the fees again and shows that block's base fee.
  await rpc(rpcUrl, 'evm_mine');
  const next = BigInt(await rpc<string>(rpcUrl, 'eth_blockNumber'));
  await expect(modal.getByText(`Fees at block ${next}`, { exact: true })).toBeVisible();
  await expect(modal.getByTestId('gas-base-fee')).toHaveText(await baseFeeText(rpcUrl, next));

  // No host beyond the demo's own (the network's configured RPC included) was asked.
  expect(foreign).toEqual([]);
});

test('with the network’s RPC broken the view says so and offers Try again, which reads the fees once it answers', async ({
  page,
  demo,
  chains,
  installWallet,
}) => {
  const rpcUrl = chains.main.rpcUrl;
  await installWallet(page);
  // Once connected, the page cannot reach the network's RPC (the mock wallet's own requests included).
  const broken = (url: URL) => url.origin === new URL(rpcUrl).origin;
  await openGasTracker(page, demo.url, () => page.route(broken, (route) => route.abort('connectionrefused')));

  const modal = view(page);
  await expect(modal.getByTestId('gas-tracker-error')).toContainText(`Could not read the network's fee data from ${new URL(rpcUrl).host}.`);
  await expect(modal.getByRole('alert')).toContainText('Fees unavailable');
  await expect(modal.getByTestId('gas-base-fee')).toHaveCount(0);
  await audit(page, 'GasTracker (error)');

  // Try again by keyboard while it is still broken: the same error again.
  await tabTo(page, 'Try again');
  await expect(modal.getByTestId('gas-tracker-error')).toContainText('Could not read the network');

  // The RPC answers again: Try again shows the figures of the block anvil is at.
  await page.unroute(broken);
  await modal.getByRole('button', { name: 'Try again' }).click();
  await expect(modal.getByText(/^Fees at block \d+$/)).toBeVisible();
  await expect(modal.getByTestId('gas-base-fee')).toHaveText(await baseFeeText(rpcUrl, await shownBlock(page)));
  await expect(modal.getByTestId('gas-tracker-error')).toHaveCount(0);
});
