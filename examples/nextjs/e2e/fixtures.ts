import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
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
import { freePort, startServiceProcess } from '@latch/testkit/services';

export { expect };

const APP_DIR = new URL('..', import.meta.url).pathname;
const NEXT_BIN = createRequire(import.meta.url).resolve('next/dist/bin/next');
/** A real ed25519 key (32-byte hex seed), funded by the fixture. */
export const SOLANA_SEED = '41'.repeat(32);
export const SOLANA_FUNDING_LAMPORTS = 2_000_000_000n;

export interface ExampleServer {
  url: string;
  /** Origins the page may reach: the app and the configured RPCs. */
  allowedOrigins: string[];
}

type WorkerFixtures = { anvil: BareAnvilFixture; solana: SolanaRpcFixture; app: ExampleServer };
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
      if (!existsSync(`${APP_DIR}.next/BUILD_ID`)) throw new Error('examples/nextjs is not built: run `npm run build` first');
      const port = await freePort();
      const server = await startServiceProcess({
        args: [NEXT_BIN, 'start', '--hostname', '127.0.0.1', '--port', String(port)],
        cwd: APP_DIR,
        env: {
          NEXT_TELEMETRY_DISABLED: '1',
          NODE_ENV: 'production',
          LATCH_EIP155_RPC_URL: anvil.rpcUrl,
          LATCH_EIP155_CHAIN_ID: String(anvil.chainId),
          LATCH_SOLANA_RPC_URL: solana.rpcUrl,
          LATCH_SOLANA_CAIP_NETWORK_ID: solana.caipNetworkId,
        },
        ready: /Ready in/,
      });
      try {
        const url = `http://127.0.0.1:${port}`;
        await use({ url, allowedOrigins: [url, new URL(anvil.rpcUrl).origin, new URL(solana.rpcUrl).origin] });
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
