import { MOCK_WALLET_INFO } from '@latch/testkit';
import { verifyMessage } from 'viem';
import { dialog, expect, openConnect, test } from './fixtures.js';
import { expectedBalanceText, requestLog, setWalletFailure, shortAddress, watchForeignRequests, WALLET_NAME } from './helpers.js';

test('connect with the mock wallet: the Account view shows the checksummed short address and the anvil balance', async ({
  page,
  demo,
  chains,
  installWallet,
}) => {
  const foreign = watchForeignRequests(page);
  await installWallet(page);
  await page.goto(demo.url);
  await openConnect(page);
  await dialog(page)
    .getByRole('button', { name: new RegExp(WALLET_NAME) })
    .click();
  await expect(dialog(page)).toBeHidden();
  const address = chains.main.accounts[0]!.address;
  await expect(page.getByTestId('latch-account-button')).toContainText(shortAddress(address));
  await expect(page.getByTestId('demo-address')).toHaveText(address);
  await page.getByTestId('latch-account-button').click();
  await expect(dialog(page).getByTestId('latch-account-name')).toHaveText(shortAddress(address));
  await expect(dialog(page).getByTestId('latch-account-balance')).toHaveText(await expectedBalanceText(chains.main.rpcUrl, address));
  await expect(dialog(page).getByTestId('latch-tokens')).toContainText('Latch Demo Token');
  expect(foreign).toEqual([]);
});

test('the wallet rejects: declined state, still disconnected, and retry connects', async ({ page, demo, installWallet }) => {
  await installWallet(page, { failures: { rejectConnect: true } });
  await page.goto(demo.url);
  await openConnect(page);
  await dialog(page)
    .getByRole('button', { name: new RegExp(WALLET_NAME) })
    .click();
  await expect(dialog(page).getByText('Connection declined')).toBeVisible();
  await expect(page.getByTestId('demo-status')).toHaveText('disconnected');
  await expect(page.getByTestId('latch-connect-button')).toBeVisible();
  await setWalletFailure(page, MOCK_WALLET_INFO.rdns, 'rejectConnect', false);
  await dialog(page).getByRole('button', { name: 'Try again' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByTestId('demo-status')).toHaveText('connected');
});

test('disconnect returns to the connect button and clears the account', async ({ page, demo, installWallet }) => {
  await installWallet(page);
  await page.goto(demo.url);
  await openConnect(page);
  await dialog(page)
    .getByRole('button', { name: new RegExp(WALLET_NAME) })
    .click();
  await page.getByTestId('latch-account-button').click();
  await dialog(page).getByRole('button', { name: 'Disconnect' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByTestId('latch-connect-button')).toBeVisible();
  await expect(page.getByTestId('demo-status')).toHaveText('disconnected');
  await expect(page.getByTestId('demo-address')).toHaveText('—');
});

test('reload reconnects silently: eth_accounts, never eth_requestAccounts', async ({ page, demo, chains, installWallet }) => {
  await installWallet(page);
  await page.goto(demo.url);
  await openConnect(page);
  await dialog(page)
    .getByRole('button', { name: new RegExp(WALLET_NAME) })
    .click();
  await expect(page.getByTestId('latch-account-button')).toBeVisible();
  expect(await requestLog(page)).toContain('eth_requestAccounts');
  await page.reload();
  await expect(page.getByTestId('latch-account-button')).toContainText(shortAddress(chains.main.accounts[0]!.address));
  const afterReload = await requestLog(page);
  expect(afterReload).toContain('eth_accounts');
  expect(afterReload).not.toContain('eth_requestAccounts');
  await expect(dialog(page)).toBeHidden();
});

test('signing a message in the demo returns a signature that verifies for the account', async ({ page, demo, chains, installWallet }) => {
  await installWallet(page);
  await page.goto(demo.url);
  await openConnect(page);
  await dialog(page)
    .getByRole('button', { name: new RegExp(WALLET_NAME) })
    .click();
  await page.getByRole('button', { name: /^Sign with wallet/ }).click();
  await expect(page.getByTestId('demo-signature')).toHaveText(/^0x[0-9a-f]{130}$/);
  const signature = (await page.getByTestId('demo-signature').textContent()) as `0x${string}`;
  expect(await verifyMessage({ address: chains.main.accounts[0]!.address, message: 'Hello from Latch', signature })).toBe(true);
  expect(await verifyMessage({ address: chains.main.accounts[1]!.address, message: 'Hello from Latch', signature })).toBe(false);
});
