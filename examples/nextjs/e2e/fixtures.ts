import { startEmbeddedWalletService } from '@latch/embedded-wallet-service';
import { expect, test as base, type Page } from '@playwright/test';
import {
  MOCK_WALLET_INFO,
  mockSolanaWalletInitScript,
  mockWalletInitScript,
  SET_UP_TIMEOUT_MS,
  solanaAddressFromSeed,
} from '@latch/testkit';
import { type BareAnvilFixture, type SolanaRpcFixture, type SmtpInbox, startAnvil, startSmtpInbox, startSolanaRpc } from '@latch/devnet';
import { freePort } from '@latch/devnet/services';
import { e2eAppDir } from '../scripts/appDir.mjs';
import { type NextExampleServer, startNextExample } from '../scripts/startServer.mjs';

export { expect };

/** The build every test serves: `npm test`'s copy installed from the tarballs, else this folder's (`npm run build`). */
const appDir = e2eAppDir();

/** A real ed25519 key (32-byte hex seed), funded by the fixture. */
export const SOLANA_SEED = '41'.repeat(32);
export const SOLANA_FUNDING_LAMPORTS = 2_000_000_000n;

type ExampleApp = Omit<NextExampleServer, 'stop'>;
/** The example started with an embedded wallet service (e-mail sign-in), its mail going to `inbox`. */
type EmbeddedApp = ExampleApp & { serviceUrl: string; inbox: SmtpInbox };
type WorkerFixtures = { anvil: BareAnvilFixture; solana: SolanaRpcFixture; app: ExampleApp; embeddedApp: EmbeddedApp };
type TestFixtures = {
  installWallet(page: Page, accountIndex?: number): Promise<string>;
  installSolanaWallet(page: Page): Promise<string>;
  /** Origins the page may reach (default: the `app`'s); a test against another server sets its own. */
  allowedOrigins: string[];
  /**
   * Problems the test provokes on purpose (e.g. a CSP violation), pushed by the test: `strictPage` lets what matches
   * one pass, and fails the test if one matched nothing.
   */
  expectedProblems: RegExp[];
  /** Fails the test on any console warning or error, CSP violation, page error or request to another host. */
  strictPage: undefined;
};

const EMBEDDED_PROJECT = 'latch-example-nextjs';
const EMBEDDED_SECRET = 'e2e-secret-of-the-nextjs-embedded-wallet-service-0123';

export const test = base.extend<TestFixtures, WorkerFixtures>({
  anvil: [
    async ({}, use) => {
      const anvil = await startAnvil({ chainId: 31337, deploy: false });
      try {
        await use(anvil);
      } finally {
        await anvil.stop();
      }
    },
    { scope: 'worker', timeout: SET_UP_TIMEOUT_MS },
  ],
  solana: [
    async ({}, use) => {
      const solana = await startSolanaRpc();
      try {
        solana.airdrop(await solanaAddressFromSeed(SOLANA_SEED), SOLANA_FUNDING_LAMPORTS);
        await use(solana);
      } finally {
        await solana.stop();
      }
    },
    { scope: 'worker', timeout: SET_UP_TIMEOUT_MS },
  ],
  app: [
    async ({ anvil, solana }, use) => {
      const server = await startNextExample({ eip155: anvil, solana, appDir });
      try {
        await use({ url: server.url, allowedOrigins: server.allowedOrigins });
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: SET_UP_TIMEOUT_MS },
  ],
  embeddedApp: [
    async ({ anvil, solana }, use) => {
      const stops: (() => Promise<unknown>)[] = [];
      try {
        const inbox = await startSmtpInbox();
        stops.push(() => inbox.close());
        // The app's port first: the service lets only that origin use the project.
        const port = await freePort();
        const service = await startEmbeddedWalletService({
          port: await freePort(),
          projects: [{ id: EMBEDDED_PROJECT, allowedOrigins: [`http://127.0.0.1:${port}`] }],
          smtp: { host: inbox.host, port: inbox.port, from: 'wallet@latch.test' },
          secret: EMBEDDED_SECRET,
        });
        stops.push(() => service.close());
        const server = await startNextExample({
          eip155: anvil,
          solana,
          appDir,
          port,
          env: { LATCH_EMBEDDED_SERVICE_URL: service.url, LATCH_EMBEDDED_PROJECT_ID: EMBEDDED_PROJECT },
        });
        stops.push(() => server.stop());
        await use({ url: server.url, allowedOrigins: [...server.allowedOrigins, service.url], serviceUrl: service.url, inbox });
      } finally {
        for (const stop of stops.reverse()) await stop().catch(() => undefined);
      }
    },
    { scope: 'worker', timeout: SET_UP_TIMEOUT_MS },
  ],
  installWallet: async ({ anvil }, use) => {
    await use(async (page, accountIndex = 0) => {
      const account = anvil.accounts[accountIndex];
      if (!account) throw new Error(`anvil has no account ${accountIndex}`);
      const chains = [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl, name: 'Local Devnet' }];
      const options = { privateKey: account.privateKey, chains, chainId: anvil.chainId };
      await page.addInitScript({ content: mockWalletInitScript({ wallets: [{ info: MOCK_WALLET_INFO, options }] }) });
      return account.address;
    });
  },
  installSolanaWallet: async ({ solana }, use) => {
    await use(async (page) => {
      const wallet = {
        secretKeySeed: SOLANA_SEED,
        name: 'Latch Solana Test Wallet',
        chains: [{ chain: solana.caipNetworkId, rpcUrl: solana.rpcUrl }],
      };
      await page.addInitScript({ content: mockSolanaWalletInitScript({ wallets: [wallet] }) });
      return solanaAddressFromSeed(SOLANA_SEED);
    });
  },
  allowedOrigins: async ({ app }, use) => use(app.allowedOrigins),
  expectedProblems: async ({}, use) => use([]),
  strictPage: [
    async ({ page, allowedOrigins, expectedProblems }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') problems.push(`console.${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
      });
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol === 'data:' || url.protocol === 'blob:') return;
        if (!allowedOrigins.includes(url.origin)) problems.push(`request to a host not configured: ${request.url()}`);
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await use(undefined);
      const expected = (problem: string) => expectedProblems.some((pattern) => pattern.test(problem));
      expect(problems.filter((problem) => !expected(problem))).toEqual([]);
      for (const pattern of expectedProblems)
        expect(
          problems.some((problem) => pattern.test(problem)),
          String(pattern),
        ).toBe(true);
    },
    { auto: true },
  ],
});

export const dialog = (page: Page) => page.getByRole('dialog');
