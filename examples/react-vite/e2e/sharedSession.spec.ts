import { ed25519 } from '@noble/curves/ed25519';
import { sharedSessionWalletInitScript, solanaAddressFromSeed } from '@latch/testkit';
import { publicKeyFromToyAddress, toyAddressFromSecretKey } from '@latch/testkit/toy';
import type { Page } from '@playwright/test';
import { verifyMessage } from 'viem';
import { dialog, expect, openConnect, SOLANA_SEEDS, test, TOY_KEYS } from './fixtures.js';
import { activateNamespace, signInDemo } from './namespaceFlows.js';
import { verifySolanaSignature, watchForeignRequests } from './helpers.js';

const WALLET = 'Latch Shared Wallet';

type Fixtures = Parameters<Parameters<typeof test>[2]>[0];

/** The shared-session test wallet in the page (one session, three real keys), and a count of the proposals it gets. */
async function installSharedWallet(page: Page, { chains, solana, toy }: Pick<Fixtures, 'chains' | 'solana' | 'toy'>) {
  const evm = chains.main.accounts[2]!;
  await page.addInitScript({
    content: sharedSessionWalletInitScript({
      eip155: {
        privateKey: evm.privateKey,
        chains: [{ chainId: 31337, rpcUrl: chains.main.rpcUrl, name: 'Local Devnet' }],
        chainId: 31337,
      },
      solana: { secretKeySeed: SOLANA_SEEDS.shared, chains: [{ chain: solana.caipNetworkId, rpcUrl: solana.rpcUrl }] },
      toy: { secretKey: TOY_KEYS.shared, rpcUrl: toy.rpcUrl },
    }),
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __latchSharedWallet: { propose(ns: string[]): Promise<unknown> }; __latchProposals: string[][] };
    w.__latchProposals = [];
    const propose = w.__latchSharedWallet.propose.bind(w.__latchSharedWallet);
    w.__latchSharedWallet.propose = (namespaces) => {
      w.__latchProposals.push([...namespaces]);
      return propose(namespaces);
    };
  });
  return {
    eip155: evm.address,
    solana: await solanaAddressFromSeed(SOLANA_SEEDS.shared),
    toy: toyAddressFromSecretKey(TOY_KEYS.shared),
  };
}

const proposals = (page: Page) => page.evaluate(() => (window as unknown as { __latchProposals: string[][] }).__latchProposals);
const walletSession = (page: Page) =>
  page.evaluate(() => (window as unknown as { __latchSharedWallet: { session: unknown } }).__latchSharedWallet.session);

async function connectShared(page: Page) {
  await openConnect(page);
  const row = dialog(page).getByRole('button', { name: new RegExp(WALLET) });
  await expect(row).toContainText('Multichain');
  await row.click();
  await expect(dialog(page)).toBeHidden();
}

test('one session over eip155, solana and the toy namespace: one pick, a real signature on each, silent restore, one disconnect ends all', async ({
  page,
  kernelDemo,
  chains,
  solana,
  toy,
}) => {
  const addresses = await installSharedWallet(page, { chains, solana, toy });
  const foreign = watchForeignRequests(page);
  await page.goto(kernelDemo.url);
  await connectShared(page);
  expect(await proposals(page)).toEqual([['eip155', 'solana', 'toy']]);
  await expect(page.getByTestId('demo-status')).toHaveText('connected');

  await page.getByTestId('latch-account-button').click();
  for (const ns of ['eip155', 'solana', 'toy']) await expect(dialog(page).getByTestId(`latch-namespace-${ns}`)).toBeVisible();
  await page.keyboard.press('Escape');

  await activateNamespace(page, 'eip155');
  await expect(page.getByTestId('demo-address')).toHaveText(addresses.eip155);
  const evmSignature = (await signInDemo(page, 'eip155', 'one session: evm')) as `0x${string}`;
  expect(await verifyMessage({ address: addresses.eip155, message: 'one session: evm', signature: evmSignature })).toBe(true);

  await activateNamespace(page, 'solana');
  await expect(page.getByTestId('demo-address')).toHaveText(addresses.solana);
  const solSignature = await signInDemo(page, 'solana', 'one session: solana');
  expect(await verifySolanaSignature(addresses.solana, 'one session: solana', solSignature)).toBe(true);

  await activateNamespace(page, 'toy');
  await expect(page.getByTestId('demo-address')).toHaveText(addresses.toy);
  await expect(page.getByTestId('demo-balance')).toHaveText('1.500 TOY');
  const toySignature = await signInDemo(page, 'toy', 'one session: toy');
  const toyKey = publicKeyFromToyAddress(addresses.toy)!;
  expect(ed25519.verify(Buffer.from(toySignature, 'hex'), new TextEncoder().encode('one session: toy'), toyKey)).toBe(true);

  // A reload restores all three without asking the wallet again.
  await page.reload();
  await expect(page.getByTestId('demo-status')).toHaveText('connected');
  await page.getByTestId('latch-account-button').click();
  for (const ns of ['eip155', 'solana', 'toy']) await expect(dialog(page).getByTestId(`latch-namespace-${ns}`)).toBeVisible();
  expect(await proposals(page)).toEqual([]);

  // §4: disconnecting one namespace of the session ends it for all of them, and on the wallet's side.
  await dialog(page).getByTestId('latch-namespace-solana').click();
  // One session: one honest button ("Disconnect"), never "Disconnect Solana" as if it ended Solana alone.
  await expect(dialog(page).getByRole('button', { name: /^Disconnect / })).toHaveCount(0);
  await dialog(page).getByRole('button', { name: 'Disconnect', exact: true }).click();
  await expect(page.getByTestId('demo-status')).toHaveText('disconnected');
  // Nothing is left connected: the modal closes rather than showing an empty Account view.
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByTestId('latch-connect-button')).toBeVisible();
  expect(await walletSession(page)).toBeNull();
  expect(foreign).toEqual([]);
});

test('the wallet ends the session on its side: the page disconnects every namespace', async ({ page, kernelDemo, chains, solana, toy }) => {
  await installSharedWallet(page, { chains, solana, toy });
  await page.goto(kernelDemo.url);
  await connectShared(page);
  await expect(page.getByTestId('demo-status')).toHaveText('connected');
  await page.evaluate(() => (window as unknown as { __latchSharedWallet: { endFromWallet(): void } }).__latchSharedWallet.endFromWallet());
  await expect(page.getByTestId('demo-status')).toHaveText('disconnected');
  await page.reload();
  await expect(page.getByTestId('latch-connect-button')).toBeVisible();
  await expect(page.getByTestId('demo-status')).toHaveText('disconnected');
});

test('the wallet declines the session: declined, still disconnected, and a retry connects', async ({
  page,
  kernelDemo,
  chains,
  solana,
  toy,
}) => {
  await installSharedWallet(page, { chains, solana, toy });
  await page.goto(kernelDemo.url);
  await page.evaluate(() =>
    (window as unknown as { __latchSharedWallet: { setFailure(n: string, v: boolean): void } }).__latchSharedWallet.setFailure(
      'rejectProposal',
      true,
    ),
  );
  await openConnect(page);
  await dialog(page)
    .getByRole('button', { name: new RegExp(WALLET) })
    .click();
  await expect(dialog(page).getByText('Connection declined')).toBeVisible();
  await expect(page.getByTestId('demo-status')).toHaveText('disconnected');
  await page.evaluate(() =>
    (window as unknown as { __latchSharedWallet: { setFailure(n: string, v: boolean): void } }).__latchSharedWallet.setFailure(
      'rejectProposal',
      false,
    ),
  );
  await dialog(page)
    .getByRole('button', { name: /Try again/ })
    .click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByTestId('demo-status')).toHaveText('connected');
});
