// Issue 13, polkadot: the mock polkadot{.js} extension (real sr25519 keys) on chopsticks, a real Substrate runtime.
import { signatureVerify } from '@polkadot/util-crypto';
import type { Page } from '@playwright/test';
import { dialog, expect, test } from './fixtures.js';
import { balanceText, shortAddress } from './helpers.js';
import { connectWallet, expectDeclined, reloadAndExpectRestored, sendNative, signInDemo } from './namespaceFlows.js';
import { POLKADOT_EXTENSION, POLKADOT_FUNDING, POLKADOT_URIS, polkadotAddress, polkadotConnectPrompts, ROC } from './namespaceWallets.js';

const ROC_TEXT = (planck: bigint) => balanceText(planck, 12, 'ROC');

/** The demo, connected to the mock polkadot{.js}, at the Account view. */
async function openAccount(page: Page, url: string) {
  await page.goto(url);
  await connectWallet(page, POLKADOT_EXTENSION.name);
  await page.getByTestId('latch-account-button').click();
}

test('polkadot: connect polkadot{.js}: the Account view shows the address in the chain format and the local balance', async ({
  page,
  polkadotDemo,
  polkadot,
  installPolkadotWallet,
}) => {
  const address = await installPolkadotWallet(page, { uri: POLKADOT_URIS.holder });
  expect(await polkadot.balanceOf(address)).toBe(POLKADOT_FUNDING);
  await page.goto(polkadotDemo.url);
  await connectWallet(page, POLKADOT_EXTENSION.name);
  expect(await polkadotConnectPrompts(page)).toBe(1);
  // The extension answers in the generic format (42); the page shows the chain's own (Rococo Asset Hub: 2).
  await expect(page.getByTestId('demo-address')).toHaveText(address);
  await expect(page.getByTestId('demo-network')).toHaveText('Polkadot Localnet');
  await page.getByTestId('latch-account-button').click();
  await expect(dialog(page).getByTestId('latch-account-name')).toHaveText(shortAddress(address));
  await expect(dialog(page).getByTestId('latch-account-balance')).toHaveText(ROC_TEXT(POLKADOT_FUNDING));
  await expect(dialog(page).getByTestId('latch-account-balance')).toHaveText('42.500 ROC');
});

test('polkadot: sign a message: signRaw, an sr25519 signature that verifies for the address', async ({
  page,
  polkadotDemo,
  polkadot,
  installPolkadotWallet,
}) => {
  const address = await installPolkadotWallet(page, { uri: POLKADOT_URIS.holder });
  await page.goto(polkadotDemo.url);
  await connectWallet(page, POLKADOT_EXTENSION.name);
  const signature = await signInDemo(page, 'polkadot');
  expect(signature).toMatch(/^0x[0-9a-f]{128}$/);
  expect(signatureVerify('Hello from Latch', signature, address).isValid).toBe(true);
  expect(signatureVerify('Hello from Latch!', signature, address).isValid).toBe(false);
  expect(signatureVerify('Hello from Latch', signature, await polkadotAddress(polkadot, POLKADOT_URIS.sender)).isValid).toBe(false);
});

test('polkadot: send 1.5 ROC from the Account view: the extension signs, the transfer is in a block, balances move', async ({
  page,
  polkadotDemo,
  polkadot,
  installPolkadotWallet,
}) => {
  const from = await installPolkadotWallet(page, { uri: POLKADOT_URIS.sender });
  const to = await polkadotAddress(polkadot, '//LatchE2eReceiver');
  const [fromBefore, toBefore] = [await polkadot.balanceOf(from), await polkadot.balanceOf(to)];
  await openAccount(page, polkadotDemo.url);
  // The adapter follows the extrinsic into its block: the result says Sent (confirmed), not just submitted.
  expect(await sendNative(page, { amount: '1.5', to, symbol: 'ROC' })).toBe('confirmed');

  const amount = (3n * ROC) / 2n;
  expect(await polkadot.balanceOf(to)).toBe(toBefore + amount);
  const fee = fromBefore - amount - (await polkadot.balanceOf(from));
  expect(fee).toBeGreaterThan(0n);
  expect(fee).toBeLessThan(ROC / 10n);
  // The chain's last block holds the transfer, signed by the sender's key.
  const block = await polkadot.api.rpc.chain.getBlock();
  const transfer = block.block.extrinsics.find((extrinsic) => extrinsic.method.section === 'balances');
  expect(transfer?.isSigned).toBe(true);
  expect(transfer?.signer.toString()).toBe(from);
  expect(transfer?.method.method).toMatch(/^transfer/);
  expect(transfer?.method.args.map((arg) => arg.toString())).toEqual([to, amount.toString()]);

  // Done: the Account view shows the balance the chain now holds.
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(dialog(page).getByTestId('latch-account-balance')).toHaveText(ROC_TEXT(await polkadot.balanceOf(from)));
});

/** Whole units with every digit: 3333333 planck at 12 decimals → '0.000003333333'. */
function exact(planck: bigint, decimals = 12): string {
  const digits = planck.toString().padStart(decimals + 1, '0');
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${digits.slice(0, -decimals)}.${fraction}` : digits.slice(0, -decimals);
}

test('polkadot: below the existential deposit to a new account, the review says why and offers no Send; nothing is signed or paid', async ({
  page,
  polkadotDemo,
  polkadot,
  installPolkadotWallet,
}) => {
  const from = await installPolkadotWallet(page, { uri: POLKADOT_URIS.sender });
  const to = await polkadotAddress(polkadot, '//LatchE2eNeverFunded');
  const [fromBefore, toBefore] = [await polkadot.balanceOf(from), await polkadot.balanceOf(to)];
  expect(toBefore).toBe(0n);
  await openAccount(page, polkadotDemo.url);
  const modal = dialog(page);
  await modal.getByTestId('latch-feature-WalletSend').click();
  await modal.getByLabel(/^Amount/).fill(exact(polkadot.existentialDeposit - 1n));
  await modal.getByRole('textbox', { name: 'To', exact: true }).fill(to);
  await modal.getByTestId('latch-send-review').click();
  await expect(modal.getByTestId('latch-send-refusal')).toHaveText(
    `The receiving account does not exist yet: it needs at least the existential deposit, ${exact(polkadot.existentialDeposit)} ROC. Send at least that much.`,
  );
  await expect(modal.getByTestId('latch-send-confirm')).toBeDisabled();
  expect([await polkadot.balanceOf(from), await polkadot.balanceOf(to)]).toEqual([fromBefore, 0n]);
});

test('polkadot: Max keeps the existential deposit; the result says Sent once the block holds it; the sender keeps the deposit after the fee charged', async ({
  page,
  polkadotDemo,
  polkadot,
  installPolkadotWallet,
}) => {
  const from = await installPolkadotWallet(page, { uri: POLKADOT_URIS.maxer });
  const to = await polkadotAddress(polkadot, '//LatchE2eMaxReceiver');
  const [free, toBefore] = [await polkadot.balanceOf(from), await polkadot.balanceOf(to)];
  await openAccount(page, polkadotDemo.url);
  const modal = dialog(page);
  await modal.getByTestId('latch-feature-WalletSend').click();
  await modal.getByRole('textbox', { name: 'To', exact: true }).fill(to);
  await modal.getByRole('button', { name: 'Max ROC' }).click();
  const amountField = modal.getByLabel(/^Amount/);
  await expect(amountField).not.toHaveValue('');
  await expect(modal.getByText(`Max keeps ${exact(polkadot.existentialDeposit)} ROC so the account stays open`)).toBeVisible();
  const typed = await amountField.inputValue();
  const [integer = '0', fraction = ''] = typed.split('.');
  const amount = BigInt(integer + fraction.padEnd(12, '0'));
  // The fee the chain asks for this very call (paymentInfo), and the deposit: Max is what is left.
  const fee = (await polkadot.api.tx.balances!.transferKeepAlive!(to, amount).paymentInfo(from)).partialFee.toBigInt();
  expect(amount + fee + polkadot.existentialDeposit).toBeLessThanOrEqual(free);
  await modal.getByTestId('latch-send-review').click();
  await expect(modal.getByTestId('latch-send-amount')).toHaveText(`${exact(amount)} ROC`);
  await expect(modal.getByTestId('latch-send-fee')).toHaveText(`${exact(fee)} ROC`);
  await modal.getByTestId('latch-send-confirm').click();
  await expect(modal.getByTestId('latch-send-result')).toHaveAttribute('data-status', 'confirmed');
  await expect(modal.getByRole('heading', { name: 'Sent' })).toBeVisible();
  expect(await polkadot.balanceOf(to)).toBe(toBefore + amount);
  const left = await polkadot.balanceOf(from);
  expect(left).toBeGreaterThanOrEqual(polkadot.existentialDeposit);
  expect(left - polkadot.existentialDeposit).toBeLessThan(fee); // Max left nothing else behind
});

test('polkadot: the extension declines: declined state, still disconnected', async ({ page, polkadotDemo, installPolkadotWallet }) => {
  await installPolkadotWallet(page, { uri: POLKADOT_URIS.holder, failures: { rejectConnect: true } });
  await page.goto(polkadotDemo.url);
  await expectDeclined(page, POLKADOT_EXTENSION.name);
});

test('polkadot: reload restores the session silently: no approval prompt', async ({ page, polkadotDemo, installPolkadotWallet }) => {
  const address = await installPolkadotWallet(page, { uri: POLKADOT_URIS.holder });
  await page.goto(polkadotDemo.url);
  await connectWallet(page, POLKADOT_EXTENSION.name);
  expect(await polkadotConnectPrompts(page)).toBe(1);
  await reloadAndExpectRestored(page, address);
  expect(await polkadotConnectPrompts(page)).toBe(0);
  await expect(page.getByTestId('demo-network')).toHaveText('Polkadot Localnet');
});
