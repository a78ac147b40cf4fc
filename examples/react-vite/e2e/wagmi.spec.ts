import { MOCK_WALLET_INFO } from '@latch/testkit';
import { createPublicClient, erc20Abi, http, verifyMessage } from 'viem';
import { SPENDER, WAGMI_MESSAGE } from '../src/wagmi/WagmiApp.js';
import { dialog, expect, openConnect, test } from './fixtures.js';
import { requestLog, rpc, shortAddress, watchForeignRequests, WALLET_NAME } from './helpers.js';

// wagmi.html: a page written with wagmi hooks only (plus Latch's Connect button), with `latchConnector(modal)` as
// its one wagmi connector. Everything it shows is what wagmi's hooks return; the chain's answers come from anvil.

const wei = async (rpcUrl: string, address: string) => BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [address, 'latest'])).toString();
const walletChain = (page: import('@playwright/test').Page) =>
  page.evaluate(
    (rdns) => (window as unknown as { __latchMockWallets: Record<string, { chainId: number }> }).__latchMockWallets[rdns]?.chainId,
    MOCK_WALLET_INFO.rdns,
  );

test('wagmi hooks follow the wallet Latch connects: balance, a contract write, a signature, both chains, disconnect on either side', async ({
  page,
  demo,
  chains,
  installWallet,
}) => {
  const foreign = watchForeignRequests(page);
  await installWallet(page);
  await page.goto(`${demo.url}/wagmi.html`);
  await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected');
  // Nothing is asked of the wallet before the visitor acts.
  expect(await requestLog(page)).toEqual([]);

  // wagmi's connect opens the Latch modal; the visitor picks the wallet there.
  await page.getByRole('button', { name: 'Connect with wagmi' }).click();
  await dialog(page)
    .getByRole('button', { name: new RegExp(WALLET_NAME) })
    .click();
  await expect(dialog(page)).toBeHidden();
  const address = chains.main.accounts[0]!.address;
  await expect(page.getByTestId('wagmi-status')).toHaveText('connected');
  await expect(page.getByTestId('wagmi-address')).toHaveText(address);
  await expect(page.getByTestId('wagmi-chain')).toHaveText('31337');
  await expect(page.getByTestId('latch-account-button')).toContainText(shortAddress(address));

  // useBalance reads anvil through wagmi's transport: the node's own figure.
  await expect(page.getByTestId('wagmi-balance')).toHaveText(await wei(chains.main.rpcUrl, address));

  // useSignMessage signs with the wallet Latch connected: the signature verifies for that address.
  await page.getByRole('button', { name: 'Sign with wagmi' }).click();
  await expect(page.getByTestId('wagmi-signature')).toHaveText(/^0x[0-9a-f]{130}$/);
  const signature = (await page.getByTestId('wagmi-signature').textContent()) as `0x${string}`;
  expect(await verifyMessage({ address, message: WAGMI_MESSAGE, signature })).toBe(true);

  // useWriteContract sends through the same wallet to anvil; the receipt and the allowance are read from anvil.
  const anvil = createPublicClient({ transport: http(chains.main.rpcUrl) });
  await page.getByRole('button', { name: 'Approve 1 LDT with wagmi' }).click();
  await expect(page.getByTestId('wagmi-receipt')).toHaveText('success');
  const hash = (await page.getByTestId('wagmi-tx').textContent()) as `0x${string}`;
  const receipt = await anvil.getTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  expect(receipt.from).toBe(address.toLowerCase());
  expect(receipt.to).toBe(chains.main.contracts.token.toLowerCase());
  const allowance = await anvil.readContract({
    address: chains.main.contracts.token,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [address, SPENDER],
  });
  expect(allowance).toBe(10n ** 18n);

  // useSwitchChain moves the wallet, Latch and wagmi to the second anvil, and back.
  await page.getByRole('button', { name: 'Switch to Local Devnet 2 with wagmi' }).click();
  await expect(page.getByTestId('wagmi-chain')).toHaveText('31338');
  expect(await walletChain(page)).toBe(31338);
  await expect(page.getByTestId('wagmi-balance')).toHaveText(await wei(chains.second.rpcUrl, address));
  await page.getByRole('button', { name: 'Switch to Local Devnet with wagmi' }).click();
  await expect(page.getByTestId('wagmi-chain')).toHaveText('31337');
  expect(await walletChain(page)).toBe(31337);

  // Disconnecting in wagmi: Latch's button is back to "Connect Wallet".
  await page.getByRole('button', { name: 'Disconnect with wagmi' }).click();
  await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected');
  await expect(page.getByTestId('latch-connect-button')).toBeVisible();

  // Connecting with Latch's own button connects wagmi; disconnecting in Latch's Account view disconnects it.
  await openConnect(page);
  await dialog(page)
    .getByRole('button', { name: new RegExp(WALLET_NAME) })
    .click();
  await expect(page.getByTestId('wagmi-status')).toHaveText('connected');
  await expect(page.getByTestId('wagmi-address')).toHaveText(address);
  await page.getByTestId('latch-account-button').click();
  await dialog(page).getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected');
  await expect(page.getByTestId('wagmi-address')).toHaveText('');

  // wagmi and viem asked no host but the page's own and the configured local chains.
  expect(foreign).toEqual([]);
});

test("closing the Latch modal rejects wagmi's connect as the visitor's refusal", async ({ page, demo, installWallet }) => {
  await installWallet(page);
  await page.goto(`${demo.url}/wagmi.html`);
  await page.getByRole('button', { name: 'Connect with wagmi' }).click();
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByTestId('wagmi-connect-error')).toContainText('User rejected the request');
  await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected');
  expect(await requestLog(page)).toEqual([]);
});

test('after a reload wagmi reconnects to the wallet Latch restores, with no wallet popup', async ({
  page,
  demo,
  chains,
  installWallet,
}) => {
  await installWallet(page);
  await page.goto(`${demo.url}/wagmi.html`);
  await openConnect(page);
  await dialog(page)
    .getByRole('button', { name: new RegExp(WALLET_NAME) })
    .click();
  await expect(page.getByTestId('wagmi-status')).toHaveText('connected');
  await page.reload();
  const address = chains.main.accounts[0]!.address;
  await expect(page.getByTestId('wagmi-status')).toHaveText('connected');
  await expect(page.getByTestId('wagmi-address')).toHaveText(address);
  expect(await requestLog(page)).not.toContain('eth_requestAccounts');
});
