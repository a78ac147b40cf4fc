// Issue 29: EIP-5792 call bundles from the host page (`modal.sendCalls`, `modal.getCallsStatus`) through the testkit's
// wallet (a real key on anvil, sending the calls one at a time): the bundle lands (receipts read from anvil), its status
// says so, and a capability the wallet lacks is refused in plain words with its code, nothing sent.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { connectWallet } from './namespaceFlows.js';
import { rpc, WALLET_NAME } from './helpers.js';

/** Account 2 of anvil sends; the receiver is an address no other spec uses. */
const SENDER = 2;
const RECEIVER = '0x00000000000000000000000000000000005792b0';

const card = (page: Page) => page.getByRole('region', { name: 'Send a call bundle' });

async function fill(page: Page, to: string, amount: string) {
  await card(page).getByLabel('To (sent twice)').fill(to);
  await card(page).getByLabel('Amount each (ETH)').fill(amount);
}

test('a bundle of two transfers lands on anvil and getCallsStatus reports it; a required capability the wallet lacks is refused (5700)', async ({
  page,
  demo,
  chains,
  installWallet,
}) => {
  await installWallet(page, { accountIndex: SENDER, eip5792: true });
  await page.goto(demo.url);
  await connectWallet(page, WALLET_NAME);
  const balance = async () => BigInt(await rpc<string>(chains.main.rpcUrl, 'eth_getBalance', [RECEIVER, 'latest']));
  const before = await balance();
  const nonceBefore = await rpc<string>(chains.main.rpcUrl, 'eth_getTransactionCount', [chains.main.accounts[SENDER]!.address, 'latest']);

  // Refused first: a paymaster the wallet does not offer, not marked optional. Nothing is sent.
  await fill(page, RECEIVER, '0.001');
  await card(page).getByLabel('Require a paymaster').check();
  await card(page).getByRole('button', { name: 'Send bundle' }).click();
  const refusal = card(page).getByRole('alert');
  await expect(refusal).toContainText('5700: The wallet does not support a capability that was not marked as optional.');
  expect(await rpc<string>(chains.main.rpcUrl, 'eth_getTransactionCount', [chains.main.accounts[SENDER]!.address, 'latest'])).toBe(
    nonceBefore,
  );

  // Then sent: two calls of 0.001 ETH each.
  await card(page).getByLabel('Require a paymaster').uncheck();
  await card(page).getByRole('button', { name: 'Send bundle' }).click();
  await expect(card(page).getByTestId('demo-bundle-answer')).toHaveText('Bundle sent');
  await card(page).getByRole('button', { name: 'Check status' }).click();
  const status = card(page).getByTestId('demo-bundle-status');
  await expect(status).toHaveAttribute('data-status', '200');
  const hashes = (await status.textContent())?.match(/0x[0-9a-f]{64}/g) ?? [];
  expect(hashes).toHaveLength(2);
  for (const hash of hashes) {
    const receipt = await rpc<{ status: string; to: string }>(chains.main.rpcUrl, 'eth_getTransactionReceipt', [hash]);
    expect(receipt).toMatchObject({ status: '0x1', to: RECEIVER });
  }
  expect((await balance()) - before).toBe(2_000_000_000_000_000n);

  // A bad call is refused before the wallet is asked, naming the call.
  await fill(page, 'not-an-address', '0.001');
  await card(page).getByRole('button', { name: 'Send bundle' }).click();
  await expect(card(page).getByRole('alert')).toHaveText('Call 1: "to" must be an address starting with 0x');
});
