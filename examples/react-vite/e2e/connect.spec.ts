import { MOCK_WALLET_INFO } from '@latch/testkit';
import type { Page } from '@playwright/test';
import { verifyMessage } from 'viem';
import { dialog, expect, openConnect, test } from './fixtures.js';
import { expectedBalanceText, requestLog, setWalletFailure, shortAddress, watchForeignRequests, WALLET_NAME } from './helpers.js';

/** Opens the demo and picks the mock wallet in the modal. */
async function pickWallet(page: Page, url: string) {
  await page.goto(url);
  await openConnect(page);
  await dialog(page)
    .getByRole('button', { name: new RegExp(WALLET_NAME) })
    .click();
}

test('connect with the mock wallet: the Account view shows the checksummed short address and the anvil balance', async ({
  page,
  demo,
  chains,
  installWallet,
}) => {
  const foreign = watchForeignRequests(page);
  await installWallet(page);
  await pickWallet(page, demo.url);
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
  await pickWallet(page, demo.url);
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
  await pickWallet(page, demo.url);
  await page.getByTestId('latch-account-button').click();
  await dialog(page).getByRole('button', { name: 'Disconnect' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByTestId('latch-connect-button')).toBeVisible();
  await expect(page.getByTestId('demo-status')).toHaveText('disconnected');
  await expect(page.getByTestId('demo-address')).toHaveText('—');
});

test('reload reconnects silently: eth_accounts, never eth_requestAccounts', async ({ page, demo, chains, installWallet }) => {
  await installWallet(page);
  await pickWallet(page, demo.url);
  await expect(page.getByTestId('latch-account-button')).toBeVisible();
  expect(await requestLog(page)).toContain('eth_requestAccounts');
  await page.reload();
  await expect(page.getByTestId('latch-account-button')).toContainText(shortAddress(chains.main.accounts[0]!.address));
  // The stored account shows at once (aria-busy); the request log is read once the wallet has confirmed it.
  await expect(page.getByTestId('latch-account-button')).not.toHaveAttribute('aria-busy');
  const afterReload = await requestLog(page);
  expect(afterReload).toContain('eth_accounts');
  expect(afterReload).not.toContain('eth_requestAccounts');
  await expect(dialog(page)).toBeHidden();
});

test('after a reload the stored account shows until the wallet answers: another account replaces it, a revoked session shows Connect Wallet', async ({
  page,
  context,
  demo,
  chains,
  installWallet,
}) => {
  await installWallet(page);
  await pickWallet(page, demo.url);
  const [first, second] = [chains.main.accounts[0]!.address, chains.main.accounts[1]!.address];
  await expect(page.getByTestId('demo-address')).toHaveText(first);
  await page.close();

  // Same browser (Latch's storage, the wallet's stored session), but the wallet is now on another account.
  const switched = await context.newPage();
  await installWallet(switched, { accountIndex: 1 });
  await switched.addInitScript(() => {
    // Every label the connect/account button shows, from the first frame.
    const labels: string[] = [];
    (window as unknown as { __buttonLabels: string[] }).__buttonLabels = labels;
    new MutationObserver(() => {
      const button = document.querySelector('[data-testid="latch-account-button"], [data-testid="latch-connect-button"]');
      const label = `${button?.getAttribute('data-testid')}${button?.hasAttribute('aria-busy') ? ' (busy)' : ''}: ${button?.textContent}`;
      if (button && labels.at(-1) !== label) labels.push(label);
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await switched.goto(demo.url);
  await expect(switched.getByTestId('demo-address')).toHaveText(second);
  await expect(switched.getByTestId('latch-account-button')).not.toHaveAttribute('aria-busy');
  await expect(switched.getByTestId('latch-account-button')).toContainText(shortAddress(second));
  const labels = await switched.evaluate(() => (window as unknown as { __buttonLabels: string[] }).__buttonLabels);
  // First the account kept with the session, marked busy; never "Connect Wallet"; then the wallet's account.
  expect(labels[0]).toBe(`latch-account-button (busy): ${shortAddress(first)}`);
  expect(labels.filter((label) => label.startsWith('latch-connect-button'))).toEqual([]);
  expect(labels.at(-1)).toContain(shortAddress(second));
  expect(labels.filter((label) => label.includes(shortAddress(first)) && !label.includes('(busy)'))).toEqual([]);

  // The wallet forgets the site: the restore finds no account and the page follows.
  await switched.evaluate((rdns) => localStorage.removeItem(`latch-mock-wallet:${rdns}:connected`), MOCK_WALLET_INFO.rdns);
  await switched.reload();
  await expect(switched.getByTestId('latch-connect-button')).toHaveText('Connect Wallet');
  await expect(switched.getByTestId('demo-status')).toHaveText('disconnected');
  expect(await requestLog(switched)).not.toContain('eth_requestAccounts');
});

test('signing a message in the demo returns a signature that verifies for the account', async ({ page, demo, chains, installWallet }) => {
  await installWallet(page);
  await pickWallet(page, demo.url);
  await page.getByRole('button', { name: /^Sign with wallet/ }).click();
  await expect(page.getByTestId('demo-signature')).toHaveText(/^0x[0-9a-f]{130}$/);
  const signature = (await page.getByTestId('demo-signature').textContent()) as `0x${string}`;
  expect(await verifyMessage({ address: chains.main.accounts[0]!.address, message: 'Hello from Latch', signature })).toBe(true);
  expect(await verifyMessage({ address: chains.main.accounts[1]!.address, message: 'Hello from Latch', signature })).toBe(false);
});
