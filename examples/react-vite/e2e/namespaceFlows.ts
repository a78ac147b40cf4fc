// What the polkadot, bitcoin, cosmos and five-namespace specs do in the page, as a visitor does it.
import type { Page } from '@playwright/test';
import { dialog, expect, openConnect } from './fixtures.js';
import { shortAddress } from './helpers.js';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The wallet's entry in the Connect view's list (its accessible name starts with the wallet's name). */
export const walletEntry = (page: Page, walletName: string) =>
  dialog(page)
    .getByTestId('latch-wallet-list')
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(walletName)}`) });

/** Opens the modal (from the button, or Connect another wallet when connected) and picks the wallet; waits until it closes. */
export async function connectWallet(page: Page, walletName: string): Promise<void> {
  if (await page.getByTestId('latch-account-button').isVisible()) {
    await page.getByTestId('latch-account-button').click();
    await dialog(page).getByRole('button', { name: 'Connect another wallet' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Connect Wallet' })).toBeVisible();
  } else {
    await openConnect(page);
  }
  await walletEntry(page, walletName).click();
  await expect(dialog(page)).toBeHidden();
}

/** Picks a wallet that declines: the Connecting view says so, and nothing is connected. */
export async function expectDeclined(page: Page, walletName: string): Promise<void> {
  await openConnect(page);
  await walletEntry(page, walletName).click();
  await expect(dialog(page).getByText('Connection declined')).toBeVisible();
  await expect(page.getByTestId('demo-status')).toHaveText('disconnected');
  await expect(page.getByTestId('demo-address')).toHaveText('—');
}

/**
 * Signs with the demo's card on `namespace` (its own message when given, else the card's 'Hello from Latch');
 * resolves what the page shows.
 */
export async function signInDemo(page: Page, namespace: string, message?: string): Promise<string> {
  if (message !== undefined) await page.locator('#demo-message').fill(message);
  await page.getByRole('button', { name: new RegExp(`^Sign with wallet \\(${namespace}\\)`) }).click();
  const shown = page.getByTestId('demo-signature');
  if (message === undefined) await expect(shown).toBeVisible();
  else await expect(shown).not.toHaveText('');
  await expect(shown).not.toHaveAttribute('role', 'alert'); // an error renders in the same place, as an alert
  return (await shown.textContent()) ?? '';
}

/** Makes a namespace the active one from the Account view's namespace switcher, then closes the modal. */
export async function activateNamespace(page: Page, namespace: string): Promise<void> {
  await page.getByTestId('latch-account-button').click();
  await dialog(page).getByTestId(`latch-namespace-${namespace}`).click();
  await expect(dialog(page).getByTestId(`latch-namespace-${namespace}`)).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
}

/**
 * From the Account view: Send → the native token (the only row) → amount and receiver → Review (a fee in `symbol`) →
 * Send → the wallet signs → the result. Resolves with the result's status ('submitted' or 'confirmed').
 */
export async function sendNative(page: Page, { amount, to, symbol }: { amount: string; to: string; symbol: string }): Promise<string> {
  const modal = dialog(page);
  await modal.getByTestId('latch-feature-WalletSend').click();
  // The form starts on the native currency, its balance read through the adapter.
  await expect(modal.getByRole('button', { name: /^Token/ })).toContainText(new RegExp(`\\b${symbol}, balance \\d`));
  await modal.getByLabel(/^Amount/).fill(amount);
  await modal.getByRole('textbox', { name: 'To', exact: true }).fill(to);
  await modal.getByTestId('latch-send-review').click();
  // Exactly the amount typed (give it without trailing zeros), and a fee with every digit.
  await expect(modal.getByTestId('latch-send-amount')).toContainText(`${amount} ${symbol}`);
  await expect(modal.getByTestId('latch-send-to')).toHaveAttribute('title', to);
  await expect(modal.getByTestId('latch-send-fee')).toHaveText(new RegExp(`^\\d[\\d,]*(\\.\\d*[1-9])? ${symbol}$`));
  await modal.getByTestId('latch-send-confirm').click();
  const result = modal.getByTestId('latch-send-result');
  await expect(result).toHaveAttribute('data-status', /^(submitted|confirmed)$/);
  await expect(result).toContainText(`${amount} ${symbol} to ${shortAddress(to)}`);
  return (await result.getAttribute('data-status')) ?? '';
}

/** Reloads and checks the session came back without the modal: same address, connected. */
export async function reloadAndExpectRestored(page: Page, address: string): Promise<void> {
  await page.reload();
  await expect(page.getByTestId('latch-account-button')).toContainText(shortAddress(address));
  await expect(page.getByTestId('demo-status')).toHaveText('connected');
  await expect(page.getByTestId('demo-address')).toHaveText(address);
  await expect(dialog(page)).toBeHidden();
}
