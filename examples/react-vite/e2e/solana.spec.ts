import { MOCK_SOLANA_WALLET_NAME, MULTICHAIN_WALLET_NAME } from '@latch/testkit';
import { dialog, expect, openConnect, openConnectFromAccount, SOLANA_FUNDING_LAMPORTS, SOLANA_SEEDS, test } from './fixtures.js';
import { balanceText, shortAddress, verifySolanaSignature, WALLET_NAME } from './helpers.js';

const SOL_BALANCE = balanceText(SOLANA_FUNDING_LAMPORTS, 9, 'SOL');

test('connect the Solana wallet: the Account view shows its address and the local balance', async ({ page, demo, installSolanaWallet }) => {
  const address = await installSolanaWallet(page, { name: MOCK_SOLANA_WALLET_NAME, seed: SOLANA_SEEDS.solanaOnly });
  await page.goto(demo.url);
  await openConnect(page);
  await dialog(page)
    .getByRole('button', { name: new RegExp(MOCK_SOLANA_WALLET_NAME) })
    .click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByTestId('latch-account-button')).toContainText(shortAddress(address));
  await page.getByTestId('latch-account-button').click();
  await expect(dialog(page).getByTestId('latch-account-name')).toHaveText(shortAddress(address));
  await expect(dialog(page).getByTestId('latch-account-balance')).toHaveText(SOL_BALANCE);
  await expect(page.getByTestId('demo-network')).toHaveText('Solana Localnet');
});

test('the Solana wallet declines: declined state, still disconnected', async ({ page, demo, installSolanaWallet }) => {
  await installSolanaWallet(page, { name: MOCK_SOLANA_WALLET_NAME, seed: SOLANA_SEEDS.solanaOnly, failures: { rejectConnect: true } });
  await page.goto(demo.url);
  await openConnect(page);
  await dialog(page)
    .getByRole('button', { name: new RegExp(MOCK_SOLANA_WALLET_NAME) })
    .click();
  await expect(dialog(page).getByText('Connection declined')).toBeVisible();
  await expect(page.getByTestId('demo-status')).toHaveText('disconnected');
});

test('sign a message with the Solana wallet: an ed25519 signature that verifies for its address', async ({
  page,
  demo,
  installSolanaWallet,
}) => {
  const address = await installSolanaWallet(page, { name: MOCK_SOLANA_WALLET_NAME, seed: SOLANA_SEEDS.solanaOnly });
  await page.goto(demo.url);
  await openConnect(page);
  await dialog(page)
    .getByRole('button', { name: new RegExp(MOCK_SOLANA_WALLET_NAME) })
    .click();
  await page.getByRole('button', { name: /^Sign with wallet \(solana\)/ }).click();
  await expect(page.getByTestId('demo-signature')).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/);
  const signature = (await page.getByTestId('demo-signature').textContent()) ?? '';
  expect(await verifySolanaSignature(address, 'Hello from Latch', signature)).toBe(true);
  expect(await verifySolanaSignature(address, 'Another message', signature)).toBe(false);
});

test('an EVM wallet and a Solana wallet connected together; disconnecting one leaves the other', async ({
  page,
  demo,
  chains,
  installWallet,
  installSolanaWallet,
}) => {
  await installWallet(page);
  const solAddress = await installSolanaWallet(page, { name: MOCK_SOLANA_WALLET_NAME, seed: SOLANA_SEEDS.solanaOnly });
  const evmAddress = chains.main.accounts[0]!.address;
  await page.goto(demo.url);
  await openConnect(page);
  await dialog(page)
    .getByRole('button', { name: new RegExp(`^${WALLET_NAME}`) })
    .click();
  await expect(page.getByTestId('latch-account-button')).toContainText(shortAddress(evmAddress));
  await openConnectFromAccount(page);
  await dialog(page)
    .getByRole('button', { name: new RegExp(MOCK_SOLANA_WALLET_NAME) })
    .click();
  await expect(page.getByTestId('latch-account-button')).toContainText(shortAddress(solAddress));

  await page.getByTestId('latch-account-button').click();
  await expect(dialog(page).getByRole('group', { name: 'Connected accounts' })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Ethereum & EVM' }).click();
  await expect(dialog(page).getByTestId('latch-account-name')).toHaveText(shortAddress(evmAddress));
  await expect(page.getByTestId('demo-network')).toHaveText('Local Devnet');

  await dialog(page)
    .getByRole('button', { name: /Disconnect Ethereum & EVM/ })
    .click();
  await expect(dialog(page).getByTestId('latch-account-name')).toHaveText(shortAddress(solAddress));
  await expect(dialog(page).getByRole('group', { name: 'Connected accounts' })).toHaveCount(0);
  await expect(page.getByTestId('demo-status')).toHaveText('connected');
  await expect(page.getByTestId('demo-address')).toHaveText(solAddress);
});

test('a wallet on both namespaces is listed once, merged, and connects both', async ({
  page,
  demo,
  chains,
  installWallet,
  installSolanaWallet,
}) => {
  await installWallet(page);
  const solAddress = await installSolanaWallet(page, { name: MULTICHAIN_WALLET_NAME, seed: SOLANA_SEEDS.multichain });
  await page.goto(demo.url);
  await openConnect(page);
  const entries = dialog(page)
    .getByTestId('latch-wallet-list')
    .getByRole('button', { name: new RegExp(`^${MULTICHAIN_WALLET_NAME}`) });
  await expect(entries).toHaveCount(1);
  await expect(entries).toHaveAccessibleName(/Multichain/);
  await entries.click();
  await expect(dialog(page)).toBeHidden();
  await page.getByTestId('latch-account-button').click();
  const group = dialog(page).getByRole('group', { name: 'Connected accounts' });
  await expect(group.getByRole('button')).toHaveCount(2);
  await group.getByRole('button', { name: 'Ethereum & EVM' }).click();
  await expect(dialog(page).getByTestId('latch-account-name')).toHaveText(shortAddress(chains.main.accounts[0]!.address));
  await group.getByRole('button', { name: 'Solana' }).click();
  await expect(dialog(page).getByTestId('latch-account-name')).toHaveText(shortAddress(solAddress));
});
