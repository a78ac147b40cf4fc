import type { Page } from '@playwright/test';
import { MOCK_SOLANA_WALLET_NAME } from '@latch/testkit';
import { verifyMessage } from 'viem';
import { dialog, expect, openConnect, SOLANA_SEEDS, test } from './fixtures.js';
import { audit, refuseChunk, retryUntilServed, verifySolanaSignature, WALLET_NAME } from './helpers.js';
import { connectWallet, walletEntry } from './namespaceFlows.js';
import { BITCOIN_KEYS, BITCOIN_WALLET_NAME, COSMOS_KEYS, COSMOS_WALLET_NAME, cosmosPrompts } from './namespaceWallets.js';

/*
 * The modal's code loads in chunks, on first use. When a chunk cannot be fetched (a dropped connection, a stale
 * deploy), the browser keeps that failure for the chunk's URL: importing it again fails without a request. These
 * check that the modal's retry fetches the chunk anew and works once the server answers again. (The e-mail section's
 * own case is in connectOptions.spec.ts.)
 */

test("a view's code cannot be fetched: the modal says so, and Try again loads it once the server answers", async ({
  page,
  demo,
  installWallet,
}) => {
  await installWallet(page);
  const view = await refuseChunk(page, 'AllWalletsView');
  await page.goto(demo.url);
  // The Connect button's idle preload asks for the view too (within 3 s of the page settling). Let it fail first:
  // fired after the server answers again, it would show the view before Try again is pressed (seen on a loaded machine).
  await expect.poll(() => view.refused.length).toBeGreaterThan(0);
  await openConnect(page);
  const modal = dialog(page);
  await modal.getByRole('button', { name: /All Wallets/ }).click();
  await expect(modal.getByRole('alert')).toContainText('This part of the modal could not be loaded. Check your connection.');
  expect(view.refused.length).toBeGreaterThan(0);
  await audit(page, 'a view that could not be loaded');

  // Still refused, Try again asks the server again and says so again; once it answers, Try again shows the view, whose
  // wallets can be used.
  const tryAgain = modal.getByRole('button', { name: 'Try again' });
  await retryUntilServed(view, { retry: () => tryAgain.click(), stillFailed: () => expect(tryAgain).toBeVisible() });
  await expect(modal.getByTestId('latch-all-wallets')).toBeVisible();
  await expect(modal.getByRole('alert')).toHaveCount(0);
  await modal.getByRole('button', { name: 'Back' }).click();
  await modal.getByRole('button', { name: new RegExp(WALLET_NAME) }).click();
  await expect(page.getByTestId('demo-status')).toHaveText('connected');
});

test('the wallet logos cannot be fetched: All Wallets lists the wallets with their initials, and the next search shows the logos once the server answers', async ({
  page,
  demo,
  installWallet,
}) => {
  await installWallet(page);
  const logos = await refuseChunk(page, 'bundledWalletLogos');
  await page.goto(demo.url);
  await openConnect(page);
  const modal = dialog(page);
  await modal.getByRole('button', { name: /All Wallets/ }).click();
  const metaMask = modal.getByTestId('latch-all-wallets').getByRole('listitem').filter({ hasText: 'MetaMask' });
  await expect(metaMask).toBeVisible();
  await expect(metaMask.locator('.monogram')).toHaveCount(1);
  await expect(metaMask.locator('img')).toHaveCount(0);
  await expect(modal.getByRole('alert')).toHaveCount(0);
  expect(logos.refused.length).toBeGreaterThan(0);

  await logos.serveAgain(() => modal.getByLabel('Search wallets').fill('Meta'));
  await expect(metaMask.locator('img')).toHaveAttribute('src', /^data:image\//);
});

test("the modal's own code cannot be fetched: the first click opens nothing, the next one opens it once the server answers", async ({
  page,
  demo,
  installWallet,
}) => {
  await installWallet(page);
  const shell = await refuseChunk(page, 'mountModal');
  await page.goto(demo.url);
  const failure = page.waitForEvent('pageerror');
  await page.getByTestId('latch-connect-button').click();
  expect(String(await failure)).toContain('mountModal');
  expect(shell.refused.length).toBeGreaterThan(0);
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.locator('latch-modal')).toHaveCount(0);

  await shell.serveAgain(() => openConnect(page));
  await expect(dialog(page).getByRole('button', { name: new RegExp(WALLET_NAME) })).toBeVisible();
});

for (const chunk of ['visitorActions', 'connection'] as const) {
  test(`connecting cannot fetch its code (${chunk}): the wallet's Try again connects once the server answers`, async ({
    page,
    demo,
    installWallet,
  }) => {
    await installWallet(page);
    const code = await refuseChunk(page, chunk);
    await page.goto(demo.url);
    await openConnect(page);
    const modal = dialog(page);
    await modal.getByRole('button', { name: new RegExp(WALLET_NAME) }).click();
    await expect(modal.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(code.refused.length).toBeGreaterThan(0);
    await expect(page.getByTestId('demo-status')).not.toHaveText('connected');

    await code.serveAgain(() => modal.getByRole('button', { name: 'Try again' }).click());
    await expect(page.getByTestId('demo-status')).toHaveText('connected');
  });
}

/*
 * The other namespaces' adapters load their connecting code the same way, each its own chunks: Solana's and Cosmos's
 * connection code, and the Bitcoin adapter's wallet driver, which its connection code loads in turn. (Polkadot's
 * connection code is loaded the same way; its chain, chopsticks, is started only by polkadot.spec.ts.)
 */
test("connecting a Solana wallet while the adapter's connection code cannot be fetched: Try again connects once the server answers", async ({
  page,
  demo,
  installSolanaWallet,
}) => {
  const address = await installSolanaWallet(page, { name: MOCK_SOLANA_WALLET_NAME, seed: SOLANA_SEEDS.solanaOnly });
  await page.goto(demo.url);
  await expectTryAgainConnects(page, 'connection', () => walletEntry(page, MOCK_SOLANA_WALLET_NAME).click());
  await expect(page.getByTestId('demo-address')).toHaveText(address);
});

test("connecting Keplr while the Cosmos adapter's connection code cannot be fetched: Try again connects once the server answers", async ({
  page,
  cosmosDemo,
  cosmos,
  installCosmosWallet,
}) => {
  const address = await installCosmosWallet(page, { key: COSMOS_KEYS.holder });
  await page.goto(cosmosDemo.url);
  await expectTryAgainConnects(page, 'connection', () => walletEntry(page, COSMOS_WALLET_NAME).click());
  await expect(page.getByTestId('demo-address')).toHaveText(address);
  expect(await cosmosPrompts(page)).toEqual([`suggestChain:${cosmos.chainId}`, `enable:${cosmos.chainId}`]);
});

test("connecting a Bitcoin wallet while its driver's code cannot be fetched: Try again connects once the server answers", async ({
  page,
  bitcoinDemo,
  installBitcoinWallet,
}) => {
  const address = await installBitcoinWallet(page, { key: BITCOIN_KEYS.holder });
  await page.goto(bitcoinDemo.url);
  await expectTryAgainConnects(page, 'driver', () => walletEntry(page, BITCOIN_WALLET_NAME).click());
  await expect(page.getByTestId('demo-address')).toHaveText(address);
});

/*
 * What an adapter loads after connecting (reads, signing, sending, activity) loads the same way: here the Solana
 * adapter's signing code. (The same wrapper serves every adapter's lazy code; one case shows it in the browser.)
 */
test("signing with a Solana wallet while the adapter's signing code cannot be fetched: the next try signs once the server answers", async ({
  page,
  demo,
  installSolanaWallet,
}) => {
  const address = await installSolanaWallet(page, { name: MOCK_SOLANA_WALLET_NAME, seed: SOLANA_SEEDS.solanaOnly });
  const code = await refuseChunk(page, 'signing');
  await page.goto(demo.url);
  await openConnect(page);
  await walletEntry(page, MOCK_SOLANA_WALLET_NAME).click();
  await expect(page.getByTestId('demo-address')).toHaveText(address);

  const signature = await signOnceCodeIsServed(page, code, 'solana', /^[1-9A-HJ-NP-Za-km-z]{80,90}$/);
  expect(await verifySolanaSignature(address, 'Hello from Latch', signature)).toBe(true);
});

test("signing with an eip155 wallet while the adapter's signing code cannot be fetched: the next try signs once the server answers", async ({
  page,
  demo,
  chains,
  installWallet,
}) => {
  await installWallet(page);
  const code = await refuseChunk(page, 'signAndSend');
  await page.goto(demo.url);
  await connectWallet(page, WALLET_NAME);
  await expect(page.getByTestId('demo-status')).toHaveText('connected');

  const signature = (await signOnceCodeIsServed(page, code, 'eip155', /^0x[0-9a-f]{130}$/)) as `0x${string}`;
  expect(await verifyMessage({ address: chains.main.accounts[0]!.address, message: 'Hello from Latch', signature })).toBe(true);
});

// The kernel's chunk of account actions (Send, Activity, NFTs, names), and the eip155 adapter's activity reader.
for (const chunk of ['accountActions', 'activityReader'] as const) {
  test(`the Activity tab while its code cannot be fetched (${chunk}): Try again lists the account's transactions once the server answers`, async ({
    page,
    demo,
    installWallet,
  }) => {
    await installWallet(page);
    const code = await refuseChunk(page, chunk);
    await page.goto(demo.url);
    await connectWallet(page, WALLET_NAME);
    await page.getByTestId('latch-account-button').click();
    const modal = dialog(page);
    // The token list first: the centred dialog grows when it comes, and a click aimed before that misses the tab.
    await expect(modal.getByTestId('latch-tokens')).toContainText('Latch Demo Token');
    await modal.getByRole('tab', { name: 'Activity' }).click();
    const tryAgain = modal.getByRole('tabpanel').getByRole('button', { name: 'Try again' });
    await expect(modal.getByRole('tabpanel')).toContainText('Failed to fetch transactions');
    expect(code.refused.length).toBeGreaterThan(0);

    // Try again while refused fails again; once the server answers, it fetches the code anew and the tab lists what the
    // account's chain holds.
    await retryUntilServed(code, { retry: () => tryAgain.click(), stillFailed: () => expect(tryAgain).toBeVisible() });
    await expect(modal.getByRole('tabpanel')).not.toContainText('Failed to fetch transactions');
    const listed = modal.getByTestId('latch-activity-item').or(modal.getByText(/^No activity yet/));
    await expect(listed.first()).toBeVisible();
  });
}

/**
 * Signs with the demo's card on `namespace` while the adapter's signing code (`code`, from refuseChunk) is refused:
 * the card shows the error; signing again asks the server again (a new request) and fails again; once the server
 * answers, the next try fetches the code anew and signs. Resolves the signature the card shows (matching `shape`).
 */
async function signOnceCodeIsServed(page: Page, code: Awaited<ReturnType<typeof refuseChunk>>, namespace: string, shape: RegExp) {
  const sign = page.getByRole('button', { name: new RegExp(`^Sign with wallet \\(${namespace}\\)`) });
  const result = page.getByTestId('demo-signature');
  await sign.click();
  await expect(result).toHaveAttribute('role', 'alert');
  expect(code.refused.length).toBeGreaterThan(0);

  const before = code.refused.length;
  await sign.click();
  await expect.poll(() => code.refused.length).toBeGreaterThan(before);
  await expect(result).toHaveAttribute('role', 'alert');

  await code.serveAgain(() => sign.click());
  await expect(result).toHaveText(shape);
  return (await result.textContent()) ?? '';
}

/**
 * Opens the modal and picks a wallet (`pick`) while the chunks named `chunk` are refused: the Connecting view offers
 * Try again and nothing connects, also when Try again is pressed while they are still refused (a new request each
 * time); once the server answers, Try again connects.
 */
async function expectTryAgainConnects(page: Page, chunk: string, pick: () => Promise<void>) {
  const code = await refuseChunk(page, chunk);
  await openConnect(page);
  const modal = dialog(page);
  await pick();
  await expect(modal.getByRole('button', { name: 'Try again' })).toBeVisible();
  expect(code.refused.length).toBeGreaterThan(0);

  const before = code.refused.length;
  await modal.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => code.refused.length).toBeGreaterThan(before);
  await expect(modal.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByTestId('demo-status')).toHaveText('disconnected');

  await code.serveAgain(() => modal.getByRole('button', { name: 'Try again' }).click());
  await expect(page.getByTestId('demo-status')).toHaveText('connected');
}
