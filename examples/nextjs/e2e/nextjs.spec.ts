import { truncateAddress } from '@latch/kernel';
import { MOCK_WALLET_INFO } from '@latch/testkit';
import type { Page } from '@playwright/test';
import { dialog, expect, test } from './fixtures.js';

/*
 * The Next.js example in Chromium, against anvil and the local Solana RPC: server-rendered button,
 * hydration without a warning, a strict CSP, the connection kept in cookies so a reload's first HTML
 * shows the account, and the page following the wallet when it says otherwise. The `strictPage`
 * fixture fails every test on a console warning or error, a CSP violation or a request to another host.
 */

/** Records, from the first byte of each document, whether "Connect Wallet" was ever on the page. */
async function watchForConnectLabel(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __sawConnectLabel: boolean };
    w.__sawConnectLabel = false;
    const check = () => {
      if (document.documentElement?.textContent?.includes('Connect Wallet')) w.__sawConnectLabel = true;
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  });
}
const sawConnectLabel = (page: Page) => page.evaluate(() => (window as unknown as { __sawConnectLabel: boolean }).__sawConnectLabel);

async function connectWith(page: Page, walletName: string | RegExp) {
  await page.getByTestId('latch-connect-button').click();
  await dialog(page).getByRole('button', { name: walletName }).click();
  await expect(dialog(page)).toBeHidden();
}

test('the server HTML has the Connect button and a nonce CSP: frames none, connections only to the configured RPCs', async ({
  page,
  app,
}) => {
  const response = await page.request.get(app.url);
  const html = await response.text();
  expect(html).toMatch(/<button[^>]*data-testid="latch-connect-button"[^>]*>Connect Wallet<\/button>/);
  const csp = response.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("frame-src 'none'");
  expect(csp).toContain(`connect-src 'self' ${app.allowedOrigins.slice(1).join(' ')}`);
  expect(csp).not.toContain('unsafe-eval');
  // Every script Next wrote carries this response's nonce; a second response has another.
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  const again = (await page.request.get(app.url)).headers()['content-security-policy'];
  expect(again).not.toContain(nonce as string);
  // Hydrated under the CSP with no warning (strictPage), the same button adopted.
  await page.goto(app.url);
  await expect(page.getByTestId('latch-connect-button')).toHaveText('Connect Wallet');
  await expect(page.getByTestId('example-status')).toHaveText('disconnected');
});

test('connect, reload: the first HTML shows the account, "Connect Wallet" never shows, the wallet confirms', async ({
  page,
  app,
  installWallet,
}) => {
  const address = await installWallet(page);
  await page.goto(app.url);
  await connectWith(page, new RegExp(MOCK_WALLET_INFO.name));
  await expect(page.getByTestId('latch-account-button')).toContainText(truncateAddress(address));
  await expect(page.getByTestId('example-address')).toHaveText(address);

  // What the server sends to this browser now (its cookies): the account, not the Connect button.
  const html = await (await page.request.get(app.url)).text();
  expect(html).toContain('data-testid="latch-account-button"');
  expect(html).toContain(truncateAddress(address));
  expect(html).not.toContain('Connect Wallet');

  await watchForConnectLabel(page);
  await page.reload();
  await expect(page.getByTestId('example-status')).toHaveText('connected');
  await expect(page.getByTestId('latch-account-button')).not.toHaveAttribute('aria-busy');
  await expect(page.getByTestId('latch-account-button')).toContainText(truncateAddress(address));
  expect(await sawConnectLabel(page)).toBe(false);
});

test('the wallet says otherwise: another account replaces the rendered one; a revoked session shows Connect Wallet', async ({
  page,
  context,
  app,
  installWallet,
}) => {
  const first = await installWallet(page, 0);
  await page.goto(app.url);
  await connectWith(page, new RegExp(MOCK_WALLET_INFO.name));
  await expect(page.getByTestId('example-address')).toHaveText(first);
  await page.close();

  // Same browser (cookies, the wallet's stored session), but the wallet is now on another account.
  const switched = await context.newPage();
  const second = await installWallet(switched, 1);
  await switched.goto(app.url);
  await expect(switched.getByTestId('example-address')).toHaveText(second);
  await expect(switched.getByTestId('latch-account-button')).toContainText(truncateAddress(second));
  expect(await (await switched.request.get(app.url)).text()).toContain(truncateAddress(second));

  // The wallet forgets the site: the restore fails, the page and the cookies follow.
  await switched.evaluate((rdns) => localStorage.removeItem(`latch-mock-wallet:${rdns}:connected`), MOCK_WALLET_INFO.rdns);
  await switched.reload();
  await expect(switched.getByTestId('latch-connect-button')).toHaveText('Connect Wallet');
  await expect(switched.getByTestId('example-status')).toHaveText('disconnected');
  expect(await (await switched.request.get(app.url)).text()).toContain('Connect Wallet');
});

test('Solana: connect through the modal under the CSP, reload shows the Solana account in the first HTML', async ({
  page,
  app,
  installSolanaWallet,
}) => {
  const address = await installSolanaWallet(page);
  await page.goto(app.url);
  await connectWith(page, /Latch Solana Test Wallet/);
  await expect(page.getByTestId('example-namespace')).toHaveText('solana');
  await expect(page.getByTestId('example-address')).toHaveText(address);
  await watchForConnectLabel(page);
  await page.reload();
  await expect(page.getByTestId('example-status')).toHaveText('connected');
  expect(await sawConnectLabel(page)).toBe(false);
  const html = await (await page.request.get(app.url)).text();
  expect(html).toContain(truncateAddress(address));
  // The network button shows the cookies' network (Solana's), not the configured default (the EVM devnet).
  expect(html).toMatch(/<button[^>]*data-testid="latch-network-button"[^>]*>(?:(?!<\/button>).)*Solana Localnet/);
  await expect(page.getByTestId('latch-network-button')).toContainText('Solana Localnet');
});
