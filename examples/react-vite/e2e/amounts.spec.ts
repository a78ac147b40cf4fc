// Issue 22, eip155: every amount is right. A fresh devnet without Multicall3 (its own anvil), the testkit wallet that
// fills in EIP-1559 fees as viem and MetaMask do. Every expected figure is worked out here from the chain's own
// numbers (eth_estimateGas, the latest base fee, eth_maxPriorityFeePerGas, receipts), never with Latch's formatters.
import { MOCK_WALLET_INFO, mockWalletInitScript } from '@latch/testkit';
import { type AnvilFixture, startAnvil } from '@latch/devnet';
import type { Page } from '@playwright/test';
import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, toHex, type Address, type Hash } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { dialog, expect, LAZY_SET_UP, startOwnChainDemo, test as base } from './fixtures.js';
import { shortAddress, WALLET_NAME } from './helpers.js';
import { connectWallet } from './namespaceFlows.js';

interface BareDemo {
  url: string;
  anvil: AnvilFixture;
}

/** The fresh devnet (no Multicall3) and the demo on it. */
const startBareDemo = () =>
  startOwnChainDemo(
    () => startAnvil({ chainId: 31337, multicall3: false }),
    async (anvil) => ({
      config: {
        chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl, name: 'Local Devnet' }],
        token: anvil.contracts.token,
        nft: anvil.contracts.nft,
      },
      extra: {},
    }),
  );

// The devnet is one of the worker's resources: started by the first test that asks, kept for the worker's later tests.
const test = base.extend<{ bareDemo: BareDemo; installBareWallet(page: Page, accountIndex: number): Promise<void> }>({
  bareDemo: [async ({ resources }, use) => use(await resources.get(startBareDemo, startBareDemo)), LAZY_SET_UP],
  installBareWallet: async ({ bareDemo }, use) => {
    await use(async (page, accountIndex) => {
      const options = {
        privateKey: bareDemo.anvil.accounts[accountIndex]!.privateKey,
        chains: [{ chainId: 31337, rpcUrl: bareDemo.anvil.rpcUrl, name: 'Local Devnet' }],
        chainId: 31337,
      };
      await page.addInitScript({ content: mockWalletInitScript({ wallets: [{ info: MOCK_WALLET_INFO, options }] }) });
    });
  },
});

/** Whole units with every digit, thousands grouped: 1234500000000000000000 wei → '1,234.5'. */
function exact(units: bigint, decimals = 18): string {
  const digits = units.toString().padStart(decimals + 1, '0');
  const integer = digits.slice(0, -decimals).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${integer}.${fraction}` : integer;
}

/** §9: 3 decimals, cut (never rounded), thousands grouped. */
function threeDecimals(units: bigint, decimals = 18): string {
  const digits = units.toString().padStart(decimals + 1, '0');
  const integer = digits.slice(0, -decimals).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${integer}.${digits.slice(-decimals, -decimals + 3)}`;
}

/** What the wallet is asked to reserve per unit of gas: the latest base fee × 1.2 plus the node's tip (both from the chain). */
async function feeCaps(node: ReturnType<typeof createPublicClient>) {
  const [block, tip] = await Promise.all([
    node.getBlock(),
    node.request({ method: 'eth_maxPriorityFeePerGas' } as never).then((t) => BigInt(t as string)),
  ]);
  return { maxFeePerGas: ((block.baseFeePerGas as bigint) * 12n) / 10n + tip, tip };
}

async function openSend(page: Page, to: string) {
  await connectWallet(page, WALLET_NAME);
  await page.getByTestId('latch-account-button').click();
  const modal = dialog(page);
  await modal.getByTestId('latch-feature-WalletSend').click();
  await expect(modal.getByRole('button', { name: /^Token/ })).toContainText(/ETH, balance \d/);
  await modal.getByRole('textbox', { name: 'To', exact: true }).fill(to);
  return modal;
}

test('a devnet without Multicall3: the Tokens tab lists ETH and LDT with the balances the chain holds, the NFTs tab its NFTs', async ({
  page,
  bareDemo,
  installBareWallet,
}) => {
  const { anvil } = bareDemo;
  const node = createPublicClient({ transport: http(anvil.rpcUrl) });
  expect(await node.getCode({ address: '0xcA11bde05977b3631167028862bE2a173976CA11' })).toBeUndefined();
  const owner = anvil.accounts[0]!.address as Address;
  await installBareWallet(page, 0);
  await page.goto(bareDemo.url);
  await connectWallet(page, WALLET_NAME);
  await page.getByTestId('latch-account-button').click();
  const tokens = dialog(page).getByTestId('latch-tokens');
  const [eth, ldt] = await Promise.all([
    node.getBalance({ address: owner }),
    node.readContract({ address: anvil.contracts.token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
  ]);
  await expect(tokens.getByRole('listitem').filter({ hasText: 'ETH' })).toContainText(threeDecimals(eth));
  await expect(tokens.getByRole('listitem').filter({ hasText: 'LDT' })).toContainText(threeDecimals(ldt));
  await dialog(page).getByRole('tab', { name: 'NFTs' }).click();
  const held = await node.readContract({ address: anvil.contracts.nft, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
  await expect(dialog(page).getByTestId('latch-nft')).toHaveCount(Number(held));
});

test('Max with a wallet that fills in EIP-1559 fees: the balance less gas × max fee per gas, shown to the digit; it sends, and the sender keeps the quote less the fee charged', async ({
  page,
  bareDemo,
  installBareWallet,
}) => {
  const { anvil } = bareDemo;
  const node = createPublicClient({ transport: http(anvil.rpcUrl) });
  const from = anvil.accounts[6]!.address as Address;
  const to = anvil.accounts[7]!.address as Address;
  const balance = 1_234_567_891_234_567_891n;
  await node.request({ method: 'anvil_setBalance', params: [from, toHex(balance)] } as never);
  await installBareWallet(page, 6);
  await page.goto(bareDemo.url);
  const modal = await openSend(page, to);

  // What the wallet will be asked to reserve, from the chain: gas limit × (latest base fee × 1.2 + the node's tip).
  const [gas, { maxFeePerGas, tip }] = await Promise.all([
    node.request({ method: 'eth_estimateGas', params: [{ from, to, value: toHex(balance) }] } as never).then((g) => BigInt(g as string)),
    feeCaps(node),
  ]);
  const fee = gas * maxFeePerGas;
  await modal.getByRole('button', { name: 'Max ETH' }).click();
  await expect(modal.getByLabel(/^Amount/)).toHaveValue(exact(balance - fee).replace(/,/g, ''));
  await modal.getByTestId('latch-send-review').click();
  await expect(modal.getByTestId('latch-send-amount')).toHaveText(`${exact(balance - fee)} ETH`);
  await expect(modal.getByTestId('latch-send-fee')).toHaveText(`${exact(fee)} ETH`);
  const receiverBefore = await node.getBalance({ address: to });
  await modal.getByTestId('latch-send-confirm').click();
  await expect(modal.getByTestId('latch-send-result')).toHaveAttribute('data-status', 'confirmed');
  await expect(modal.getByRole('heading', { name: 'Sent' })).toBeVisible();

  expect(await node.getBalance({ address: to })).toBe(receiverBefore + balance - fee);
  const [latest] = (await node.getBlock({ includeTransactions: true })).transactions as { hash: Hash }[];
  const [sent, receipt] = await Promise.all([
    node.getTransaction({ hash: latest!.hash }),
    node.getTransactionReceipt({ hash: latest!.hash }),
  ]);
  expect(sent).toMatchObject({ from: from.toLowerCase(), gas, maxFeePerGas, maxPriorityFeePerGas: tip });
  const left = await node.getBalance({ address: from });
  expect(left).toBe(fee - receipt.gasUsed * receipt.effectiveGasPrice);
  expect(left).toBeGreaterThanOrEqual(0n);
});

test('the review shows exactly what is typed (1.2341, not 1.234) and a fee with its digits; Back keeps the form', async ({
  page,
  bareDemo,
  installBareWallet,
}) => {
  const { anvil } = bareDemo;
  const node = createPublicClient({ transport: http(anvil.rpcUrl) });
  const to = anvil.accounts[7]!.address as Address;
  await installBareWallet(page, 2);
  await page.goto(bareDemo.url);
  const modal = await openSend(page, to);
  await modal.getByLabel(/^Amount/).fill('1.2341');
  await modal.getByTestId('latch-send-review').click();
  await expect(modal.getByTestId('latch-send-amount')).toHaveText('1.2341 ETH');
  const fee = 21_000n * (await feeCaps(node)).maxFeePerGas;
  await expect(modal.getByTestId('latch-send-fee')).toHaveText(`${exact(fee)} ETH`);
  await modal.getByTestId('latch-send-preview').getByRole('button', { name: 'Back' }).click();
  await expect(modal.getByLabel(/^Amount/)).toHaveValue('1.2341');
});

test("Activity names an ERC-20 send's receiver (its Transfer log), not the token contract", async ({
  page,
  bareDemo,
  installBareWallet,
}) => {
  const { anvil } = bareDemo;
  const node = createPublicClient({ transport: http(anvil.rpcUrl) });
  const sender = anvil.accounts[3]!;
  const to = anvil.accounts[8]!.address as Address;
  const wallet = createWalletClient({ account: privateKeyToAccount(sender.privateKey), transport: http(anvil.rpcUrl) });
  const hash = await wallet.writeContract({
    address: anvil.contracts.token,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, parseEther('12.5')],
    chain: null,
  });
  expect((await node.waitForTransactionReceipt({ hash })).status).toBe('success');
  await installBareWallet(page, 3);
  await page.goto(bareDemo.url);
  await connectWallet(page, WALLET_NAME);
  await page.getByTestId('latch-account-button').click();
  await dialog(page).getByRole('tab', { name: 'Activity' }).click();
  const row = dialog(page).getByTestId('latch-activity-item').first();
  await expect(row).toContainText('Sent');
  await expect(row).toContainText(`to ${shortAddress(to)}`);
  await expect(row).not.toContainText(shortAddress(anvil.contracts.token));
  await expect(row.getByTestId('latch-activity-transfer')).toHaveText(['-12.500 LDT']);
});
