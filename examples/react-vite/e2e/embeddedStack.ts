// What the two embedded-wallet specs share: the service's project and secret, the built frame app, free ports, the
// recovery step and the worker fixture that starts a stack once per worker and always stops it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmbeddedWalletService } from '@latch/embedded-wallet-service';
import { codeOf, type startSmtpInbox } from '@latch/devnet';
import type { FrameLocator, Page } from '@playwright/test';
import { dialog, expect, LAZY_SET_UP, openConnect, test } from './fixtures.js';
import { audit } from './helpers.js';
import { activateNamespace } from './namespaceFlows.js';

export const PROJECT = 'latch-demo';
export const FRAME_DIR = new URL('../../../service-embedded-wallet/dist/frame/', import.meta.url).pathname;
export const SECRET = 'e2e-secret-of-the-embedded-wallet-service-0123456789';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const recoveryFrame = (page: Page) => page.frameLocator('[data-testid="latch-embedded-recovery-frame"]');

/** The wallet's own approval page (on the service's origin) that the ApproveTransaction view shows. */
export const approvalFrame = (page: Page) => dialog(page).frameLocator('[data-testid="latch-embedded-approve-frame"]');

/**
 * The visitor approves the request in the wallet's approval page once it accepts input (in plain view for a moment;
 * from the keyboard, a moment after focus arrived), by pointer or by Enter.
 */
export async function approveInWallet(page: Page, options: { keyboard?: boolean } = {}): Promise<FrameLocator> {
  const frame = approvalFrame(page);
  const approve = frame.getByRole('button', { name: 'Approve' });
  await expect(approve).toHaveAttribute('aria-disabled', 'false');
  if (options.keyboard) {
    await approve.focus();
    await expect(approve).toHaveAttribute('data-keyboard-ready', 'true');
    await page.keyboard.press('Enter');
  } else {
    await approve.click();
  }
  return frame;
}

/** A new account: the recovery frame shows the secret; the visitor confirms they saved it. Returns the secret. */
export async function saveRecoverySecret(page: Page, options: { audit?: boolean } = {}): Promise<string> {
  await expect(dialog(page).getByTestId('latch-embedded-recovery')).toHaveAttribute('data-mode', 'save');
  const frame = recoveryFrame(page);
  const secret = frame.locator('#secret');
  await expect(secret).not.toHaveText('');
  const text = (await secret.textContent()) ?? '';
  if (options.audit) await audit(page, 'Save your recovery secret view');
  await frame.getByLabel('I have saved my recovery secret').check();
  await frame.getByRole('button', { name: 'I have saved it' }).click();
  return text;
}

/** The local RPCs a stack's demo page is configured with. */
export interface StackRpcs {
  evm: string;
  /** The worker's second eip155 chain (31338). */
  evmSecond: string;
  solana: string;
  caipNetworkId: `solana:${string}`;
}

/**
 * An empty database (its connection string) on the worker's PostgreSQL server, for one embedded wallet service. Why
 * not the service's default, an in-memory PGlite: each PGlite boots PostgreSQL compiled to WebAssembly in the test's
 * own process, several CPU seconds per service and a quarter of these specs' CPU; a database on a server that is
 * already running costs a `CREATE DATABASE`. Operators run the service on PostgreSQL too.
 */
export type NewDatabase = () => Promise<string>;

/**
 * The test with a `stack` started by `start` once per worker (the first test that asks starts it) and closed when the
 * spec's tests in that worker are done (a spec's tests run in one worker, in order), else when the worker ends: one of
 * the worker's `resources`, so the spec shares the workers of the other specs. Closing it with the spec matters: a
 * stack's bundler polls its chain every second and would keep doing so through every later spec. `start` gets the
 * local RPCs and `newDatabase` for its services; a test that starts a stack of its own takes `newDatabase` from its
 * fixtures. Call it once per spec file, at its top level.
 */
export function withStack<S extends { close(): Promise<void> }>(start: (rpcs: StackRpcs, newDatabase: NewDatabase) => Promise<S>) {
  test.afterAll(({ resources }) => resources.release(start));
  return test.extend<{ stack: S; newDatabase: NewDatabase }>({
    newDatabase: async ({ postgres }, use) => use(() => postgres.createDatabase()),
    stack: [
      async ({ resources, chains, solana, newDatabase }, use) => {
        const rpcs = {
          evm: chains.main.rpcUrl,
          evmSecond: chains.second.rpcUrl,
          solana: solana.rpcUrl,
          caipNetworkId: solana.caipNetworkId,
        };
        await use(await resources.get(start, () => start(rpcs, newDatabase)));
      },
      LAZY_SET_UP,
    ],
  });
}

type Inbox = Awaited<ReturnType<typeof startSmtpInbox>>;

/**
 * The embedded wallet service on a free port for the demo served on `demoPort`, sending its codes to `inbox`, keeping
 * its data in `database` (a connection string).
 */
export function startServiceFor(demoPort: number, inbox: Inbox, database: string) {
  return freePort().then((port) =>
    startEmbeddedWalletService({
      port,
      database,
      projects: [{ id: PROJECT, allowedOrigins: [`http://127.0.0.1:${demoPort}`] }],
      smtp: { host: inbox.host, port: inbox.port, from: 'wallet@latch.test' },
      secret: SECRET,
      frameDir: FRAME_DIR,
      rateLimits: { sendPerIp: [{ max: 500, windowMs: 3_600_000 }], sendPerAddress: [{ max: 1, windowMs: 1_000 }] },
    }),
  );
}

/** A new visitor (`address`) signs in with an e-mail code and saves the recovery secret: connected on eip155. */
export async function signInByEmail(page: Page, inbox: Inbox, address: string): Promise<void> {
  const after = inbox.messages.length;
  await openConnect(page);
  const field = dialog(page).getByRole('textbox', { name: 'Email' });
  await field.fill(address);
  await field.press('Enter');
  const mail = await inbox.waitFor({ to: address }, { after });
  await dialog(page)
    .getByRole('textbox', { name: 'Code' })
    .fill(codeOf(mail) as string);
  await saveRecoverySecret(page);
  await expect(page.getByTestId('demo-status')).toHaveText('connected');
  await activateNamespace(page, 'eip155');
}
