import { expect, test as base, type Page } from '@playwright/test';
import {
  type BareAnvilFixture,
  MOCK_WALLET_INFO,
  mockSolanaWalletInitScript,
  mockWalletInitScript,
  SET_UP_TIMEOUT_MS,
  type SolanaRpcFixture,
  solanaAddressFromSeed,
  startAnvil,
  startSolanaRpc,
} from '@latch/testkit';
import { type NextExampleServer, startNextExample } from '../scripts/startServer.mjs';

export { expect };

/** A real ed25519 key (32-byte hex seed), funded by the fixture. */
export const SOLANA_SEED = '41'.repeat(32);
export const SOLANA_FUNDING_LAMPORTS = 2_000_000_000n;

type WorkerFixtures = { anvil: BareAnvilFixture; solana: SolanaRpcFixture; app: Omit<NextExampleServer, 'stop'> };
type TestFixtures = {
  installWallet(page: Page, accountIndex?: number): Promise<string>;
  installSolanaWallet(page: Page): Promise<string>;
  /** Fails the test on any console warning or error, CSP violation, page error or request to another host. */
  strictPage: undefined;
};

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
      const server = await startNextExample({ eip155: anvil, solana });
      try {
        await use({ url: server.url, allowedOrigins: server.allowedOrigins });
      } finally {
        await server.stop();
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
  strictPage: [
    async ({ page, app }, use) => {
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
        if (!app.allowedOrigins.includes(url.origin)) problems.push(`request to a host not configured: ${request.url()}`);
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await use(undefined);
      expect(problems).toEqual([]);
    },
    { auto: true },
  ],
});

export const dialog = (page: Page) => page.getByRole('dialog');
