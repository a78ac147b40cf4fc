// Issue 24: the Connect view's options a visitor meets. legalCheckbox: a labelled consent checkbox, and the ways to
// connect out of reach (pointer and keyboard) until it is ticked. collapseWallets / emailShowWallets: false: with
// e-mail sign-in on the view, the wallets wait behind "Continue with a wallet", which shows them and focuses the first.
import { serveDemo } from '../scripts/demoServer.mjs';
import { freePort } from './embeddedStack.js';
import { DIST_DIR, dialog, expect, openConnect, test } from './fixtures.js';
import { audit, focusedInModal, refuseChunk, WALLET_NAME } from './helpers.js';
import { walletEntry } from './namespaceFlows.js';

test('legalCheckbox: a labelled checkbox; the wallets can be neither reached nor picked until it is ticked, by keyboard', async ({
  page,
  demo,
  installWallet,
}) => {
  await installWallet(page);
  await page.goto(`${demo.url}?features=legalCheckbox`);
  await openConnect(page);
  const modal = dialog(page);
  const consent = modal.getByRole('checkbox', { name: 'I agree to the Terms of Service and the Privacy Policy' });
  await expect(consent).not.toBeChecked();
  const wallet = walletEntry(page, WALLET_NAME);
  await expect(wallet).toBeVisible();
  await audit(page, 'Connect (consent not given)');

  // Unticked: Tab from the checkbox goes through its two links, then on past every wallet; a click on one opens nothing.
  await consent.focus();
  const stops: string[] = [];
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Tab');
    stops.push(await focusedInModal(page));
  }
  expect(stops.slice(0, 2)).toEqual(['|the Terms of Service', '|the Privacy Policy']);
  expect(stops[2]).not.toContain(WALLET_NAME);
  await expect(wallet).not.toBeFocused();
  await wallet.click({ force: true });
  await expect(modal.getByRole('heading', { name: 'Connect Wallet' })).toBeVisible();
  await expect(page.getByTestId('demo-status')).toHaveText('disconnected');

  // Space ticks it, focus stays there, and the Tab after the two links reaches the first wallet; Enter connects.
  await consent.focus();
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();
  await expect(consent).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  await expect(wallet).toBeFocused();
  await audit(page, 'Connect (consent given)');
  await page.keyboard.press('Enter');
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('demo-status')).toHaveText('connected');
});

/** The demo with the e-mail sign-in: its field shows without its service being asked anything (the port is closed). */
const withEmail = test.extend<{ emailDemo: { url: string } }>({
  emailDemo: async ({ chains }, use) => {
    const server = await serveDemo({
      distDir: DIST_DIR,
      config: {
        chains: [{ chainId: 31337, rpcUrl: chains.main.rpcUrl, name: 'Local Devnet' }],
        embedded: { serviceUrl: `http://127.0.0.1:${await freePort()}`, projectId: 'latch-demo' },
      },
    });
    try {
      await use({ url: server.url });
    } finally {
      await server.close();
    }
  },
});

withEmail(
  'collapseWallets, emailShowWallets: false: the wallets wait behind "Continue with a wallet" under the e-mail field',
  async ({ page, emailDemo, installWallet }) => {
    await installWallet(page);
    for (const flag of ['collapseWallets', '-emailShowWallets']) {
      await page.goto(`${emailDemo.url}?features=${flag}`);
      await openConnect(page);
      const modal = dialog(page);
      await expect(modal.getByTestId('latch-embedded-email')).toBeVisible();
      await expect(modal.getByTestId('latch-wallet-list')).toHaveCount(0);
      const more = modal.getByRole('button', { name: 'Continue with a wallet' });
      await more.focus();
      await page.keyboard.press('Enter');
      await expect(walletEntry(page, WALLET_NAME)).toBeFocused();
      await audit(page, `Connect (${flag}, wallets shown)`);
      await page.keyboard.press('Enter');
      await expect(modal).toBeHidden();
      await expect(page.getByTestId('demo-status')).toHaveText('connected');
      await page.evaluate(() => localStorage.clear());
    }
    // By default the wallets show with the e-mail field.
    await page.goto(emailDemo.url);
    await openConnect(page);
    await expect(dialog(page).getByTestId('latch-embedded-email')).toBeVisible();
    await expect(walletEntry(page, WALLET_NAME)).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: 'Continue with a wallet' })).toHaveCount(0);
  },
);

withEmail(
  "the e-mail sign-in's code cannot be fetched: 'Unable to load email login dependency' and Try again, the wallets still usable",
  async ({ page, emailDemo, installWallet }) => {
    await installWallet(page);
    // The section's chunk fails the way a dropped connection or a stale deploy fails it, and so does every retry of it.
    const emailChunk = await refuseChunk(page, 'EmailSection');
    await page.goto(emailDemo.url);
    await openConnect(page);
    const modal = dialog(page);
    await expect(modal.getByRole('alert')).toContainText('Unable to load email login dependency. Check your connection.');
    expect(emailChunk.refused.length).toBeGreaterThan(0);
    await expect(walletEntry(page, WALLET_NAME)).toBeVisible();
    await emailChunk.serveAgain(() => modal.getByRole('button', { name: 'Try again' }).click());
    await expect(modal.getByTestId('latch-embedded-email')).toBeVisible();
    await expect(modal.getByText('Unable to load email login dependency', { exact: false })).toHaveCount(0);
  },
);
