import { startEmbeddedWalletService, type RunningEmbeddedWalletService } from '@latch/embedded-wallet-service';
import { startSmtpInbox, codeOf, type SmtpInbox } from '@latch/devnet';
import type { Browser, Page } from '@playwright/test';
import { formatEther, verifyMessage } from 'viem';
import { serveDemo } from '../scripts/demoServer.mjs';
import {
  approvalFrame,
  approveInWallet,
  FRAME_DIR,
  PROJECT,
  SECRET,
  type StackRpcs,
  freePort,
  recoveryFrame,
  saveRecoverySecret,
  type NewDatabase,
  withStack,
} from './embeddedStack.js';
import { dialog, DIST_DIR, expect, openConnect, test } from './fixtures.js';
import { activateNamespace } from './namespaceFlows.js';
import { audit, auditFrame, rpc, verifySolanaSignature } from './helpers.js';
import { checkLayout, overflowHostPage, SCREENS } from './layout.js';

interface Stack {
  url: string;
  /** Stops the service alone (the demo keeps serving the page's chunks). */
  stopService(): Promise<void>;
  /** Starts the service again on its port with a new, empty database: every session it knew is gone. */
  restartService(): Promise<void>;
  serviceUrl: string;
  inbox: SmtpInbox;
  /** Origins the page may reach: itself, the service and the loopback RPCs. */
  origins: string[];
  /** The same demo served with `csp` on its page, on a second origin the project also allows. */
  strictUrl(csp: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * The inbox, the service (allowing the demo's origin, its data in a database of its own) and the demo registering the
 * connector; always stopped.
 */
async function startStack(
  rpcs: StackRpcs,
  newDatabase: NewDatabase,
  options: { otpExpiresInSeconds?: number; resendWindowMs?: number; allowDemo?: boolean } = {},
): Promise<Stack> {
  const stops: (() => Promise<unknown>)[] = [];
  try {
    const inbox = await startSmtpInbox();
    stops.push(() => inbox.close());
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const strictPort = await freePort();
    const serviceOptions: Parameters<typeof startEmbeddedWalletService>[0] = {
      port: await freePort(),
      database: await newDatabase(),
      projects: [
        {
          id: PROJECT,
          allowedOrigins: options.allowDemo === false ? ['https://app.example.com'] : [origin, `http://127.0.0.1:${strictPort}`],
        },
      ],
      smtp: { host: inbox.host, port: inbox.port, from: 'wallet@latch.test' },
      secret: SECRET,
      // The built frame app (Part B's `vite.frame.config.ts` output), as an integrator's install serves it.
      frameDir: FRAME_DIR,
      otpExpiresInSeconds: options.otpExpiresInSeconds,
      // Every test signs in from 127.0.0.1: the per-IP hourly cap is raised so the suite stays under it.
      // The service's own 30 s rule per address is its unit tests' (the page's cooldown is tested here): a second
      // browser signs in with the same address seconds after the first.
      rateLimits: {
        sendPerIp: [{ max: 500, windowMs: 3_600_000 }],
        sendPerAddress: [{ max: 1, windowMs: options.resendWindowMs ?? 1_000 }],
      },
    };
    let service: RunningEmbeddedWalletService = await startEmbeddedWalletService(serviceOptions);
    stops.push(() => service.close());
    const demoConfig = {
      chains: [{ chainId: 31337, rpcUrl: rpcs.evm, name: 'Local Devnet' }],
      solana: { rpcUrl: rpcs.solana, caipNetworkId: rpcs.caipNetworkId },
      embedded: { serviceUrl: service.url, projectId: PROJECT },
    };
    const demo = await serveDemo({ distDir: DIST_DIR, port, config: demoConfig });
    stops.push(() => demo.close());
    return {
      url: demo.url,
      stopService: () => service.close(),
      restartService: async () => {
        await service.close();
        service = await startEmbeddedWalletService({ ...serviceOptions, database: await newDatabase() });
      },
      strictUrl: async (csp) => {
        const strict = await serveDemo({
          distDir: DIST_DIR,
          port: strictPort,
          config: demoConfig,
          pageHeaders: { 'content-security-policy': csp },
        });
        stops.push(() => strict.close());
        return strict.url;
      },
      serviceUrl: service.url,
      inbox,
      origins: [demo.url, service.url, new URL(rpcs.evm).origin, new URL(rpcs.solana).origin],
      close: async () => {
        for (const stop of stops.reverse()) await stop().catch(() => undefined);
      },
    };
  } catch (error) {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    throw error;
  }
}

const embeddedTest = withStack((rpcs, newDatabase) => startStack(rpcs, newDatabase));

let mailbox = 0;
/** A fresh address per sign-up: the service limits codes per address. */
const newEmail = (label: string) => `${label}-${Date.now().toString(36)}-${mailbox++}@example.com`;

/** Every origin the page requested, and anything outside the allowed set. */
function watchOrigins(page: Page, allowed: string[]): { all: Set<string>; foreign: string[] } {
  const all = new Set<string>();
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.protocol.startsWith('http')) return;
    all.add(url.origin);
    if (!allowed.includes(url.origin)) foreign.push(request.url());
  });
  return { all, foreign };
}

async function typeEmail(page: Page, email: string) {
  await openConnect(page);
  const field = dialog(page).getByRole('textbox', { name: 'Email' });
  await field.fill(email);
  await field.press('Enter');
}

/** Types the address, reads the code from the inbox and enters it. */
async function signIn(page: Page, inbox: SmtpInbox, email: string, options: { audit?: boolean } = {}) {
  const after = inbox.messages.length;
  await typeEmail(page, email);
  const mail = await inbox.waitFor({ to: email }, { after });
  const code = codeOf(mail);
  expect(code).toMatch(/^\d{6}$/);
  const input = dialog(page).getByRole('textbox', { name: 'Code' });
  await expect(input).toBeFocused();
  if (options.audit) await audit(page, 'OTP view');
  await input.fill(code as string);
}

async function signUp(page: Page, stack: Stack, email: string, options: { audit?: boolean } = {}): Promise<string> {
  await signIn(page, stack.inbox, email, options);
  const secret = await saveRecoverySecret(page, options);
  await expect(page.getByTestId('demo-status')).toHaveText('connected');
  return secret;
}

async function addressOf(page: Page, namespace: string): Promise<string> {
  await activateNamespace(page, namespace);
  return (await page.getByTestId('demo-address').textContent()) ?? '';
}

/**
 * Asks the demo to sign; the ApproveTransaction view shows the wallet's own approval page with the message, the site
 * and the account, approved there from the keyboard.
 */
async function signApproved(page: Page, namespace: string, message: string, options: { audit?: boolean } = {}): Promise<string> {
  await page.locator('#demo-message').fill(message);
  await page.getByRole('button', { name: new RegExp(`^Sign with wallet \\(${namespace}\\)`) }).click();
  const view = dialog(page).getByTestId('latch-embedded-approve');
  await expect(view).toBeVisible();
  await expect(dialog(page).getByRole('heading', { name: 'Sign Message' })).toBeVisible();
  const frame = approvalFrame(page);
  await expect(frame.locator('#text')).toHaveText(message);
  await expect(frame.locator('#origin')).toHaveText(new URL(page.url()).origin);
  await expect(frame.locator('#account')).toHaveText((await page.getByTestId('demo-address').textContent()) ?? '');
  if (options.audit) {
    await checkLayout(page, 'ApproveTransaction');
    await audit(page, 'ApproveTransaction view');
    await auditFrame(page, '/frame/approve', 'the approval page');
  }
  await approveInWallet(page, { keyboard: true });
  await expect(dialog(page)).toBeHidden();
  const signature = page.getByTestId('demo-signature');
  await expect(signature).not.toHaveText('');
  await expect(signature).not.toHaveAttribute('role', 'alert');
  return (await signature.textContent()) ?? '';
}

embeddedTest(
  'sign up by e-mail: code from the inbox, secret saved, one wallet on eip155 and solana; signatures verify; reload restores; sign out ends both',
  async ({ page, stack }) => {
    const { all, foreign } = watchOrigins(page, stack.origins);
    const frameMessages: unknown[] = [];
    await page.exposeFunction('__latchSeen', (data: unknown) => void frameMessages.push(data));
    await page.addInitScript(() =>
      window.addEventListener('message', (event) => (window as unknown as { __latchSeen(d: unknown): void }).__latchSeen(event.data)),
    );
    await page.goto(stack.url);
    await expect(page.getByTestId('latch-connect-button')).toBeVisible();
    // §1: nothing asked of the service, no frame, before the visitor acts.
    expect([...all]).not.toContain(stack.serviceUrl);
    expect(await page.locator('iframe').count()).toBe(0);

    const email = newEmail('ada');
    await openConnect(page);
    const emailField = dialog(page).getByRole('textbox', { name: 'Email' });
    await expect(emailField).toBeVisible();
    // §9 order with no installed wallet shown: e-mail first, then the wallets; the connector is no wallet row.
    const allWallets = dialog(page).getByRole('button', { name: 'All Wallets' });
    expect((await emailField.boundingBox())!.y).toBeLessThan((await allWallets.boundingBox())!.y);
    await expect(dialog(page).getByRole('button', { name: /^Email/ })).toHaveCount(0);
    await audit(page, 'Connect view with the e-mail field');
    await page.keyboard.press('Escape');
    const secret = await signUp(page, stack, email, { audit: true });
    expect(secret.length).toBeGreaterThan(20);

    const evm = (await addressOf(page, 'eip155')) as `0x${string}`;
    expect(evm).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const evmSignature = (await signApproved(page, 'eip155', 'Hello from the embedded wallet', { audit: true })) as `0x${string}`;
    expect(await verifyMessage({ address: evm, message: 'Hello from the embedded wallet', signature: evmSignature })).toBe(true);

    const sol = await addressOf(page, 'solana');
    expect(sol).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    const solSignature = await signApproved(page, 'solana', 'Hello, Solana');
    expect(await verifySolanaSignature(sol, 'Hello, Solana', solSignature)).toBe(true);

    // The Account view shows both, with balances (a fresh wallet: 0).
    await page.getByTestId('latch-account-button').click();
    for (const ns of ['eip155', 'solana']) await expect(dialog(page).getByTestId(`latch-namespace-${ns}`)).toBeVisible();
    await expect(dialog(page).getByTestId('latch-account')).toContainText(/0(\.0+)? SOL/);
    await page.keyboard.press('Escape');

    // Reload: restored silently, the same addresses, no code asked.
    const mails = stack.inbox.messages.length;
    await page.reload();
    await expect(page.getByTestId('demo-status')).toHaveText('connected');
    expect(await addressOf(page, 'eip155')).toBe(evm);
    expect(await addressOf(page, 'solana')).toBe(sol);
    expect(stack.inbox.messages.length).toBe(mails);

    // §4 shared session: disconnecting solana ends eip155 too; a reload stays signed out.
    await page.getByTestId('latch-account-button').click();
    // One session: one honest button ("Disconnect"), never "Disconnect Solana" as if it ended Solana alone.
    await expect(dialog(page).getByRole('button', { name: /^Disconnect / })).toHaveCount(0);
    await dialog(page).getByRole('button', { name: 'Disconnect', exact: true }).click();
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected');
    // Nothing is left connected: the modal closes rather than showing an empty Account view.
    await expect(dialog(page)).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('latch-connect-button')).toBeVisible();
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected');

    // The host page never saw the secret, a share or a token; only the protocol's own messages.
    const text = JSON.stringify(frameMessages);
    expect(text).not.toContain(secret);
    expect(text).not.toMatch(/authShare|privateKey|token/i);
    expect(foreign).toEqual([]);
  },
);

embeddedTest.describe('on a phone', () => {
  embeddedTest.use(SCREENS.phone);
  for (const theme of ['dark', 'light'] as const) {
    embeddedTest(
      `the e-mail steps keep the layout rules; the recovery step wears the modal's ${theme} theme and needs no scrolling`,
      async ({ page, stack }) => {
        await page.goto(`${stack.url}/?theme=${theme}`);
        await overflowHostPage(page);
        await openConnect(page);
        const modal = dialog(page);
        const field = modal.getByRole('textbox', { name: 'Email' });
        await checkLayout(page, 'Connect with e-mail');

        // A wrong address: the error sits under its field, above the button, and the form keeps one height.
        await field.fill('not-an-address');
        await field.press('Enter');
        const error = modal.getByTestId('latch-embedded-email-error');
        await expect(error).toHaveText('Enter a valid e-mail address');
        const [fieldBox, errorBox, buttonBox] = await Promise.all(
          [field, error, modal.getByTestId('latch-embedded-email-submit')].map((l) => l.boundingBox()),
        );
        expect(errorBox!.y).toBeGreaterThanOrEqual(fieldBox!.y + fieldBox!.height);
        expect(errorBox!.y + errorBox!.height).toBeLessThanOrEqual(buttonBox!.y);
        expect(Math.round(fieldBox!.width)).toBe(Math.round(buttonBox!.width));
        await checkLayout(page, 'Connect with e-mail, refused');

        const email = newEmail('phone');
        const after = stack.inbox.messages.length;
        await field.fill(email);
        await field.press('Enter');
        const code = codeOf(await stack.inbox.waitFor({ to: email }, { after }));
        await expect(modal.getByRole('heading', { name: 'Confirm Email' })).toBeVisible();
        await checkLayout(page, 'Confirm Email');
        await modal.getByRole('textbox', { name: 'Code' }).fill(code as string);

        const frame = recoveryFrame(page);
        await expect(frame.locator('#secret')).not.toHaveText('');
        const report = await checkLayout(page, 'Save Recovery Secret');
        expect(report.title).toBe('Save Recovery Secret');
        // One heading for the eye (the modal's title); the page's own is for screen readers.
        expect((await frame.locator('#show-title').boundingBox())!.width).toBeLessThanOrEqual(1);
        // The page wears the modal's colours: its background is the dialog's.
        const dialogBackground = await modal.evaluate((el) => getComputedStyle(el).backgroundColor);
        expect(await frame.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(dialogBackground);
        // Everything the step needs is in view at 375 px: the page does not scroll.
        expect(await frame.locator('html').evaluate((el) => el.scrollHeight <= innerHeight)).toBe(true);
        const frameBox = (await page.locator('[data-testid="latch-embedded-recovery-frame"]').boundingBox())!;
        const saved = (await frame.getByRole('button', { name: 'I have saved it' }).boundingBox())!;
        expect(saved.y + saved.height).toBeLessThanOrEqual(frameBox.y + frameBox.height);
        await auditFrame(page, '/frame/recovery', `recovery page (${theme})`);
        await frame.getByLabel('I have saved my recovery secret').check();
        await frame.getByRole('button', { name: 'I have saved it' }).click();
        await expect(page.getByTestId('demo-status')).toHaveText('connected');
      },
    );
  }
});

embeddedTest('a wrong code says so; pasting the whole code submits it', async ({ page, stack }) => {
  await page.goto(stack.url);
  const email = newEmail('grace');
  const after = stack.inbox.messages.length;
  await typeEmail(page, email);
  const code = codeOf(await stack.inbox.waitFor({ to: email }, { after })) as string;
  const input = dialog(page).getByRole('textbox', { name: 'Code' });
  const wrong = code === '000000' ? '111111' : '000000';
  await input.fill(wrong);
  await expect(dialog(page).getByTestId('latch-embedded-otp-error')).toHaveText('Invalid code');
  await expect(input).toHaveValue('');
  // A paste of the full code (with a space, as mail clients copy it) submits it at once.
  await input.focus();
  await page.evaluate(
    async (text) => {
      const el = document.querySelector('latch-modal')?.shadowRoot?.querySelector('input[autocomplete="one-time-code"]');
      const data = new DataTransfer();
      data.setData('text/plain', text);
      el?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    ` ${code.slice(0, 3)} ${code.slice(3)} `,
  );
  await saveRecoverySecret(page);
  await expect(page.getByTestId('demo-status')).toHaveText('connected');
  // The code is single-use: replayed to the service (as the frame would send it), it is refused.
  const replay = await fetch(`${stack.serviceUrl}/api/auth/sign-in/email-otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-latch-project': PROJECT, 'x-latch-host-origin': new URL(stack.url).origin },
    body: JSON.stringify({ email, otp: code }),
  });
  expect(replay.status).toBeGreaterThanOrEqual(400);
  expect(replay.status).toBeLessThan(500);
});

embeddedTest(
  'a locked code (3 wrong guesses) says one thing: "request a new code", in every sentence about it',
  async ({ page, stack }) => {
    await page.goto(stack.url);
    const email = newEmail('locked');
    const after = stack.inbox.messages.length;
    await typeEmail(page, email);
    const code = codeOf(await stack.inbox.waitFor({ to: email }, { after })) as string;
    const input = dialog(page).getByRole('textbox', { name: 'Code' });
    const error = dialog(page).getByTestId('latch-embedded-otp-error');
    for (const wrong of ['000000', '111111', '222222', '333333'].filter((c) => c !== code).slice(0, 3)) {
      await input.fill(wrong);
      await expect(error).toHaveText('Invalid code');
      await expect(input).toHaveValue('');
    }
    // The right code, too late: the service locked it.
    await input.fill(code);
    await expect(error).toHaveText('Too many attempts: request a new code');
    // The cooldown note beside it uses the same words.
    const view = dialog(page).getByTestId('latch-embedded-otp');
    await expect(view).toContainText(/You can request a new code in \d+ s\./);
    const phrases = (await view.innerText()).match(/\b\w+(?: for)? a new code\b/g);
    expect(phrases).toEqual(['request a new code', 'request a new code']);
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected');
  },
);

embeddedTest(
  'a method the wallet does not answer: the app gets 4200, the modal opens and says "Action not allowed"',
  async ({ page, stack }) => {
    await page.goto(stack.url);
    await signUp(page, stack, newEmail('refused'));
    await activateNamespace(page, 'eip155');
    // A method the wallet answers: no word to the visitor.
    const answer = page.getByTestId('demo-request-answer');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(answer).toHaveText('"0x7a69"');
    await expect(dialog(page)).toBeHidden();
    // One it does not: the app's error, and the visitor told in the modal.
    await page.getByLabel('Method (eip155)').fill('eth_sign');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(answer).toHaveText('4200: Requested RPC call is not allowed: the embedded wallet does not support eth_sign');
    await expect(dialog(page)).toBeVisible();
    await expect(page.getByTestId('latch-snackbar')).toHaveText('Action not allowed');
    await expect(page.getByTestId('demo-status')).toHaveText('connected');
  },
);

embeddedTest(
  'a session the service no longer knows: on the next visit the modal says "Session Expired", disconnected',
  async ({ page, stack }) => {
    await page.goto(stack.url);
    await signUp(page, stack, newEmail('expired-session'));
    await stack.restartService();
    await page.reload();
    const alert = dialog(page).getByTestId('latch-alert');
    await expect(alert).toContainText('Session Expired');
    await expect(alert).toContainText('Invalid session found: check your time settings and connect again');
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected');
    await expect(dialog(page).getByRole('textbox', { name: 'Email' })).toBeVisible();
  },
);

embeddedTest('an expired code, and "Resend code" with its 30 s cooldown', async ({ page, chains, solana, newDatabase }) => {
  const stack = await startStack(
    { evm: chains.main.rpcUrl, evmSecond: chains.second.rpcUrl, solana: solana.rpcUrl, caipNetworkId: solana.caipNetworkId },
    newDatabase,
    { otpExpiresInSeconds: 2, resendWindowMs: 1_000 },
  );
  try {
    await page.clock.install();
    await page.goto(stack.url);
    const email = newEmail('expired');
    const after = stack.inbox.messages.length;
    await typeEmail(page, email);
    const code = codeOf(await stack.inbox.waitFor({ to: email }, { after })) as string;
    await page.waitForTimeout(2_500);
    const input = dialog(page).getByRole('textbox', { name: 'Code' });
    await input.fill(code);
    await expect(dialog(page).getByTestId('latch-embedded-otp-error')).toHaveText('The code has expired');

    // Within 30 s of the last code: the §8 message, and no mail.
    const resend = dialog(page).getByRole('button', { name: 'Resend code' });
    const count = stack.inbox.messages.length;
    await resend.click();
    await expect(dialog(page).getByTestId('latch-embedded-otp-error')).toHaveText(/^Please try again after \d+ seconds$/);
    expect(stack.inbox.messages.length).toBe(count);

    // After the cooldown: a new code, which signs in.
    await page.clock.fastForward(31_000);
    await resend.click();
    const fresh = codeOf(await stack.inbox.waitFor({ to: email }, { after: count })) as string;
    await expect(dialog(page).getByText(`A new code was sent to ${email}.`)).toBeVisible();
    await input.fill(fresh);
    await saveRecoverySecret(page);
    await expect(page.getByTestId('demo-status')).toHaveText('connected');
  } finally {
    await stack.close();
  }
});

embeddedTest(
  'a second browser recovers the same addresses with the e-mail code and the recovery secret',
  async ({ page, stack, browser }) => {
    await page.goto(stack.url);
    const email = newEmail('second');
    const secret = await signUp(page, stack, email);
    const evm = await addressOf(page, 'eip155');
    const sol = await addressOf(page, 'solana');

    const other = await (browser as Browser).newContext();
    try {
      const second = await other.newPage();
      await second.goto(stack.url);
      await signIn(second, stack.inbox, email);
      await expect(dialog(second).getByTestId('latch-embedded-recovery')).toHaveAttribute('data-mode', 'enter');
      const frame = recoveryFrame(second);
      // A wrong secret is refused, clearly.
      await frame.getByRole('textbox', { name: 'Recovery secret' }).fill('latch1-not-a-secret');
      await frame.getByRole('button', { name: 'Recover wallet' }).click();
      await expect(frame.locator('#secret-error')).not.toHaveText('');
      await audit(second, 'Enter your recovery secret view');
      await frame.getByRole('textbox', { name: 'Recovery secret' }).fill(secret);
      await frame.getByRole('button', { name: 'Recover wallet' }).click();
      await expect(second.getByTestId('demo-status')).toHaveText('connected');
      expect(await addressOf(second, 'eip155')).toBe(evm);
      expect(await addressOf(second, 'solana')).toBe(sol);
      await activateNamespace(second, 'eip155');
      const signature = (await signApproved(second, 'eip155', 'recovered')) as `0x${string}`;
      expect(await verifyMessage({ address: evm as `0x${string}`, message: 'recovered', signature })).toBe(true);
    } finally {
      await other.close();
    }
  },
);

embeddedTest('a send approved in ApproveTransaction lands on anvil; a rejected one is never signed', async ({ page, stack, chains }) => {
  await page.goto(stack.url);
  await signUp(page, stack, newEmail('sender'));
  const from = (await addressOf(page, 'eip155')) as `0x${string}`;
  await rpc(chains.main.rpcUrl, 'anvil_setBalance', [from, '0xde0b6b3a7640000']); // 1 ETH
  // A reload restores the session and reads the new balance.
  await page.reload();
  await expect(page.getByTestId('demo-status')).toHaveText('connected');
  await activateNamespace(page, 'eip155');
  const to = chains.main.accounts[7]!.address;
  const before = BigInt(await rpc<string>(chains.main.rpcUrl, 'eth_getBalance', [to, 'latest']));

  // The Send view drives the adapter, which asks the embedded provider: ApproveTransaction shows what is sent.
  await page.getByTestId('latch-account-button').click();
  const modal = dialog(page);
  await modal.getByTestId('latch-feature-WalletSend').click();
  await modal.getByRole('button', { name: /^Token/ }).click();
  await modal
    .getByTestId('latch-send-tokens')
    .getByRole('button', { name: /\bETH\b/ })
    .click();
  await modal.getByLabel(/^Amount/).fill('0.01');
  await modal.getByRole('textbox', { name: 'To', exact: true }).fill(to);
  await modal.getByTestId('latch-send-review').click();
  await modal.getByTestId('latch-send-confirm').click();
  const approve = modal.getByTestId('latch-embedded-approve');
  await expect(approve).toHaveAttribute('data-kind', 'transaction');
  await expect(modal.getByRole('heading', { name: 'Approve Transaction' })).toBeVisible();
  // The wallet's own page says what is sent, to whom, on which chain, and the most the fee can be.
  const rows = approvalFrame(page).locator('#rows');
  await expect(rows).toContainText(to, { ignoreCase: true });
  await expect(rows).toContainText('Amount0.01 ETH');
  await expect(rows).toContainText('NetworkLocal development chain (chain 31337)');
  const feeShown = /Network fee \(at most\)([0-9.]+) ETH/.exec((await rows.textContent()) ?? '')?.[1];
  await audit(page, 'ApproveTransaction view (send)');
  await auditFrame(page, '/frame/approve', 'the approval page (send)');
  await approveInWallet(page);
  await expect(modal.getByTestId('latch-send-result')).toHaveAttribute('data-status', 'confirmed');
  expect(BigInt(await rpc<string>(chains.main.rpcUrl, 'eth_getBalance', [to, 'latest']))).toBe(before + 10_000_000_000_000_000n);
  // The fee shown is the one the signed transaction carries: its gas × its max fee per gas, read from the chain.
  const sent = await rpc<{ gas: string; maxFeePerGas: string }>(chains.main.rpcUrl, 'eth_getTransactionByBlockNumberAndIndex', [
    'latest',
    '0x0',
  ]);
  expect(feeShown).toBe(formatEther(BigInt(sent.gas) * BigInt(sent.maxFeePerGas)));
  await modal.getByRole('button', { name: 'Done' }).click();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();

  // Rejected from the keyboard in the wallet's page: the request fails with 4001, nothing is signed.
  await page.locator('#demo-message').fill('never signed');
  await page.getByRole('button', { name: /^Sign with wallet \(eip155\)/ }).click();
  const reject = approvalFrame(page).getByRole('button', { name: 'Reject' });
  await expect(approvalFrame(page).locator('#text')).toHaveText('never signed');
  await reject.focus();
  await expect(reject).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByTestId('demo-signature')).toHaveAttribute('role', 'alert');
});

embeddedTest(
  'a SOL send approved in ApproveTransaction (its instructions shown) lands on the local Solana RPC',
  async ({ page, stack, solana }) => {
    await page.goto(stack.url);
    await signUp(page, stack, newEmail('solsender'));
    const from = await addressOf(page, 'solana');
    solana.airdrop(from, 1_000_000_000n);
    const to = 'HcRYLTP6kLmX9ezqJVmbbhqBP2EyfZzbqPfxCw9ja7tG';
    const lamports = async (address: string) => BigInt((await rpc<{ value: number }>(solana.rpcUrl, 'getBalance', [address])).value);
    const before = await lamports(to);
    // A reload restores the session and reads the new balance.
    await page.reload();
    await expect(page.getByTestId('demo-status')).toHaveText('connected');
    await activateNamespace(page, 'solana');
    await page.getByTestId('latch-account-button').click();
    const modal = dialog(page);
    await modal.getByTestId('latch-feature-WalletSend').click();
    await modal.getByRole('button', { name: /^Token/ }).click();
    await modal
      .getByTestId('latch-send-tokens')
      .getByRole('button', { name: /\bSOL\b/ })
      .click();
    await modal.getByLabel(/^Amount/).fill('0.1');
    await modal.getByRole('textbox', { name: 'To', exact: true }).fill(to);
    await modal.getByTestId('latch-send-review').click();
    await modal.getByTestId('latch-send-confirm').click();
    const approve = modal.getByTestId('latch-embedded-approve');
    await expect(approve).toHaveAttribute('data-kind', 'solanaTransaction');
    await expect(approvalFrame(page).locator('#rows')).toContainText(`Transfer 0.1 SOL from ${from} to ${to}`);
    await audit(page, 'ApproveTransaction view (solana)');
    await approveInWallet(page);
    await expect(modal.getByTestId('latch-send-result')).not.toHaveAttribute('data-status', 'failed');
    await expect.poll(() => lamports(to)).toBe(before + 100_000_000n);
  },
);

embeddedTest(
  'an origin not on the project allowlist gets "Invalid App Configuration"; nothing lost',
  async ({ page, chains, solana, newDatabase }) => {
    const stack = await startStack(
      { evm: chains.main.rpcUrl, evmSecond: chains.second.rpcUrl, solana: solana.rpcUrl, caipNetworkId: solana.caipNetworkId },
      newDatabase,
      { allowDemo: false },
    );
    try {
      await page.goto(stack.url);
      await typeEmail(page, 'someone@example.com');
      await expect(page.getByTestId('latch-alert')).toContainText('Invalid App Configuration');
      await expect(dialog(page).getByTestId('latch-embedded-email-error')).toHaveText('Unauthorized: origin not allowed');
      // Nothing lost: the address is still typed, no frame was made, no mail went out.
      await expect(dialog(page).getByRole('textbox', { name: 'Email' })).toHaveValue('someone@example.com');
      expect(await page.locator('iframe').count()).toBe(0);
      expect(stack.inbox.messages.length).toBe(0);
    } finally {
      await stack.close();
    }
  },
);

embeddedTest('the service down: the §8 network alert, the modal still usable', async ({ page, chains, solana, newDatabase }) => {
  const stack = await startStack(
    { evm: chains.main.rpcUrl, evmSecond: chains.second.rpcUrl, solana: solana.rpcUrl, caipNetworkId: solana.caipNetworkId },
    newDatabase,
  );
  try {
    await page.goto(stack.url);
    await stack.stopService();
    await typeEmail(page, 'down@example.com');
    await expect(page.getByTestId('latch-alert')).toContainText('Network Error - Could not load embedded wallet');
    await expect(dialog(page).getByTestId('latch-embedded-email-error')).toHaveText('Network Error - Could not load embedded wallet');
    await expect(dialog(page).getByRole('textbox', { name: 'Email' })).toHaveValue('down@example.com');
    await expect(dialog(page).getByRole('button', { name: 'Continue with email' })).toBeEnabled();
  } finally {
    await stack.close();
  }
});

embeddedTest(
  'a hostile host script cannot read the key: the frame is cross-origin, bad messages get clear errors, replies carry no key material',
  async ({ page, stack }) => {
    await page.goto(stack.url);
    const secret = await signUp(page, stack, newEmail('hostile'));
    const evm = await addressOf(page, 'eip155');
    const probe = await page.evaluate(
      async ([serviceOrigin, address]) => {
        const frame = document.querySelector<HTMLIFrameElement>('iframe[data-latch-embedded="frame"]');
        const target = frame?.contentWindow;
        if (!frame || !target) return { found: false };
        const attempt = (read: () => unknown) => {
          try {
            read();
            return 'readable';
          } catch (error) {
            return (error as Error).name;
          }
        };
        const storage = {
          localStorage: attempt(() => (target as Window).localStorage),
          indexedDB: attempt(() => (target as Window).indexedDB.databases()),
          document: attempt(() => (target as Window).document.body),
          contentDocument: frame.contentDocument === null ? 'null' : 'readable',
        };
        const replies: { id?: string; type?: string }[] = [];
        let settle = () => {};
        // Done once the refused requests are answered and the frame asked the visitor about the signature.
        const answered = new Promise<void>((resolve) => {
          settle = () => {
            const seen = new Set(replies.map((reply) => reply.id));
            if (
              [ids.exportKey, ids.badOtp, ids.unknownMethod].every((wanted) => seen.has(wanted)) &&
              replies.some((reply) => reply.type === 'approval:required')
            )
              resolve();
          };
        });
        const listener = (event: MessageEvent) => {
          if (event.origin !== serviceOrigin || event.source !== target) return;
          replies.push(event.data);
          settle();
        };
        window.addEventListener('message', listener);
        const id = () => [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
        const send = (message: unknown) => target.postMessage(message, serviceOrigin);
        const base = { latch: 'embedded', v: 1 };
        const ids = { exportKey: id(), badOtp: id(), oversized: id(), unknownMethod: id(), sign: id() };
        send({ ...base, id: ids.exportKey, type: 'wallet:export', payload: {} });
        send({ ...base, id: ids.badOtp, type: 'email:otp', payload: { otp: '12' } });
        send({ ...base, id: ids.oversized, type: 'email:connect', payload: { email: `${'a'.repeat(70_000)}@example.com` } });
        send({
          ...base,
          id: ids.unknownMethod,
          type: 'rpc:request',
          payload: { namespace: 'eip155', chainId: 31337, method: 'eth_private_key', params: [] },
        });
        send({
          ...base,
          id: ids.sign,
          type: 'rpc:request',
          payload: { namespace: 'eip155', chainId: 31337, method: 'personal_sign', params: ['0x6869', address] },
        });
        send('not an envelope');
        await answered;
        window.removeEventListener('message', listener);
        return { found: true, storage, ids, replies };
      },
      [new URL(stack.serviceUrl).origin, evm] as const,
    );
    expect(probe.found).toBe(true);
    // The page cannot reach the frame origin's storage or document.
    expect(probe.storage).toEqual({
      localStorage: 'SecurityError',
      indexedDB: 'SecurityError',
      document: 'SecurityError',
      contentDocument: 'null',
    });
    const replies = probe.replies as { id: string; type: string; payload: { message?: string; code?: unknown; result?: unknown } }[];
    const reply = (id: string) => replies.find((r) => r.id === id);
    const ids = probe.ids as { exportKey: string; badOtp: string; oversized: string; unknownMethod: string; sign: string };
    // There is no message that exports a key: an unknown type, a malformed code and an unknown method are refused, clearly.
    expect(reply(ids.exportKey)?.type).toBe('wallet:export:error');
    expect(reply(ids.exportKey)?.payload.message).toBeTruthy();
    expect(reply(ids.badOtp)?.type).toBe('email:otp:error');
    expect(reply(ids.badOtp)?.payload.message).toMatch(/6 digits/);
    expect(reply(ids.unknownMethod)?.type).toBe('rpc:request:error');
    expect(reply(ids.unknownMethod)?.payload.code).toBe(4200);
    // An oversized message is dropped or refused, never acted on.
    expect(reply(ids.oversized)?.type ?? 'dropped').not.toBe('email:connect:success');
    // Asking for a signature gets no signature: the wallet asks the visitor in its own page instead.
    expect(reply(ids.sign)).toBeUndefined();
    expect(replies.filter((r) => r.type === 'approval:required')).toHaveLength(1);
    await expect(dialog(page).getByTestId('latch-embedded-approve')).toHaveAttribute('data-kind', 'message');
    expect(JSON.stringify(replies)).not.toContain(secret);
  },
);

embeddedTest(
  'a host page with a strict CSP (frame-src the service, connect-src the RPCs and the service) works',
  async ({ page, stack }) => {
    const [, serviceUrl, evmRpc, solanaRpc] = stack.origins;
    const csp = ["default-src 'self'", `frame-src ${serviceUrl}`, `connect-src 'self' ${evmRpc} ${solanaRpc} ${serviceUrl}`].join('; ');
    // Every CSP violation the page reports (none expected).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __latchCsp: string[] }).__latchCsp = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(
          `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${event.sample}`,
        ),
      );
    });
    await page.goto(await stack.strictUrl(csp));
    await signUp(page, stack, newEmail('csp'));
    const evm = (await addressOf(page, 'eip155')) as `0x${string}`;
    const signature = (await signApproved(page, 'eip155', 'strict CSP')) as `0x${string}`;
    expect(await verifyMessage({ address: evm, message: 'strict CSP', signature })).toBe(true);
    // Nothing was refused: no frame, connection, script or style violation (the modal, its loading shell and the
    // connector's views style themselves with constructed sheets). Only images are left: the modal's data: icons
    // need `img-src data:`, which this host chose not to allow; they are attached to the report, not failed on.
    const violations = await page.evaluate(() => (window as unknown as { __latchCsp: string[] }).__latchCsp);
    expect(violations.filter((v) => !/^img-src /.test(v))).toEqual([]);
    if (violations.length) test.info().annotations.push({ type: 'csp-violations', description: violations.join('\n') });
  },
);

/** A hostile script on the host page: finds the wallet's hidden frame and asks it to sign, as the review's probe did. */
async function hostileSign(page: Page, requests: { method: string; params: unknown }[]): Promise<void> {
  await page.evaluate(
    ({ asks }) => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[data-latch-embedded]');
      if (!frame?.contentWindow) throw new Error('no wallet frame');
      const seen: unknown[] = ((window as unknown as { hostileSeen: unknown[] }).hostileSeen ??= []);
      window.addEventListener('message', (event) => {
        if (event.source === frame.contentWindow) seen.push(event.data);
      });
      const origin = new URL(frame.src).origin;
      for (const ask of asks) {
        const id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
        frame.contentWindow.postMessage(
          {
            latch: 'embedded',
            v: 1,
            id,
            type: 'rpc:request',
            payload: { namespace: 'eip155', chainId: 31337, method: ask.method, params: ask.params },
          },
          origin,
        );
      }
    },
    { asks: requests },
  );
}

const hostileSeen = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { hostileSeen?: { type?: string; payload?: { code?: number } }[] }).hostileSeen ?? []).map((m) => m),
  );

embeddedTest(
  'a script on the host page gets no signature: the visitor sees its request in the wallet and rejects it; after a reload the same',
  async ({ page, stack, chains }) => {
    await page.goto(stack.url);
    await signUp(page, stack, newEmail('target'));
    const from = (await addressOf(page, 'eip155')) as `0x${string}`;
    await rpc(chains.main.rpcUrl, 'anvil_setBalance', [from, '0xde0b6b3a7640000']);
    const nonceBefore = await rpc<string>(chains.main.rpcUrl, 'eth_getTransactionCount', [from, 'latest']);
    const drain = {
      method: 'eth_signTransaction',
      params: [
        {
          from,
          to: '0x000000000000000000000000000000000000dEaD',
          value: '0xde0b6b3a7640000',
          nonce: nonceBefore,
          gas: '0x5208',
          maxFeePerGas: '0x77359400',
          maxPriorityFeePerGas: '0x3b9aca00',
          chainId: '0x7a69',
        },
      ],
    };
    for (const round of ['now', 'after a reload']) {
      await hostileSign(page, [drain]);
      // The wallet shows the request to the visitor, in its own page, in plain words: nothing is signed behind their back.
      const modal = dialog(page);
      await expect(modal.getByTestId('latch-embedded-approve'), round).toHaveAttribute('data-kind', 'transaction');
      const rows = approvalFrame(page).locator('#rows');
      await expect(rows).toContainText('To0x000000000000000000000000000000000000dEaD');
      await expect(rows).toContainText('Amount1 ETH');
      expect(
        (await hostileSeen(page)).filter((message) => message.type === 'rpc:request:success'),
        round,
      ).toEqual([]);
      // The visitor reads it (the page accepts input once it has been in plain view for a moment), then rejects it.
      await expect(approvalFrame(page).getByRole('button', { name: 'Approve' })).toHaveAttribute('aria-disabled', 'false');
      await approvalFrame(page).getByRole('button', { name: 'Reject' }).click();
      await expect
        .poll(async () => (await hostileSeen(page)).find((message) => message.type === 'rpc:request:error')?.payload?.code)
        .toBe(4001);
      await expect(modal).toBeHidden();
      expect(await rpc<string>(chains.main.rpcUrl, 'eth_getTransactionCount', [from, 'latest'])).toBe(nonceBefore);
      expect(BigInt(await rpc<string>(chains.main.rpcUrl, 'eth_getBalance', [from, 'latest']))).toBe(10n ** 18n);
      if (round === 'now') {
        await page.reload();
        await expect(page.getByTestId('demo-status')).toHaveText('connected');
        await activateNamespace(page, 'eip155');
      }
    }
  },
);
