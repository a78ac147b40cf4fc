import { startEmbeddedWalletService } from '@latch/embedded-wallet-service';
import { createEip155Verifier } from '@latch/siwx/server';
import { codeOf, startBundlerStack, startSmtpInbox } from '@latch/testkit';
import type { Page } from '@playwright/test';
import { serveDemo } from '../scripts/demoServer.mjs';
import { approvalFrame, approveInWallet, FRAME_DIR, freePort, PROJECT, SECRET, saveRecoverySecret, withStack } from './embeddedStack.js';
import { dialog, DIST_DIR, expect, openConnect } from './fixtures.js';
import { rpc } from './helpers.js';
import { activateNamespace } from './namespaceFlows.js';

/*
 * The embedded wallet's smart account in Chromium, against the real ERC-4337 stack: EntryPoint v0.7 and the account
 * factory on the worker's anvil, the alto bundler and the sponsoring paymaster service (testkit's startBundlerStack).
 * The page is opened with ?accountType=smartAccount (the demo's sessions otherwise start with the key).
 */

const smartTest = withStack(async (rpcs) => {
  const stops: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    const bundler = await startBundlerStack({ anvil: { rpcUrl: rpcs.evm, chainId: 31337 }, paymaster: false });
    stops.push(() => bundler.stop());
    const inbox = await startSmtpInbox();
    stops.push(() => inbox.close());
    const port = await freePort();
    const service = await startEmbeddedWalletService({
      port: await freePort(),
      projects: [{ id: PROJECT, allowedOrigins: [`http://127.0.0.1:${port}`] }],
      smtp: { host: inbox.host, port: inbox.port, from: 'wallet@latch.test' },
      secret: SECRET,
      frameDir: FRAME_DIR,
      rateLimits: { sendPerIp: [{ max: 500, windowMs: 3_600_000 }], sendPerAddress: [{ max: 1, windowMs: 1_000 }] },
    });
    stops.push(() => service.close());
    const demo = await serveDemo({
      distDir: DIST_DIR,
      port,
      config: {
        chains: [{ chainId: 31337, rpcUrl: rpcs.evm, name: 'Local Devnet' }],
        embedded: { serviceUrl: service.url, projectId: PROJECT, smartAccount: { bundlerUrls: { 31337: bundler.bundlerUrl } } },
      },
    });
    stops.push(() => demo.close());
    return { url: `${demo.url}/?accountType=smartAccount`, inbox, rpcUrl: rpcs.evm, close };
  } catch (error) {
    await close();
    throw error;
  }
});

const email = () => `smart-${Date.now().toString(36)}@example.com`;

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
  async ({ page, stack, chains }) => {
    await page.goto(stack.url);
    const after = stack.inbox.messages.length;
    const address = email();
    await openConnect(page);
    const field = dialog(page).getByRole('textbox', { name: 'Email' });
    await field.fill(address);
    await field.press('Enter');
    const mail = await stack.inbox.waitFor({ to: address }, { after });
    await dialog(page)
      .getByRole('textbox', { name: 'Code' })
      .fill(codeOf(mail) as string);
    await saveRecoverySecret(page);
    await expect(page.getByTestId('demo-status')).toHaveText('connected');
    await activateNamespace(page, 'eip155');
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
    const to = chains.main.accounts[7]?.address as string;
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
