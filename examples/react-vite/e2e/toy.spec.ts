import { ed25519 } from '@noble/curves/ed25519';
import { toyWalletInitScript } from '@latch/testkit';
import { publicKeyFromToyAddress, TOY_WALLET_INFO, toyAddressFromSecretKey } from '@latch/testkit/toy';
import { dialog, expect, openConnect, test, TOY_KEYS } from './fixtures.js';
import { watchForeignRequests } from './helpers.js';

// 1.5 TOY funded by the fixture (TOY_FUNDING), shown with §9's 3 decimals.
const FUNDED_BALANCE = '1.500 TOY';

test('a namespace the kernel has never heard of: the toy wallet connects, shows its balance, signs and disconnects', async ({
  page,
  kernelDemo,
  toy,
}) => {
  const address = toyAddressFromSecretKey(TOY_KEYS.toyOnly);
  await page.addInitScript({ content: toyWalletInitScript({ wallets: [{ secretKey: TOY_KEYS.toyOnly, rpcUrl: toy.rpcUrl }] }) });
  const foreign = watchForeignRequests(page);
  await page.goto(kernelDemo.url);
  await openConnect(page);
  await dialog(page)
    .getByRole('button', { name: new RegExp(TOY_WALLET_INFO.name) })
    .click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByTestId('demo-address')).toHaveText(address);
  await expect(page.getByTestId('demo-network')).toHaveText('Toy Localnet');
  await expect(page.getByTestId('demo-balance')).toHaveText(FUNDED_BALANCE);

  // The Account view reads the balance through the adapter's declared capability.
  await page.getByTestId('latch-account-button').click();
  await expect(dialog(page).getByTestId('latch-account-balance')).toHaveText(FUNDED_BALANCE);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();

  // A signature made with the wallet's real key, checked here with ed25519 against its address.
  await page.locator('#demo-message').fill('Hello from a toy chain');
  await page.getByRole('button', { name: /^Sign with wallet \(toy\)/ }).click();
  await expect(page.getByTestId('demo-signature')).toHaveText(/^[0-9a-f]{128}$/);
  const signature = (await page.getByTestId('demo-signature').textContent()) ?? '';
  const publicKey = publicKeyFromToyAddress(address);
  expect(publicKey).toBeDefined();
  expect(ed25519.verify(Buffer.from(signature, 'hex'), new TextEncoder().encode('Hello from a toy chain'), publicKey!)).toBe(true);
  expect(ed25519.verify(Buffer.from(signature, 'hex'), new TextEncoder().encode('something else'), publicKey!)).toBe(false);

  await page.getByTestId('latch-account-button').click();
  await dialog(page)
    .getByRole('button', { name: /^Disconnect/ })
    .click();
  await expect(page.getByTestId('demo-status')).toHaveText('disconnected');
  await expect(page.getByTestId('latch-connect-button')).toBeVisible();
  expect(foreign).toEqual([]);
});
