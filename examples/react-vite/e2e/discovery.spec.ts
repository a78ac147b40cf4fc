import { dialog, expect, openConnect, test } from './fixtures.js';
import { SECOND_WALLET_NAME, WALLET_NAME, watchForeignRequests } from './helpers.js';

test('two announced wallets are both listed, and the one used last comes first as Recent', async ({ page, demo, installWallet }) => {
  await installWallet(page, { second: true });
  await page.goto(demo.url);
  await openConnect(page);
  const list = dialog(page).getByTestId('latch-wallet-list');
  await expect(list.getByRole('button', { name: new RegExp(WALLET_NAME) })).toBeVisible();
  await expect(list.getByRole('button', { name: new RegExp(SECOND_WALLET_NAME) })).toBeVisible();
  await list.getByRole('button', { name: new RegExp(SECOND_WALLET_NAME) }).click();
  await page.getByTestId('latch-account-button').click();
  await dialog(page).getByRole('button', { name: 'Disconnect' }).click();
  await openConnect(page);
  const first = dialog(page).getByTestId('latch-wallet-list').getByRole('button').first();
  await expect(first).toHaveAccessibleName(new RegExp(`^${SECOND_WALLET_NAME}\\s*Recent`));
});

test('malformed announcements are ignored and never fetched', async ({ page, demo, installWallet }) => {
  const foreign = watchForeignRequests(page);
  await installWallet(page, {
    malformed: [
      null,
      {
        info: {
          uuid: 'c8f1a6c2-0000-4000-8000-000000000001',
          name: 'Remote Icon Wallet',
          icon: 'https://evil.example/icon.png',
          rdns: 'com.evil',
        },
        provider: {},
      },
      { info: { name: 'No Uuid Wallet', icon: 'data:image/svg+xml;base64,PHN2Zy8+', rdns: 'com.nouuid' } },
      'not an object',
    ],
  });
  await page.goto(demo.url);
  await openConnect(page);
  const list = dialog(page).getByTestId('latch-wallet-list');
  await expect(list.getByRole('button', { name: new RegExp(WALLET_NAME) })).toBeVisible();
  await expect(list.getByRole('button')).toHaveCount(1);
  await expect(dialog(page).getByText('Remote Icon Wallet')).toHaveCount(0);
  expect(foreign).toEqual([]);
});

test('a keyboard-only visitor connects, and Esc returns focus to the button', async ({ page, demo, installWallet }) => {
  await installWallet(page);
  await page.goto(demo.url);
  const button = page.getByTestId('latch-connect-button');
  for (let i = 0; i < 10 && !(await button.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeVisible();
  const wallet = dialog(page).getByRole('button', { name: new RegExp(WALLET_NAME) });
  for (let i = 0; i < 8 && !(await wallet.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(wallet).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('latch-account-button')).toBeVisible();
});
