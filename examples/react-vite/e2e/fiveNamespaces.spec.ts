// Issue 13: the five namespaces of the brief (eip155, solana, polkadot, bip122, cosmos) connected at once in the demo,
// each on its own local chain with its own wallet, and all five restored silently by a reload.
import { MOCK_SOLANA_WALLET_NAME } from '@latch/testkit';
import type { Page } from '@playwright/test';
import { dialog, expect, SOLANA_FUNDING_LAMPORTS, SOLANA_SEEDS, test } from './fixtures.js';
import { balanceText, expectedBalanceText, requestLog, shortAddress, WALLET_NAME } from './helpers.js';
import { connectWallet } from './namespaceFlows.js';
import {
  BITCOIN_KEYS,
  BITCOIN_WALLET_NAME,
  bitcoinRequests,
  COSMOS_KEYS,
  COSMOS_WALLET_NAME,
  cosmosPrompts,
  POLKADOT_EXTENSION,
  POLKADOT_URIS,
  polkadotConnectPrompts,
} from './namespaceWallets.js';

interface Expected {
  namespace: string;
  tab: string;
  name: string;
  balance: string;
}

/** Each namespace's tab in the Account view shows its own account and balance; `inOrder`: tabs in connection order. */
async function expectAccounts(page: Page, accounts: readonly Expected[], { inOrder }: { inOrder: boolean }) {
  const modal = dialog(page);
  const group = modal.getByRole('group', { name: 'Connected accounts' });
  const tabs = accounts.map((account) => account.tab);
  if (inOrder) await expect(group.getByRole('button')).toHaveText(tabs);
  else await expect(group.getByRole('button')).toHaveText(tabs.map(() => new RegExp(`^(${tabs.join('|')})$`)));
  expect(new Set(await group.getByRole('button').allTextContents())).toEqual(new Set(tabs));
  for (const account of accounts) {
    await group.getByTestId(`latch-namespace-${account.namespace}`).click();
    await expect(group.getByTestId(`latch-namespace-${account.namespace}`)).toHaveAttribute('aria-pressed', 'true');
    await expect(modal.getByTestId('latch-account-name')).toHaveText(account.name);
    await expect(modal.getByTestId('latch-account-balance')).toHaveText(account.balance);
  }
}

test('all five namespaces connected at once, each with its address and local balance; a reload restores all five silently', async ({
  page,
  fiveDemo,
  chains,
  installWallet,
  installSolanaWallet,
  installPolkadotWallet,
  installBitcoinWallet,
  installCosmosWallet,
}) => {
  await installWallet(page);
  const evm = chains.main.accounts[0]!.address;
  const sol = await installSolanaWallet(page, { name: MOCK_SOLANA_WALLET_NAME, seed: SOLANA_SEEDS.solanaOnly });
  const dot = await installPolkadotWallet(page, { uri: POLKADOT_URIS.holder });
  const btc = await installBitcoinWallet(page, { key: BITCOIN_KEYS.holder });
  const atom = await installCosmosWallet(page, { key: COSMOS_KEYS.holder });
  await page.goto(fiveDemo.url);

  // One wallet after the other: the button first, then "Connect another wallet" from the Account view.
  const wallets = [
    { name: WALLET_NAME, address: evm },
    { name: MOCK_SOLANA_WALLET_NAME, address: sol },
    { name: POLKADOT_EXTENSION.name, address: dot },
    { name: BITCOIN_WALLET_NAME, address: btc },
    { name: COSMOS_WALLET_NAME, address: atom },
  ];
  for (const wallet of wallets) {
    await connectWallet(page, wallet.name);
    await expect(page.getByTestId('demo-address')).toHaveText(wallet.address);
  }

  const accounts: Expected[] = [
    { namespace: 'eip155', tab: 'Ethereum & EVM', name: shortAddress(evm), balance: await expectedBalanceText(chains.main.rpcUrl, evm) },
    {
      namespace: 'solana',
      tab: 'Solana',
      name: shortAddress(sol),
      balance: balanceText(SOLANA_FUNDING_LAMPORTS, 9, 'SOL'),
    },
    { namespace: 'polkadot', tab: 'Polkadot', name: shortAddress(dot), balance: '42.500 ROC' },
    { namespace: 'bip122', tab: 'Bitcoin', name: shortAddress(btc), balance: '0.750 BTC' },
    { namespace: 'cosmos', tab: 'Cosmos', name: shortAddress(atom), balance: '7.250 STAKE' },
  ];
  await page.getByTestId('latch-account-button').click();
  await expectAccounts(page, accounts, { inOrder: true });
  // Every namespace has its wallet: nothing is left to connect.
  await expect(dialog(page).getByRole('button', { name: 'Connect another wallet' })).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('demo-status')).toHaveText('connected');
  await page.getByTestId('latch-account-button').click();
  // Restored in whatever order the wallets answered: the same five, each with its account.
  await expectAccounts(page, accounts, { inOrder: false });
  // No wallet asked the visitor anything on the way back.
  expect(await requestLog(page)).not.toContain('eth_requestAccounts');
  expect(await polkadotConnectPrompts(page)).toBe(0);
  expect(await bitcoinRequests(page)).not.toContain('wallet_connect');
  expect(await cosmosPrompts(page)).toEqual([]);
});
