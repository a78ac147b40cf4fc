import { createEip155Verifier } from '@latch/siwx/server';
import { deployUniswap, loadUniswapArtifact, startAnvil, startBundlerStack, startSmtpInbox } from '@latch/devnet';
import type { Page } from '@playwright/test';
import { createPublicClient, createWalletClient, erc20Abi, http, parseAbiItem, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { serveDemo } from '../scripts/demoServer.mjs';
import { approvalFrame, approveInWallet, freePort, PROJECT, signInByEmail, startServiceFor, withStack } from './embeddedStack.js';
import { dialog, DIST_DIR, expect } from './fixtures.js';
import { balanceText, rpc } from './helpers.js';
import { activateNamespace } from './namespaceFlows.js';

/*
 * The embedded wallet's smart account in Chromium, against the real ERC-4337 stack: EntryPoint v0.7 and the account
 * factory on the worker's anvil, the alto bundler and the sponsoring paymaster service (devnet's startBundlerStack).
 * The page is opened with ?accountType=smartAccount (the demo's sessions otherwise start with the key). A chain of its
 * own: Uniswap's pools (for the approve + swap bundle) move prices and balances no other spec should see.
 */

const smartTest = withStack(async (rpcs, newDatabase) => {
  const stops: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    const anvil = await startAnvil({ chainId: 31337 });
    stops.push(() => anvil.stop());
    const contracts = anvil.contracts as NonNullable<typeof anvil.contracts>;
    const uniswap = await deployUniswap(anvil.rpcUrl, anvil.chainId, anvil.accounts[0]!, { token: contracts.token });
    const bundler = await startBundlerStack({ anvil: { rpcUrl: anvil.rpcUrl, chainId: 31337 }, paymaster: false });
    stops.push(() => bundler.stop());
    const inbox = await startSmtpInbox();
    stops.push(() => inbox.close());
    const port = await freePort();
    const service = await startServiceFor(port, inbox, await newDatabase());
    stops.push(() => service.close());
    const demo = await serveDemo({
      distDir: DIST_DIR,
      port,
      config: {
        // The worker's second chain has no bundler: the smart account is not offered there.
        chains: [
          { chainId: 31337, rpcUrl: anvil.rpcUrl, name: 'Local Devnet' },
          { chainId: 31338, rpcUrl: rpcs.evmSecond, name: 'Local Devnet 2' },
        ],
        token: contracts.token,
        embedded: { serviceUrl: service.url, projectId: PROJECT, smartAccount: { bundlerUrls: { 31337: bundler.bundlerUrl } } },
        swap: {
          weth: uniswap.weth,
          dollar: uniswap.dollar,
          v2: uniswap.v2,
          v3: { router: uniswap.v3.swapRouter, quoter: uniswap.v3.quoter, factory: uniswap.v3.factory },
        },
      },
    });
    stops.push(() => demo.close());
    return {
      url: `${demo.url}/?accountType=smartAccount`,
      inbox,
      rpcUrl: anvil.rpcUrl,
      anvil,
      uniswap,
      entryPoint: bundler.entryPoint,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
});

const email = () => `smart-${Date.now().toString(36)}@example.com`;

/** A new visitor signs in with an e-mail code and saves the recovery secret: connected on eip155. */
const signIn = (page: Page, stack: { inbox: Awaited<ReturnType<typeof startSmtpInbox>> }) => signInByEmail(page, stack.inbox, email());

async function signMessage(page: Page, message: string): Promise<`0x${string}`> {
  await page.locator('#demo-message').fill(message);
  await page.getByRole('button', { name: /^Sign with wallet \(eip155\)/ }).click();
  await expect(approvalFrame(page).locator('#text')).toHaveText(message);
  await approveInWallet(page);
  await expect(dialog(page)).toBeHidden();
  const signature = page.getByTestId('demo-signature');
  await expect(signature).not.toHaveText('');
  await expect(signature).not.toHaveAttribute('role', 'alert');
  return ((await signature.textContent()) ?? '') as `0x${string}`;
}

async function send(page: Page, to: string, amount: string): Promise<void> {
  await page.getByTestId('latch-account-button').click();
  const modal = dialog(page);
  await modal.getByTestId('latch-feature-WalletSend').click();
  await modal.getByRole('button', { name: /^Token/ }).click();
  await modal
    .getByTestId('latch-send-tokens')
    .getByRole('button', { name: /\bETH\b/ })
    .click();
  await modal.getByLabel(/^Amount/).fill(amount);
  await modal.getByRole('textbox', { name: 'To', exact: true }).fill(to);
  await modal.getByTestId('latch-send-review').click();
  await modal.getByTestId('latch-send-confirm').click();
  await expect(modal.getByTestId('latch-embedded-approve')).toHaveAttribute('data-kind', 'transaction');
  const rows = approvalFrame(page).locator('#rows');
  await expect(rows).toContainText(to, { ignoreCase: true });
  await expect(rows).toContainText(`Amount${amount} ETH`);
  await expect(rows).toContainText('(your smart account)');
  await approveInWallet(page);
  await expect(modal.getByTestId('latch-send-result')).toHaveAttribute('data-status', 'confirmed');
  await modal.getByRole('button', { name: 'Done' }).click();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
}

smartTest(
  'e-mail sign-in gives a smart account: its counterfactual address, a first send deploys it, a second from it; sign-in signatures verify before and after',
  async ({ page, stack }) => {
    await page.goto(stack.url);
    await signIn(page, stack);
    const smart = ((await page.getByTestId('demo-address').textContent()) ?? '') as `0x${string}`;
    expect(smart).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // Counterfactual: the page shows the account's address before any code is there.
    expect(await rpc<string>(stack.rpcUrl, 'eth_getCode', [smart, 'latest'])).toBe('0x');

    const verifier = createEip155Verifier({ rpcUrls: { 'eip155:31337': stack.rpcUrl } });
    const data = { address: smart, caipNetworkId: 'eip155:31337' } as Parameters<typeof verifier.verify>[0]['data'];
    const before = await signMessage(page, 'Sign in before deployment');
    expect(before.endsWith('6492'.repeat(16))).toBe(true);
    expect(await verifier.verify({ data, message: 'Sign in before deployment', signature: before })).toBe(true);

    await rpc(stack.rpcUrl, 'anvil_setBalance', [smart, '0xde0b6b3a7640000']); // 1 ETH
    await page.reload();
    await expect(page.getByTestId('demo-status')).toHaveText('connected');
    await activateNamespace(page, 'eip155');
    await expect(page.getByTestId('demo-address')).toHaveText(smart);
    const to = stack.anvil.accounts[7]?.address as string;
    const balance = async () => BigInt(await rpc<string>(stack.rpcUrl, 'eth_getBalance', [to, 'latest']));
    const start = await balance();
    await send(page, to, '0.01');
    expect(await balance()).toBe(start + 10_000_000_000_000_000n);
    expect(await rpc<string>(stack.rpcUrl, 'eth_getCode', [smart, 'latest'])).not.toBe('0x');
    await send(page, to, '0.02');
    expect(await balance()).toBe(start + 30_000_000_000_000_000n);

    const afterDeploy = await signMessage(page, 'Sign in after deployment');
    expect(afterDeploy.endsWith('6492'.repeat(16))).toBe(false);
    expect(await verifier.verify({ data, message: 'Sign in after deployment', signature: afterDeploy })).toBe(true);
  },
);

/** The address the Account view shows in full (its name's title). */
const accountAddress = (page: Page) => dialog(page).getByTestId('latch-account-name');

/** Opens the Account view and checks which account type is pressed. */
async function openAccount(page: Page, active: 'eoa' | 'smartAccount') {
  await page.getByTestId('latch-account-button').click();
  const modal = dialog(page);
  await expect(modal.getByTestId(`latch-account-type-${active}`)).toHaveAttribute('aria-pressed', 'true');
  await expect(modal.getByTestId(`latch-account-type-${active === 'eoa' ? 'smartAccount' : 'eoa'}`)).toHaveAttribute(
    'aria-pressed',
    'false',
  );
}

smartTest(
  "the Account view's switch: the key's address and balance, back to the smart account's, the choice kept over a reload; a network without a bundler shows the key as eoa; approve + swap as one atomic UserOperation",
  async ({ page, stack }) => {
    const { anvil, uniswap, rpcUrl } = stack;
    const token = anvil.contracts?.token as `0x${string}`;
    const client = createPublicClient({ transport: http(rpcUrl) });
    await page.goto(stack.url);
    await signIn(page, stack);
    const smart = ((await page.getByTestId('demo-address').textContent()) ?? '') as `0x${string}`;
    await openAccount(page, 'smartAccount');
    await expect(accountAddress(page)).toHaveAttribute('title', smart);

    // To the key, from the keyboard: the view and the page follow the other address.
    const toKey = dialog(page).getByTestId('latch-account-type-eoa');
    await toKey.focus();
    await page.keyboard.press('Enter');
    await expect(dialog(page).getByTestId('latch-account-type-eoa')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('demo-address')).not.toHaveText(smart);
    const key = ((await page.getByTestId('demo-address').textContent()) ?? '') as `0x${string}`;
    expect(key).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await expect(accountAddress(page)).toHaveAttribute('title', key);
    await page.keyboard.press('Escape');

    // Distinct balances on the chain for both accounts, and LDT for the swap on the smart one.
    await rpc(rpcUrl, 'anvil_setBalance', [smart, '0x112210f4768db400']); // 1.234 567 ETH
    await rpc(rpcUrl, 'anvil_setBalance', [key, '0x6f05b59d3b20000']); // 0.5 ETH
    const funder = createWalletClient({ account: privateKeyToAccount(anvil.accounts[0]!.privateKey), transport: http(rpcUrl) });
    const funding = await funder.writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [smart, parseEther('25')],
      chain: null,
    });
    await client.waitForTransactionReceipt({ hash: funding });

    // The visitor comes back once the 30 s balance cache is over (cleared here, not waited for): the key is still in use.
    await page.evaluate(() => {
      for (const name of Object.keys(localStorage)) if (name.endsWith('native_balance_cache')) localStorage.removeItem(name);
    });
    await page.reload();
    await expect(page.getByTestId('demo-status')).toHaveText('connected');
    await activateNamespace(page, 'eip155');
    await expect(page.getByTestId('demo-address')).toHaveText(key);
    await openAccount(page, 'eoa');
    await expect(accountAddress(page)).toHaveAttribute('title', key);
    const balanceOf = async (address: string) => balanceText(await client.getBalance({ address: address as `0x${string}` }), 18, 'ETH');
    await expect(dialog(page).getByTestId('latch-account-balance')).toHaveText(await balanceOf(key));

    // Back to the smart account: its address and its own balance.
    await dialog(page).getByTestId('latch-account-type-smartAccount').click();
    await expect(dialog(page).getByTestId('latch-account-type-smartAccount')).toHaveAttribute('aria-pressed', 'true');
    await expect(accountAddress(page)).toHaveAttribute('title', smart);
    await expect(page.getByTestId('demo-address')).toHaveText(smart);
    await expect(dialog(page).getByTestId('latch-account-balance')).toHaveText(await balanceOf(smart));

    // A network without a bundler uses the key: the wallet changes the address, the view follows with the right type.
    const modal = dialog(page);
    const changeNetwork = async (from: string, to: RegExp) => {
      await modal.getByRole('button', { name: new RegExp(`^${from}\\s*, change network$`) }).click();
      await modal.getByRole('button', { name: to }).click();
    };
    await changeNetwork('Local Devnet', /Local Devnet 2/);
    await expect(page.getByTestId('demo-network')).toHaveText('Local Devnet 2');
    await expect(page.getByTestId('demo-address')).toHaveText(key);
    await expect(accountAddress(page)).toHaveAttribute('title', key);
    await expect(modal.getByTestId('latch-account-type-eoa')).toHaveAttribute('aria-pressed', 'true');
    await expect(modal.getByTestId('latch-account-type-smartAccount')).toHaveCount(0);
    await expect(modal.getByText('Smart accounts are not available on Local Devnet 2.')).toBeVisible();
    await changeNetwork('Local Devnet 2', /^Local Devnet(?! 2)/);
    await expect(page.getByTestId('demo-address')).toHaveText(smart);
    await expect(accountAddress(page)).toHaveAttribute('title', smart);
    await expect(modal.getByTestId('latch-account-type-smartAccount')).toHaveAttribute('aria-pressed', 'true');

    // Swap 10 LDT for LUSD: the approval and the swap go out as one bundle, one approval in the wallet.
    await modal.getByRole('button', { name: 'Swap' }).click();
    await expect(modal.getByTestId('latch-Swap')).toBeVisible();
    for (const [side, query, symbol] of [
      ['from', 'ldt', 'LDT'],
      ['to', 'dollar', 'LUSD'],
    ] as const) {
      await modal.getByTestId(`latch-swap-${side}`).click();
      await modal.getByLabel('Search by name, symbol or address').fill(query);
      await modal.getByTestId(`latch-swap-token-${symbol}`).click();
    }
    await modal.getByLabel('You pay').fill('10');
    const { result } = await client.simulateContract({
      address: uniswap.v3.quoter,
      abi: loadUniswapArtifact('QuoterV2').abi,
      functionName: 'quoteExactInputSingle',
      args: [{ tokenIn: token, tokenOut: uniswap.dollar, amountIn: parseEther('10'), fee: 3000, sqrtPriceLimitX96: 0n }],
    });
    const amountOut = (result as readonly bigint[])[0] as bigint;
    await expect(modal.getByTestId('latch-swap-amount-out')).toHaveText(`${balanceText(amountOut, 6, 'LUSD')}`);
    const held = (address: `0x${string}`) => client.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [smart] });
    const [ldtBefore, lusdBefore] = await Promise.all([held(token), held(uniswap.dollar)]);
    const startBlock = await client.getBlockNumber();
    await modal.getByRole('button', { name: 'Approve LDT' }).click();
    await expect(approvalFrame(page).locator('#title')).toHaveText('Send 2 calls at once');
    await approveInWallet(page);
    const done = modal.getByTestId('latch-swap-result');
    await expect(done).toHaveAttribute('data-status', 'confirmed');
    expect(await held(token)).toBe(ldtBefore - parseEther('10'));
    expect(await held(uniswap.dollar)).toBe(lusdBefore + amountOut);

    // On the chain: one UserOperation from the smart account, in one transaction carrying both the approval and the swap.
    const range = { fromBlock: startBlock + 1n, toBlock: 'latest' as const };
    const operations = await client.getLogs({
      address: stack.entryPoint,
      event: parseAbiItem(
        'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
      ),
      args: { sender: smart },
      ...range,
    });
    expect(operations).toHaveLength(1);
    expect(operations[0]?.args.success).toBe(true);
    const approvals = await client.getLogs({
      address: token,
      event: parseAbiItem('event Approval(address indexed owner, address indexed spender, uint256 value)'),
      args: { owner: smart, spender: uniswap.v3.swapRouter },
      ...range,
    });
    const received = await client.getLogs({
      address: uniswap.dollar,
      event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
      args: { to: smart },
      ...range,
    });
    expect(approvals.map((log) => log.transactionHash)).toEqual([operations[0]?.transactionHash]);
    expect(received.map((log) => [log.transactionHash, log.args.value])).toEqual([[operations[0]?.transactionHash, amountOut]]);
  },
);
