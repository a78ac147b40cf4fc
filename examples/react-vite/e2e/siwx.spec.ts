import { createSiwxMessage, type SiwxSession } from '@latch/siwx';
import { MOCK_SOLANA_WALLET_NAME, MOCK_WALLET_INFO } from '@latch/testkit';
import type { Page } from '@playwright/test';
import { verifyMessage } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { dialog, expect, openConnect, openConnectFromAccount, SOLANA_SEEDS, test } from './fixtures.js';
import { refuseChunk, retryUntilServed, setWalletFailure, WALLET_NAME } from './helpers.js';
import { checkLayout } from './layout.js';

/** What the demo's server holds for this browser's cookie (page.request shares the page's cookies). */
async function serverSessions(page: Page, url: string): Promise<SiwxSession[]> {
  const response = await page.request.get(`${url}/siwx/sessions`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { sessions: SiwxSession[] }).sessions;
}

const signInHeading = (page: Page) => dialog(page).getByRole('heading', { name: 'Latch demo wants you to sign in' });

async function connectTo(page: Page, walletName: string) {
  await openConnect(page);
  await dialog(page)
    .getByRole('button', { name: new RegExp(walletName) })
    .click();
  await expect(signInHeading(page)).toBeVisible();
}

test('eip155: connect asks to sign in, the server verifies and keeps the session; a replay is refused; disconnect signs out', async ({
  page,
  siwxDemo,
  chains,
  installWallet,
}) => {
  await installWallet(page);
  await page.goto(`${siwxDemo.url}/?siwx`);
  await connectTo(page, WALLET_NAME);
  await expect(dialog(page)).toContainText(new URL(siwxDemo.url).host);
  await expect(dialog(page)).toContainText('Sign in to the Latch demo.');
  await checkLayout(page, 'Sign In');
  const verifyRequest = page.waitForRequest((request) => request.url().endsWith('/siwx/verify'));
  await dialog(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog(page)).toBeHidden();

  const address = chains.main.accounts[0]!.address;
  const sessions = await serverSessions(page, siwxDemo.url);
  expect(sessions.map((s) => [s.data.caipNetworkId, s.data.address])).toEqual([['eip155:31337', address]]);
  const [session] = sessions;
  // The demo is served over http: EIP-4361 writes that scheme before the domain (none would mean https).
  expect(session!.message.split('\n')[0]).toBe(`http://${new URL(siwxDemo.url).host} wants you to sign in with your Ethereum account:`);
  expect(await verifyMessage({ address, message: session!.message, signature: session!.signature as `0x${string}` })).toBe(true);

  const replay = await page.request.post(`${siwxDemo.url}/siwx/verify`, {
    headers: { 'content-type': 'application/json' },
    data: (await verifyRequest).postData() ?? '',
  });
  expect(replay.status()).toBe(401);
  expect(await replay.json()).toEqual({ code: 'INVALID_NONCE', error: 'The nonce was not issued by this server or was already used' });

  await page.getByTestId('latch-account-button').click();
  await dialog(page).getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByTestId('latch-connect-button')).toBeVisible();
  await expect.poll(() => serverSessions(page, siwxDemo.url)).toEqual([]);
});

test('solana: the wallet signs in with solana:signIn (Sign In With Solana), the server verifies it (ed25519)', async ({
  page,
  siwxDemo,
  solana,
  installSolanaWallet,
}) => {
  const address = await installSolanaWallet(page, { name: MOCK_SOLANA_WALLET_NAME, seed: SOLANA_SEEDS.solanaOnly });
  await page.goto(`${siwxDemo.url}/?siwx`);
  await connectTo(page, MOCK_SOLANA_WALLET_NAME);
  // Record which of the wallet's features signs: the wallet offers solana:signIn, so that one.
  await page.evaluate((name) => {
    type Feature = Record<string, (...args: unknown[]) => unknown>;
    const wallet = (window as unknown as { __latchMockSolanaWallets: Record<string, { features: Record<string, Feature> }> })
      .__latchMockSolanaWallets[name]!;
    const calls: string[] = [];
    (window as unknown as { __signingCalls: string[] }).__signingCalls = calls;
    for (const [feature, method] of [
      ['solana:signIn', 'signIn'],
      ['solana:signMessage', 'signMessage'],
    ] as const) {
      const target = wallet.features[feature]!;
      const original = target[method]!.bind(target);
      target[method] = (...args: unknown[]) => {
        calls.push(feature);
        return original(...args);
      };
    }
  }, MOCK_SOLANA_WALLET_NAME);
  await dialog(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog(page)).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { __signingCalls: string[] }).__signingCalls)).toEqual(['solana:signIn']);
  const [session, ...rest] = await serverSessions(page, siwxDemo.url);
  expect(rest).toEqual([]);
  expect(session!.data).toMatchObject({ caipNetworkId: solana.caipNetworkId, address });
  expect(session!.message.split('\n')[0]).toBe(`${new URL(siwxDemo.url).host} wants you to sign in with your Solana account:`);
});

test('signed in on Ethereum and Solana: disconnecting Solana keeps the Ethereum sign-in; the wallet ending the connection signs it out', async ({
  page,
  siwxDemo,
  chains,
  installWallet,
  installSolanaWallet,
}) => {
  await installWallet(page);
  const solAddress = await installSolanaWallet(page, { name: MOCK_SOLANA_WALLET_NAME, seed: SOLANA_SEEDS.solanaOnly });
  const evmAddress = chains.main.accounts[0]!.address;
  const signedIn = async () => (await serverSessions(page, siwxDemo.url)).map((s) => s.data.address);
  await page.goto(`${siwxDemo.url}/?siwx`);
  await connectTo(page, `^${WALLET_NAME}`);
  await dialog(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog(page)).toBeHidden();
  await openConnectFromAccount(page);
  await dialog(page)
    .getByRole('button', { name: new RegExp(MOCK_SOLANA_WALLET_NAME) })
    .click();
  await expect(signInHeading(page)).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog(page)).toBeHidden();
  expect(await signedIn()).toEqual([evmAddress, solAddress]);

  // The visitor disconnects Solana only: its sign-in goes, the Ethereum one stays.
  await page.getByTestId('latch-account-button').click();
  await dialog(page).getByRole('group', { name: 'Connected accounts' }).getByRole('button', { name: 'Solana' }).click();
  await dialog(page)
    .getByRole('button', { name: /Disconnect Solana/ })
    .click();
  await expect(dialog(page).getByRole('group', { name: 'Connected accounts' })).toHaveCount(0);
  await expect.poll(signedIn).toEqual([evmAddress]);
  await expect(page.getByTestId('demo-address')).toHaveText(evmAddress);

  // The wallet ends the connection itself: the server forgets that sign-in too.
  await page.evaluate((rdns) => {
    const wallets = (window as unknown as { __latchMockWallets: Record<string, { emitDisconnect(): void }> }).__latchMockWallets;
    wallets[rdns]!.emitDisconnect();
  }, MOCK_WALLET_INFO.rdns);
  await expect(page.getByTestId('demo-status')).toHaveText('disconnected');
  await expect.poll(signedIn).toEqual([]);
});

test('required sign-in: closing is refused; a decline says so and keeps the visitor connected; Try again signs in', async ({
  page,
  siwxDemo,
  installWallet,
}) => {
  await installWallet(page, { failures: { rejectSign: true } });
  await page.goto(`${siwxDemo.url}/?siwx=required`);
  await connectTo(page, WALLET_NAME);
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await page.keyboard.press('Escape');
  await expect(signInHeading(page)).toBeVisible();

  await dialog(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog(page).getByText('Signature declined', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('demo-status')).toHaveText('connected');
  expect(await serverSessions(page, siwxDemo.url)).toEqual([]);

  await setWalletFailure(page, MOCK_WALLET_INFO.rdns, 'rejectSign', false);
  await dialog(page).getByRole('button', { name: 'Try again' }).click();
  await expect(dialog(page)).toBeHidden();
  expect(await serverSessions(page, siwxDemo.url)).toHaveLength(1);
});

test('switching to an account no session covers asks again', async ({ page, siwxDemo, chains, installWallet }) => {
  await installWallet(page);
  await page.goto(`${siwxDemo.url}/?siwx`);
  await connectTo(page, WALLET_NAME);
  await dialog(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog(page)).toBeHidden();

  const next = chains.main.accounts[1]!;
  await page.evaluate(
    ([rdns, key]) => {
      const wallets = (window as unknown as { __latchMockWallets: Record<string, { switchAccountFromWallet(key: string): void }> })
        .__latchMockWallets;
      wallets[rdns as string]!.switchAccountFromWallet(key as string);
    },
    [MOCK_WALLET_INFO.rdns, next.privateKey] as const,
  );
  await expect(signInHeading(page)).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog(page)).toBeHidden();
  expect((await serverSessions(page, siwxDemo.url)).map((s) => s.data.address)).toEqual([chains.main.accounts[0]!.address, next.address]);
});

test('the server refuses an expired message, even with a fresh nonce and a valid signature', async ({ page, siwxDemo, chains }) => {
  await page.goto(siwxDemo.url);
  const { nonce } = (await (await page.request.get(`${siwxDemo.url}/siwx/nonce`)).json()) as { nonce: string };
  const account = privateKeyToAccount(chains.main.accounts[2]!.privateKey);
  const message = createSiwxMessage({
    domain: new URL(siwxDemo.url).host,
    address: account.address,
    uri: siwxDemo.url,
    version: '1',
    caipNetworkId: 'eip155:31337',
    nonce,
    issuedAt: new Date(Date.now() - 120_000).toISOString(),
    expirationTime: new Date(Date.now() - 60_000).toISOString(),
  });
  const response = await page.request.post(`${siwxDemo.url}/siwx/verify`, {
    headers: { 'content-type': 'application/json' },
    data: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
  });
  expect(response.status()).toBe(401);
  expect(((await response.json()) as { code: string }).code).toBe('EXPIRED');
});

test('the sign-in code cannot be fetched: the view says so, and Try again signs in once the server answers', async ({
  page,
  siwxDemo,
  installWallet,
}) => {
  await installWallet(page);
  const code = await refuseChunk(page, 'siwxHttp');
  await page.goto(`${siwxDemo.url}/?siwx`);
  await connectTo(page, WALLET_NAME);
  const tryAgain = dialog(page).getByRole('button', { name: 'Try again' });
  await expect(tryAgain).toBeVisible();
  await expect(dialog(page)).toContainText('siwxHttp');
  expect(code.refused.length).toBeGreaterThan(0);

  // Try again while refused fails again; once the server answers, it fetches the code anew, the wallet signs and the
  // server keeps the session.
  await retryUntilServed(code, { retry: () => tryAgain.click(), stillFailed: () => expect(tryAgain).toBeVisible() });
  await expect(dialog(page)).toBeHidden();
  expect(await serverSessions(page, siwxDemo.url)).toHaveLength(1);
});
