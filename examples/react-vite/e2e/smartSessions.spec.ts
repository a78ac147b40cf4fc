import { startBundlerStack, startSmtpInbox } from '@latch/devnet';
import { serveDemo } from '../scripts/demoServer.mjs';
import { approvalFrame, approveInWallet, freePort, PROJECT, signInByEmail, startServiceFor, withStack } from './embeddedStack.js';
import { dialog, DIST_DIR, expect } from './fixtures.js';
import { rpc } from './helpers.js';

/*
 * Smart sessions (ERC-7715, `?features=smartSessions`) in Chromium, against the real ERC-4337 stack (EntryPoint v0.7,
 * the account factory, alto and the sponsoring paymaster on the worker's anvil): the demo grants its own key a session
 * (approved once in the wallet frame), sends with it (no approval), the visitor revokes it from the Account view
 * (approved in the frame), and the next session send is refused with a clear message.
 */

const sessionTest = withStack(async (rpcs, newDatabase) => {
  const stops: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    const bundler = await startBundlerStack({ anvil: { rpcUrl: rpcs.evm, chainId: 31337 } });
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
        chains: [{ chainId: 31337, rpcUrl: rpcs.evm, name: 'Local Devnet' }],
        embedded: {
          serviceUrl: service.url,
          projectId: PROJECT,
          smartAccount: { bundlerUrls: { 31337: bundler.bundlerUrl }, paymasterUrls: { 31337: bundler.paymasterUrl as string } },
        },
      },
    });
    stops.push(() => demo.close());
    return { url: `${demo.url}/?accountType=smartAccount&features=smartSessions`, inbox, rpcUrl: rpcs.evm, close };
  } catch (error) {
    await close();
    throw error;
  }
});

sessionTest(
  'grant a session from the demo (approved in the frame), send with it without an approval, revoke it from the Account view, then the session is refused',
  async ({ page, stack, chains }) => {
    await page.goto(stack.url);
    await signInByEmail(page, stack.inbox, `session-${Date.now().toString(36)}@example.com`);
    const smart = (await page.getByTestId('demo-address').textContent()) ?? '';
    expect(smart).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await rpc(stack.rpcUrl, 'anvil_setBalance', [smart, '0xde0b6b3a7640000']); // 1 ETH

    const to = chains.main.accounts[8]?.address as string;
    const balance = async () => BigInt(await rpc<string>(stack.rpcUrl, 'eth_getBalance', [to, 'latest']));
    const start = await balance();
    await page.getByLabel(/^Send to/).fill(to);
    await page.getByRole('button', { name: 'Grant a session' }).click();
    // The frame shows exactly what is granted, and until when.
    const rows = approvalFrame(page).locator('#rows');
    await expect(rows).toContainText(to, { ignoreCase: true });
    await expect(rows).toContainText('Send the native coin (no data)');
    await expect(rows).toContainText('0.01 ETH');
    await expect(rows).toContainText(/Expires\d{4}-\d\d-\d\d \d\d:\d\d UTC \(in (59|60) minutes\)/);
    await approveInWallet(page);
    await expect(dialog(page)).toBeHidden();
    const answer = page.getByTestId('demo-session-answer');
    await expect(answer).toContainText('Session granted until');

    // With the session key alone: no modal, no approval.
    await page.getByRole('button', { name: 'Send with the session' }).click();
    await expect(answer).toContainText(/^Sent with the session: 0x[0-9a-f]{64}$/);
    await expect(dialog(page)).toBeHidden();
    expect(await balance()).toBe(start + 1_000_000_000_000_000n);

    // Revoke from the Account view: the frame asks the visitor.
    await page.getByTestId('latch-account-button').click();
    const sessions = dialog(page).getByRole('region', { name: 'Sessions this site holds' });
    const revoke = sessions.getByRole('button', { name: /^Revoke the session of key 0x[0-9a-fA-F]{40} \(until .+\)$/ });
    await expect(revoke).toHaveCount(1);
    await revoke.click();
    await expect(approvalFrame(page).locator('#rows')).toContainText('The site’s key can no longer make any call from your smart account');
    await approveInWallet(page);
    await expect(page.getByTestId('latch-snackbar')).toHaveText('Session revoked');
    await expect(dialog(page).getByRole('region', { name: 'Sessions this site holds' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();

    await page.getByRole('button', { name: 'Send with the session' }).click();
    await expect(answer).toHaveAttribute('role', 'alert');
    await expect(answer).toContainText('The session call was refused (the session may be revoked or expired, or the call not granted)');
    expect(await balance()).toBe(start + 1_000_000_000_000_000n);
  },
);
