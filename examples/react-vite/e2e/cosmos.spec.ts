// Issue 13, cosmos: the Keplr-style mock wallet (real secp256k1 keys) on the CometBFT stand-in, which checks the real
// signature of every transaction it accepts.
import { verifyAdr36Signature } from '@latch/testkit';
import { dialog, expect, test } from './fixtures.js';
import { balanceText, shortAddress } from './helpers.js';
import { connectWallet, expectDeclined, reloadAndExpectRestored, sendNative, signInDemo } from './namespaceFlows.js';
import { COSMOS_FUNDING, COSMOS_KEYS, COSMOS_WALLET_NAME, cosmosAddress, cosmosPrompts } from './namespaceWallets.js';

const STAKE_TEXT = (ustake: bigint) => balanceText(ustake, 6, 'STAKE');

/** The hashes of the transactions the node indexed as paying `recipient` (CometBFT `tx_search`). */
async function transfersTo(rpcUrl: string, recipient: string): Promise<string[]> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tx_search', params: { query: `transfer.recipient='${recipient}'` } }),
  });
  const body = (await response.json()) as { result?: { txs: { hash: string }[] }; error?: unknown };
  expect(body.error).toBeUndefined();
  return body.result!.txs.map((tx) => tx.hash);
}

test('cosmos: connect Keplr: the local chain is suggested, and the Account view shows the address and the bank balance', async ({
  page,
  cosmosDemo,
  cosmos,
  installCosmosWallet,
}) => {
  const address = await installCosmosWallet(page, { key: COSMOS_KEYS.holder });
  expect(cosmos.balanceOf(address)).toBe(COSMOS_FUNDING);
  await page.goto(cosmosDemo.url);
  await connectWallet(page, COSMOS_WALLET_NAME);
  // The wallet did not know the local chain: the adapter suggested it, then enabled it.
  expect(await cosmosPrompts(page)).toEqual([`suggestChain:${cosmos.chainId}`, `enable:${cosmos.chainId}`]);
  await expect(page.getByTestId('demo-address')).toHaveText(address);
  await expect(page.getByTestId('demo-network')).toHaveText('Cosmos Localnet');
  await page.getByTestId('latch-account-button').click();
  await expect(dialog(page).getByTestId('latch-account-name')).toHaveText(shortAddress(address));
  await expect(dialog(page).getByTestId('latch-account-balance')).toHaveText(STAKE_TEXT(COSMOS_FUNDING));
  await expect(dialog(page).getByTestId('latch-account-balance')).toHaveText('7.250 STAKE');
});

test('cosmos: sign a message: an ADR-36 signature that verifies for the address', async ({
  page,
  cosmosDemo,
  cosmos,
  installCosmosWallet,
}) => {
  const address = await installCosmosWallet(page, { key: COSMOS_KEYS.holder });
  await page.goto(cosmosDemo.url);
  await connectWallet(page, COSMOS_WALLET_NAME);
  const signature = await signInDemo(page, 'cosmos');
  expect(JSON.parse(signature)).toMatchObject({ pub_key: { type: 'tendermint/PubKeySecp256k1' } });
  expect(verifyAdr36Signature({ signer: address, data: 'Hello from Latch', signature })).toBe(true);
  expect(verifyAdr36Signature({ signer: address, data: 'Hello from Latch!', signature })).toBe(false);
  const other = await cosmosAddress(cosmos, COSMOS_KEYS.sender);
  expect(verifyAdr36Signature({ signer: other, data: 'Hello from Latch', signature })).toBe(false);
});

test('cosmos: send 1.25 STAKE from the Account view: a MsgSend the node verified and put in a block, balances move', async ({
  page,
  cosmosDemo,
  cosmos,
  installCosmosWallet,
}) => {
  const from = await installCosmosWallet(page, { key: COSMOS_KEYS.sender });
  const to = await cosmosAddress(cosmos, '53'.repeat(32));
  const [fromBefore, toBefore] = [cosmos.balanceOf(from), cosmos.balanceOf(to)];
  await page.goto(cosmosDemo.url);
  await connectWallet(page, COSMOS_WALLET_NAME);
  await page.getByTestId('latch-account-button').click();
  // The adapter waits for the block (waitForTransfer), so the result is final.
  expect(await sendNative(page, { amount: '1.25', to, symbol: 'STAKE' })).toBe('confirmed');

  const amount = 1_250_000n;
  expect(cosmos.balanceOf(to)).toBe(toBefore + amount);
  const [hash, ...more] = await transfersTo(cosmos.rpcUrl, to);
  expect(more).toEqual([]);
  const transaction = cosmos.transaction(hash!);
  expect(transaction).toMatchObject({ code: 0 });
  expect(transaction!.height).toBeGreaterThan(0);
  expect(transaction!.fee).toBeGreaterThan(0n);
  expect(cosmos.balanceOf(from)).toBe(fromBefore - amount - transaction!.fee);
  expect(await cosmosPrompts(page)).toContain(`signDirect:${cosmos.chainId}`);

  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(dialog(page).getByTestId('latch-account-balance')).toHaveText(STAKE_TEXT(cosmos.balanceOf(from)));
});

test('cosmos: the wallet declines: declined state, still disconnected', async ({ page, cosmosDemo, installCosmosWallet }) => {
  await installCosmosWallet(page, { key: COSMOS_KEYS.holder, failures: { rejectConnect: true } });
  await page.goto(cosmosDemo.url);
  await expectDeclined(page, COSMOS_WALLET_NAME);
});

test('cosmos: reload restores the session silently: getKey only, no prompt', async ({ page, cosmosDemo, cosmos, installCosmosWallet }) => {
  const address = await installCosmosWallet(page, { key: COSMOS_KEYS.holder });
  await page.goto(cosmosDemo.url);
  await connectWallet(page, COSMOS_WALLET_NAME);
  expect(await cosmosPrompts(page)).toContain(`enable:${cosmos.chainId}`);
  await reloadAndExpectRestored(page, address);
  expect(await cosmosPrompts(page)).toEqual([]);
});
