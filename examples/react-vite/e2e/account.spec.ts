// Issue 12: manage the account. Send (native and token, on anvil and the local Solana cluster) through
// the mock wallets with real keys, the balances and Activity that follow, the form's refusals, Receive's
// QR code (decoded here), the NFTs tab, and axe on every one of these views.
import { MOCK_SOLANA_WALLET_NAME, MOCK_WALLET_INFO, solanaAddressFromSeed } from '@latch/testkit';
import type { Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { dialog, expect, SOLANA_SEEDS, test } from './fixtures.js';
import { connectWallet } from './namespaceFlows.js';
import { audit, balanceText, expectedBalanceText, rpc, setWalletFailure, shortAddress, WALLET_NAME } from './helpers.js';

/** Account 3 of anvil: 10,000 ETH and 1,000 LDT, used by no other spec, so its balances are this spec's to change. */
const SENDER = 3;
const RECEIVER = 4;

async function connectEvm(page: Page) {
  await connectWallet(page, WALLET_NAME);
  await page.getByTestId('latch-account-button').click();
  await expect(dialog(page).getByTestId('latch-account')).toBeVisible();
}

/** Fills the Send form: the token by its symbol, the amount and the receiver. */
async function fillSend(page: Page, symbol: string, amount: string, to: string) {
  const modal = dialog(page);
  await modal.getByTestId('latch-feature-WalletSend').click();
  await modal.getByRole('button', { name: /^Token/ }).click();
  await modal
    .getByTestId('latch-send-tokens')
    .getByRole('button', { name: new RegExp(`\\b${symbol}\\b`) })
    .click();
  await modal.getByLabel(/^Amount/).fill(amount);
  await modal.getByRole('textbox', { name: 'To', exact: true }).fill(to);
}

async function tokenBalance(rpcUrl: string, token: string, holder: string): Promise<bigint> {
  const data = `0x70a08231${holder.slice(2).toLowerCase().padStart(64, '0')}`;
  return BigInt(await rpc<string>(rpcUrl, 'eth_call', [{ to: token, data }, 'latest']));
}

async function ethBalance(rpcUrl: string, address: string): Promise<bigint> {
  return BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [address, 'latest']));
}

/** The figure the Tokens tab shows for a token symbol. */
function tokenRow(modal: Locator, symbol: string): Locator {
  return modal.getByTestId('latch-tokens').getByRole('listitem').filter({ hasText: symbol });
}

test('send ETH, then LDT, on anvil: preview with fee, the wallet confirms, balances and Activity follow; axe on each step', async ({
  page,
  demo,
  chains,
  installWallet,
}) => {
  const from = chains.main.accounts[SENDER]!.address;
  const to = chains.main.accounts[RECEIVER]!.address;
  const token = chains.main.contracts.token;
  await installWallet(page, { accountIndex: SENDER });
  await page.goto(demo.url);
  await connectEvm(page);
  const modal = dialog(page);
  await expect(tokenRow(modal, 'LDT')).toContainText('1,000.000');

  // Native: 0.5 ETH.
  const ethBefore = await ethBalance(chains.main.rpcUrl, to);
  await fillSend(page, 'ETH', '0.5', to);
  await audit(page, 'WalletSend');
  await modal.getByTestId('latch-send-review').click();
  // Exactly what is sent, as typed (§9's 3 decimals are for balances).
  await expect(modal.getByTestId('latch-send-amount')).toContainText('0.5 ETH');
  await expect(modal.getByTestId('latch-send-to')).toHaveAttribute('title', to);
  await expect(modal.getByTestId('latch-send-fee')).toContainText(/\d ETH/);
  await expect(modal.getByText('Local Devnet', { exact: true })).toBeVisible();
  await audit(page, 'WalletSendPreview');
  await modal.getByTestId('latch-send-confirm').click();
  await expect(modal.getByTestId('latch-send-result')).toHaveAttribute('data-status', 'confirmed');
  await expect(modal.getByTestId('latch-send-result')).toContainText(`0.5 ETH to ${shortAddress(to)}`);
  await audit(page, 'WalletSendPreview (sent)');
  expect(await ethBalance(chains.main.rpcUrl, to)).toBe(ethBefore + 500_000_000_000_000_000n);
  await modal.getByRole('button', { name: 'Done' }).click();
  await expect(modal.getByTestId('latch-account-balance')).toHaveText(await expectedBalanceText(chains.main.rpcUrl, from));

  // Token: 12.5 LDT, by keyboard from the Review button on.
  const ldtBefore = await tokenBalance(chains.main.rpcUrl, token, to);
  await fillSend(page, 'LDT', '12.5', to);
  await modal.getByTestId('latch-send-review').focus();
  await page.keyboard.press('Enter');
  await expect(modal.getByTestId('latch-send-amount')).toContainText('12.5 LDT');
  await modal.getByTestId('latch-send-confirm').focus();
  await page.keyboard.press('Enter');
  await expect(modal.getByTestId('latch-send-result')).toHaveAttribute('data-status', 'confirmed');
  expect(await tokenBalance(chains.main.rpcUrl, token, to)).toBe(ldtBefore + 12_500_000_000_000_000_000n);
  await modal.getByRole('button', { name: 'Done' }).click();
  // The Tokens tab shows the sender's new LDT balance (the adapter's 30 s token cache does not hide it).
  await expect(tokenRow(modal, 'LDT')).toContainText('987.500');

  // Activity: both sends, newest first, 3 decimals (§9).
  await modal.getByRole('tab', { name: 'Activity' }).click();
  const items = modal.getByTestId('latch-activity-item');
  await expect(items.first()).toContainText('Sent');
  await expect(items.first()).toContainText('-12.500 LDT');
  await expect(items.filter({ hasText: '-0.500 ETH' })).toHaveCount(1);
  await audit(page, 'Account, Activity tab with transactions');
});

test('the form refuses an invalid address and an amount over the balance; a declined send shows §8 and sends nothing', async ({
  page,
  demo,
  chains,
  installWallet,
}) => {
  const to = chains.main.accounts[RECEIVER]!.address;
  await installWallet(page, { accountIndex: SENDER });
  await page.goto(demo.url);
  await connectEvm(page);
  const modal = dialog(page);

  await fillSend(page, 'LDT', '1', '0x1234');
  await modal.getByTestId('latch-send-review').click();
  await expect(modal.getByRole('textbox', { name: 'To', exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(modal.getByRole('textbox', { name: 'To', exact: true })).toHaveAccessibleDescription('Invalid receiver address');
  await expect(modal.getByTestId('latch-send-preview')).toHaveCount(0);
  await audit(page, 'WalletSend with an error');

  await modal.getByRole('textbox', { name: 'To', exact: true }).fill(to);
  await modal.getByLabel(/^Amount/).fill('5000000');
  await modal.getByTestId('latch-send-review').click();
  await expect(modal.getByLabel(/^Amount/)).toHaveAttribute('aria-invalid', 'true');
  await expect(modal.getByLabel(/^Amount/)).toHaveAccessibleDescription('Insufficient LDT balance');
  await expect(modal.getByTestId('latch-send-preview')).toHaveCount(0);

  await modal.getByLabel(/^Amount/).fill('1');
  await modal.getByTestId('latch-send-review').click();
  const nonce = await rpc<string>(chains.main.rpcUrl, 'eth_getTransactionCount', [chains.main.accounts[SENDER]!.address, 'latest']);
  await setWalletFailure(page, MOCK_WALLET_INFO.rdns, 'rejectSign', true);
  await modal.getByTestId('latch-send-confirm').click();
  await expect(modal.getByTestId('latch-send-error')).toHaveText('Signature declined');
  await expect(modal.getByTestId('latch-send-preview')).toBeVisible();
  expect(await rpc<string>(chains.main.rpcUrl, 'eth_getTransactionCount', [chains.main.accounts[SENDER]!.address, 'latest'])).toBe(nonce);
  // Declined, not stuck: the same preview sends once the wallet approves.
  await setWalletFailure(page, MOCK_WALLET_INFO.rdns, 'rejectSign', false);
  await modal.getByTestId('latch-send-confirm').click();
  await expect(modal.getByTestId('latch-send-result')).toHaveAttribute('data-status', 'confirmed');
});

test('Receive: a QR code that decodes to the address, the address as text, copy with a snack; axe', async ({
  page,
  demo,
  chains,
  installWallet,
}) => {
  const address = chains.main.accounts[SENDER]!.address;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demo.url });
  await installWallet(page, { accountIndex: SENDER });
  await page.goto(demo.url);
  await connectEvm(page);
  const modal = dialog(page);
  await modal.getByTestId('latch-feature-WalletReceive').click();
  await expect(modal.getByTestId('latch-receive-address')).toHaveText(address);
  await expect(modal.getByRole('list').filter({ hasText: 'Local Devnet' })).toContainText('Local Devnet 2');

  const qr = modal.getByRole('img', { name: /^QR code of your .*address$/ });
  const png = PNG.sync.read(await qr.screenshot());
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded?.data).toBe(address);

  await modal.getByRole('button', { name: 'Copy address' }).click();
  await expect(page.getByText('Address copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await audit(page, 'WalletReceive');
});

test('the NFTs tab shows the demo collection with its on-chain images, and makes no request for them', async ({
  page,
  demo,
  installWallet,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await installWallet(page);
  await page.goto(demo.url);
  await connectEvm(page);
  const modal = dialog(page);
  await modal.getByRole('tab', { name: 'NFTs' }).click();
  const nfts = modal.getByTestId('latch-nft');
  await expect(nfts).toHaveCount(3);
  const first = nfts.filter({ hasText: 'Latch Demo NFT #1' });
  await expect(first).toContainText('Latch Demo NFT');
  await expect(first.getByRole('img')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  expect(requests.filter((url) => !url.startsWith(demo.url) && !url.startsWith('http://127.0.0.1'))).toEqual([]);
  await audit(page, 'Account, NFTs tab');
});

test('send SOL on the local Solana cluster: the wallet signs, the balance follows, the transfer shows in Activity', async ({
  page,
  demo,
  solana,
  installSolanaWallet,
}) => {
  const from = await installSolanaWallet(page, { name: MOCK_SOLANA_WALLET_NAME, seed: SOLANA_SEEDS.sender });
  const to = await solanaAddressFromSeed(SOLANA_SEEDS.multichain);
  const lamports = async (address: string) => BigInt((await rpc<{ value: number }>(solana.rpcUrl, 'getBalance', [address])).value);
  const toBefore = await lamports(to);
  await page.goto(demo.url);
  await connectWallet(page, MOCK_SOLANA_WALLET_NAME);
  await page.getByTestId('latch-account-button').click();
  const modal = dialog(page);

  await fillSend(page, 'SOL', '0.25', to);
  await modal.getByTestId('latch-send-review').click();
  await expect(modal.getByTestId('latch-send-fee')).toContainText(/\d SOL/);
  await modal.getByTestId('latch-send-confirm').click();
  await expect(modal.getByTestId('latch-send-result')).toHaveAttribute('data-status', 'confirmed');
  expect(await lamports(to)).toBe(toBefore + 250_000_000n);
  await modal.getByRole('button', { name: 'Done' }).click();
  await expect(modal.getByTestId('latch-account-balance')).toHaveText(balanceText(await lamports(from), 9, 'SOL'));

  await modal.getByRole('tab', { name: 'Activity' }).click();
  await expect(modal.getByTestId('latch-activity-item').first()).toContainText('-0.250 SOL');
  await expect(modal.getByTestId('latch-activity-item').filter({ hasText: 'Received' })).toContainText('+2.500 SOL');
});
