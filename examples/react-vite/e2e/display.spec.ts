// Issue 24: the display rules a visitor reads. Balances at 3 decimals, cut, from the chain's own figure; on a
// test network no balance is fetched and the account shows '0.00' as it is; addresses keep their first 4
// characters and last 6. Every expected text is worked out here (helpers.ts), not with the product's formatters.
import { dialog, expect, test } from './fixtures.js';
import { expectedBalanceText, WALLET_NAME } from './helpers.js';
import { connectWallet } from './namespaceFlows.js';

test("the local chain's balance at 3 decimals, a test network's unfetched '0.00 ETH', and '0xf3…b92266' addresses", async ({
  page,
  demo,
  chains,
  installWallet,
}) => {
  const address = chains.main.accounts[0]!.address;
  // §9, typed out: the first 4 characters (0x counts), an ellipsis, the last 6.
  const short = `${address.slice(0, 4)}…${address.slice(-6)}`;
  expect(short).toHaveLength(11);
  await installWallet(page);
  await page.goto(demo.url);
  await connectWallet(page, WALLET_NAME);
  await expect(page.getByTestId('latch-account-button')).toContainText(short);
  await page.getByTestId('latch-account-button').click();
  const modal = dialog(page);
  await expect(modal.getByTestId('latch-account-name')).toHaveText(short);
  await expect(modal.getByTestId('latch-account-balance')).toHaveText(await expectedBalanceText(chains.main.rpcUrl, address));

  // Sepolia is a test network: no balance is fetched, and the placeholder shows as it is, not as '0.000 ETH'.
  await modal.getByRole('button', { name: /^Local Devnet\s*, change network$/ }).click();
  await modal.getByRole('button', { name: /^Sepolia/ }).click();
  await expect(page.getByTestId('demo-network')).toHaveText('Sepolia');
  await expect(modal.getByTestId('latch-account-balance')).toHaveText('0.00 ETH');
  await expect(page.getByTestId('demo-balance')).toHaveText('0.00 ETH');
});
