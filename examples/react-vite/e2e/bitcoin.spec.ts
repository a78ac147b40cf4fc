// Issue 13, bip122: the mock sats-connect wallet (real secp256k1 keys) on a bcoin regtest node behind Esplora.
import { verifyBitcoinMessageSignature } from '@latch/testkit';
import { dialog, expect, test } from './fixtures.js';
import { balanceText, shortAddress } from './helpers.js';
import { connectWallet, expectDeclined, reloadAndExpectRestored, sendNative, signInDemo } from './namespaceFlows.js';
import { BITCOIN_FUNDING_SATS, BITCOIN_KEYS, BITCOIN_WALLET_NAME, bitcoinAddress, bitcoinRequests } from './namespaceWallets.js';

const BTC_TEXT = (sats: bigint) => balanceText(sats, 8, 'BTC');

interface EsploraUtxo {
  txid: string;
  vout: number;
  value: number;
  status: { confirmed: boolean };
}

async function esplora<T>(esploraUrl: string, path: string): Promise<T> {
  const response = await fetch(`${esploraUrl}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

test('bitcoin: connect the sats-connect wallet: the Account view shows the payment address and the regtest balance', async ({
  page,
  bitcoinDemo,
  bitcoin,
  installBitcoinWallet,
}) => {
  const address = await installBitcoinWallet(page, { key: BITCOIN_KEYS.holder });
  expect(address).toMatch(/^bcrt1q/);
  expect(await bitcoin.balanceOf(address)).toBe(BITCOIN_FUNDING_SATS);
  await page.goto(bitcoinDemo.url);
  await connectWallet(page, BITCOIN_WALLET_NAME);
  await expect(page.getByTestId('demo-address')).toHaveText(address);
  await expect(page.getByTestId('demo-network')).toHaveText('Bitcoin Regtest');
  await page.getByTestId('latch-account-button').click();
  await expect(dialog(page).getByTestId('latch-account-name')).toHaveText(shortAddress(address));
  await expect(dialog(page).getByTestId('latch-account-balance')).toHaveText(BTC_TEXT(BITCOIN_FUNDING_SATS));
  await expect(dialog(page).getByTestId('latch-account-balance')).toHaveText('0.750 BTC');
});

test('bitcoin: sign a message: a BIP-322 signature that an independent verifier accepts for the payment address', async ({
  page,
  bitcoinDemo,
  installBitcoinWallet,
}) => {
  const address = await installBitcoinWallet(page, { key: BITCOIN_KEYS.holder });
  await page.goto(bitcoinDemo.url);
  await connectWallet(page, BITCOIN_WALLET_NAME);
  const signature = await signInDemo(page, 'bip122');
  expect(signature).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
  expect(verifyBitcoinMessageSignature({ address, message: 'Hello from Latch', signature })).toBe(true);
  expect(verifyBitcoinMessageSignature({ address, message: 'Hello from Latch!', signature })).toBe(false);
  expect(verifyBitcoinMessageSignature({ address: bitcoinAddress(BITCOIN_KEYS.sender), message: 'Hello from Latch', signature })).toBe(
    false,
  );
});

test('bitcoin: send 0.1 BTC from the Account view: the wallet signs and broadcasts, the node accepts it, a block confirms it', async ({
  page,
  bitcoinDemo,
  bitcoin,
  installBitcoinWallet,
}) => {
  const from = await installBitcoinWallet(page, { key: BITCOIN_KEYS.sender });
  const to = bitcoinAddress('43'.repeat(32));
  const [fromBefore, toBefore] = [await bitcoin.balanceOf(from), await bitcoin.balanceOf(to)];
  await page.goto(bitcoinDemo.url);
  await connectWallet(page, BITCOIN_WALLET_NAME);
  await page.getByTestId('latch-account-button').click();
  await sendNative(page, { amount: '0.1', to, symbol: 'BTC' });

  // In the node's mempool: the receiver holds the amount, the sender paid it and a fee.
  const amount = 10_000_000n;
  expect(await bitcoin.balanceOf(to)).toBe(toBefore + amount);
  const fee = fromBefore - amount - (await bitcoin.balanceOf(from));
  expect(fee).toBeGreaterThan(0n);
  expect(fee).toBeLessThan(100_000n);
  const pending = await esplora<EsploraUtxo[]>(bitcoin.esploraUrl, `/address/${to}/utxo`);
  expect(pending).toEqual([expect.objectContaining({ value: Number(amount), status: expect.objectContaining({ confirmed: false }) })]);
  const transaction = await esplora<{ fee: number }>(bitcoin.esploraUrl, `/tx/${pending[0]!.txid}`);
  expect(BigInt(transaction.fee)).toBe(fee);

  // A block later it is confirmed.
  await bitcoin.mine(1);
  const status = await esplora<{ confirmed: boolean }>(bitcoin.esploraUrl, `/tx/${pending[0]!.txid}/status`);
  expect(status.confirmed).toBe(true);

  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(dialog(page).getByTestId('latch-account-balance')).toHaveText(BTC_TEXT(await bitcoin.balanceOf(from)));
});

test('bitcoin: Max spends every coin into one output, no change: the review shows the amount and the fee the chain then counts; the sender keeps 0', async ({
  page,
  bitcoinDemo,
  bitcoin,
  installBitcoinWallet,
}) => {
  const from = await installBitcoinWallet(page, { key: BITCOIN_KEYS.maxer });
  await bitcoin.fund(from, 1_234_567n);
  await bitcoin.fund(from, 89_012n);
  const to = bitcoinAddress('45'.repeat(32));
  const coins = await esplora<EsploraUtxo[]>(bitcoin.esploraUrl, `/address/${from}/utxo`);
  const held = coins.reduce((sum, coin) => sum + BigInt(coin.value), 0n);
  await page.goto(bitcoinDemo.url);
  await connectWallet(page, BITCOIN_WALLET_NAME);
  await page.getByTestId('latch-account-button').click();
  const modal = dialog(page);
  await modal.getByTestId('latch-feature-WalletSend').click();
  await modal.getByRole('textbox', { name: 'To', exact: true }).fill(to);
  await modal.getByRole('button', { name: 'Max BTC' }).click();
  await expect(modal.getByLabel(/^Amount/)).not.toHaveValue('');
  await modal.getByTestId('latch-send-review').click();
  const sats = (text: string) => {
    const [integer = '0', fraction = ''] = text.replace(/ BTC$/, '').split('.');
    return BigInt(integer + fraction.padEnd(8, '0'));
  };
  await expect(modal.getByTestId('latch-send-fee')).toHaveText(/^0\.\d+ BTC$/);
  const amount = sats((await modal.getByTestId('latch-send-amount').textContent()) ?? '');
  const fee = sats((await modal.getByTestId('latch-send-fee').textContent()) ?? '');
  expect(amount + fee).toBe(held);
  await modal.getByTestId('latch-send-confirm').click();
  await expect(modal.getByTestId('latch-send-result')).toHaveAttribute('data-status', 'submitted');

  const [payment] = await esplora<EsploraUtxo[]>(bitcoin.esploraUrl, `/address/${to}/utxo`);
  const transaction = await esplora<{ fee: number; vin: unknown[]; vout: { value: number }[] }>(bitcoin.esploraUrl, `/tx/${payment!.txid}`);
  expect(transaction.vin).toHaveLength(coins.length);
  expect(transaction.vout.map((output) => BigInt(output.value))).toEqual([amount]);
  expect(BigInt(transaction.fee)).toBe(fee);
  expect(await bitcoin.balanceOf(from)).toBe(0n);
});

test('bitcoin: the wallet declines: declined state, still disconnected', async ({ page, bitcoinDemo, installBitcoinWallet }) => {
  await installBitcoinWallet(page, { key: BITCOIN_KEYS.holder, failures: { rejectConnect: true } });
  await page.goto(bitcoinDemo.url);
  await expectDeclined(page, BITCOIN_WALLET_NAME);
  expect(await bitcoinRequests(page)).toContain('wallet_connect');
});

test('bitcoin: reload restores the session silently: wallet_getAccount, never wallet_connect', async ({
  page,
  bitcoinDemo,
  installBitcoinWallet,
}) => {
  const address = await installBitcoinWallet(page, { key: BITCOIN_KEYS.holder });
  await page.goto(bitcoinDemo.url);
  await connectWallet(page, BITCOIN_WALLET_NAME);
  expect(await bitcoinRequests(page)).toContain('wallet_connect');
  await reloadAndExpectRestored(page, address);
  const afterReload = await bitcoinRequests(page);
  expect(afterReload).toContain('wallet_getAccount');
  expect(afterReload).not.toContain('wallet_connect');
  expect(afterReload).not.toContain('getAddresses');
});
