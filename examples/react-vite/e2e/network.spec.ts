import { dialog, expect, openConnect, test, UNREQUESTED_CHAIN_ID } from './fixtures.js';
import { expectedBalanceText, WALLET_NAME } from './helpers.js';

test('switch network from the Account view: the wallet and the page follow', async ({ page, demo, chains, installWallet }) => {
  await installWallet(page);
  await page.goto(demo.url);
  await openConnect(page);
  await dialog(page)
    .getByRole('button', { name: new RegExp(WALLET_NAME) })
    .click();
  await page.getByTestId('latch-account-button').click();
  await dialog(page)
    .getByRole('button', { name: /^Local Devnet\s*, change network$/ })
    .click();
  await expect(dialog(page).getByRole('heading', { name: 'Choose Network' })).toBeVisible();
  await dialog(page)
    .getByRole('button', { name: /Local Devnet 2/ })
    .click();
  await expect(page.getByTestId('demo-network')).toHaveText('Local Devnet 2');
  const walletChain = await page.evaluate(
    () =>
      (window as unknown as { __latchMockWallets: Record<string, { chainId: number }> }).__latchMockWallets['io.latch.testwallet']!.chainId,
  );
  expect(walletChain).toBe(31338);
  await expect(dialog(page).getByTestId('latch-account-balance')).toHaveText(
    await expectedBalanceText(chains.second.rpcUrl, chains.main.accounts[0]!.address),
  );
});

test('a wallet on an unrequested chain gets the UnsupportedChain view, and switching from it fixes it', async ({
  page,
  demo,
  installWallet,
}) => {
  await installWallet(page, { chainId: UNREQUESTED_CHAIN_ID });
  await page.goto(demo.url);
  await openConnect(page);
  await dialog(page)
    .getByRole('button', { name: new RegExp(WALLET_NAME) })
    .click();
  await expect(dialog(page).getByRole('heading', { name: 'Switch Network' })).toBeVisible();
  await expect(page.getByTestId('latch-network-button')).toContainText('Wrong network');
  await dialog(page)
    .getByRole('button', { name: /^Local Devnet$/ })
    .click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByTestId('latch-network-button')).toContainText('Local Devnet');
  await expect(page.getByTestId('demo-network')).toHaveText('Local Devnet');
});
