import { test as base, expect, type Page } from '@playwright/test';
import {
  MOCK_WALLET_INFO,
  SECOND_MOCK_WALLET_INFO,
  mockSolanaWalletInitScript,
  mockWalletInitScript,
  solanaAddressFromSeed,
  startToyChain,
  type ToyChain,
  type MockWalletFailures,
  SET_UP_TIMEOUT_MS,
} from '@latch/testkit';
import { startAnvil, startSolanaRpc, type AnvilFixture, type SolanaRpcFixture } from '@latch/devnet';
import { startPostgres, type PostgresFixture } from '@latch/devnet/services';
import { toyAddressFromSecretKey } from '@latch/testkit/toy';
import type { BitcoinRegtest, CosmosChain, PolkadotChain } from '@latch/devnet';
import { serveDemo } from '../scripts/demoServer.mjs';
import * as namespaces from './namespaceWallets.js';
import { deployEns, type EnsDeployment } from '@latch/devnet';
import { type OnrampStandIn, startOnrampStandIn } from '@latch/devnet/services';
import { startNameService, type RunningNameService } from '@latch/name-service';

/** The domain suffix of the names the e2e name service gives. */
export const NAMES_SUFFIX = 'latch.id';

export const DIST_DIR = new URL('../dist', import.meta.url).pathname;

/**
 * Options of a worker fixture that starts chains or services (anvil, chopsticks, bcoin, the name and wallet services)
 * and prepares them (deploys, funding): a time slot of its own, sized for a loaded 2-core machine, where such a set-up
 * has taken over a minute. A bound against a hang only: the fixture waits for each process's ready line.
 */
export const WORKER_SET_UP = { scope: 'worker', timeout: SET_UP_TIMEOUT_MS } as const;
/**
 * Options of a test fixture that hands a test one of the worker's `resources` (below): the first test that asks starts
 * it, so that test gets the same time slot of its own for the set-up as a worker fixture has.
 */
export const LAZY_SET_UP = { timeout: SET_UP_TIMEOUT_MS } as const;

/**
 * What a spec starts for itself and keeps for the worker's later tests (a chain of its own, the WalletConnect relay, an
 * embedded-wallet stack). Why not a worker fixture of the spec's own: Playwright gives each set of worker fixtures its
 * own worker, so every spec that added one started a new worker process, a new Chromium and new chains. Specs add test
 * fixtures only and take these from here, so all of them share the two workers.
 */
export interface WorkerResources {
  /**
   * The resource for `key` (the spec's start function, say): started by `start` when a test first asks in this worker,
   * the same one for the worker's later tests, closed when the worker ends, also after a failed test. A start that
   * fails is not kept: the next test that asks starts it again.
   */
  get<R extends { close(): Promise<unknown> }>(key: unknown, start: () => Promise<R>): Promise<R>;
  /**
   * Closes the resource for `key` now, if this worker started it (a spec's own stack, when the spec's last test has
   * run: its bundler and services would otherwise keep polling until the worker ends); a later `get` starts it again.
   */
  release(key: unknown): Promise<void>;
}

/** A chain no network in the demo asks for. */
export const UNREQUESTED_CHAIN_ID = 4242;

interface Chains {
  main: AnvilFixture;
  second: { rpcUrl: string; chainId: number; stop(): Promise<void> };
}

export interface WalletSetup {
  chainId?: number;
  failures?: Partial<MockWalletFailures>;
  second?: boolean;
  malformed?: unknown[];
  accountIndex?: number;
  /** The wallet answers EIP-5792 call bundles (one call at a time, atomic unsupported). */
  eip5792?: boolean;
}

export interface SolanaWalletSetup {
  name: string;
  seed: string;
  failures?: { rejectConnect?: boolean; rejectSign?: boolean };
}

/** Seeds of the test Solana wallets (32-byte hex): real ed25519 keys, funded by the fixture. */
export const SOLANA_SEEDS = {
  solanaOnly: '21'.repeat(32),
  multichain: '22'.repeat(32),
  shared: '23'.repeat(32),
  /** Sends in account.spec.ts: its balance changes, so no other test reads it. */
  sender: '24'.repeat(32),
} as const;
/** What the fixture airdrops to each test Solana wallet. */
export const SOLANA_FUNDING_LAMPORTS = 2_500_000_000n;

/** Secret keys of the toy-namespace test wallets (32-byte hex, real ed25519), funded by the fixture. */
export const TOY_KEYS = { toyOnly: '31'.repeat(32), shared: '32'.repeat(32) } as const;
/** What the fixture gives each toy wallet, in the smallest unit (6 decimals): 1.5 TOY. */
export const TOY_FUNDING = 1_500_000n;

type WorkerFixtures = {
  /** Started on a test's first use, closed when the worker ends (WorkerResources). */
  resources: WorkerResources;
  chains: Chains;
  solana: SolanaRpcFixture;
  demo: { url: string };
  toy: ToyChain;
  /** The demo with the toy namespace and the shared-session wallet registered. */
  kernelDemo: { url: string };
  /** chopsticks, the bcoin regtest node and the Cosmos stand-in, their test accounts funded (namespaceWallets.ts). */
  polkadot: PolkadotChain;
  bitcoin: BitcoinRegtest;
  cosmos: CosmosChain;
  /** The demo with the eip155 chains and one more namespace's local chain, its adapter registered. */
  polkadotDemo: { url: string };
  bitcoinDemo: { url: string };
  cosmosDemo: { url: string };
  /** The demo with all five namespaces on their local chains. */
  fiveDemo: { url: string };
  /** The demo on the eip155 and Solana local chains, its server answering the sign-in routes (/siwx). */
  siwxDemo: { url: string };
  /** The demo with the on-ramp plugin registered against the Coinbase and Meld stand-ins (which pay on anvil). */
  onrampDemo: { url: string; standIn: OnrampStandIn };
  /** The demo with the names plugin against the reference name service (in-memory PGlite), and ENS on anvil. */
  namesDemo: { url: string; names: RunningNameService; ens: EnsDeployment };
  /**
   * A PostgreSQL server of the worker's (Debian's binaries, a throwaway cluster on 127.0.0.1): each embedded wallet
   * service a spec starts gets an empty database of its own on it (`createDatabase()`).
   */
  postgres: PostgresFixture;
};
type TestFixtures = {
  installWallet(page: Page, setup?: WalletSetup): Promise<void>;
  installSolanaWallet(page: Page, setup: SolanaWalletSetup): Promise<string>;
  /** Each resolves the wallet's address on the local chain. */
  installPolkadotWallet(page: Page, setup: namespaces.PolkadotWalletSetup): Promise<string>;
  installBitcoinWallet(page: Page, setup: namespaces.BitcoinWalletSetup): Promise<string>;
  installCosmosWallet(page: Page, setup: namespaces.CosmosWalletSetup): Promise<string>;
};

/** Serves the demo with `config` for as long as the worker lives, and always closes it. */
async function serveDemoWhile(config: object, use: (demo: { url: string }) => Promise<void>, options: { onrampSession?: object } = {}) {
  const server = await serveDemo({ distDir: DIST_DIR, config, ...options });
  try {
    await use({ url: server.url });
  } finally {
    await server.close();
  }
}

/**
 * A chain of a spec's own (`start`) and the demo on it, as a worker resource: `prepare` deploys what the spec needs and
 * gives the demo's config; `close` closes the demo, then stops the chain (which is also stopped when a step fails).
 */
export async function startOwnChainDemo<T extends object>(
  start: () => Promise<AnvilFixture>,
  prepare: (anvil: AnvilFixture) => Promise<{ config: object; extra: T }>,
): Promise<T & { url: string; anvil: AnvilFixture; close(): Promise<void> }> {
  const anvil = await start();
  try {
    const { config, extra } = await prepare(anvil);
    const server = await serveDemo({ distDir: DIST_DIR, config });
    const close = async () => {
      try {
        await server.close();
      } finally {
        await anvil.stop();
      }
    };
    return { ...extra, url: server.url, anvil, close };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  resources: [
    async ({}, use) => {
      const started = new Map<unknown, Promise<{ close(): Promise<unknown> }>>();
      const get = <R extends { close(): Promise<unknown> }>(key: unknown, start: () => Promise<R>): Promise<R> => {
        let resource = started.get(key) as Promise<R> | undefined;
        if (!resource) {
          resource = start();
          started.set(key, resource);
          resource.catch(() => started.get(key) === resource && started.delete(key));
        }
        return resource;
      };
      // The latest first (one started later may use one started before it); every one is closed, then a failure shows.
      const closeAll = async () => {
        const failures: unknown[] = [];
        for (const outcome of await Promise.allSettled([...started.values()].reverse()))
          if (outcome.status === 'fulfilled') await outcome.value.close().catch((error: unknown) => failures.push(error));
        if (failures.length)
          throw failures.length === 1 ? failures[0] : new AggregateError(failures, 'Closing the worker resources failed');
      };
      const release = async (key: unknown) => {
        const resource = started.get(key);
        if (!resource) return;
        started.delete(key);
        await (await resource.catch(() => undefined))?.close();
      };
      try {
        await use({ get, release });
      } finally {
        await closeAll();
      }
    },
    WORKER_SET_UP,
  ],
  chains: [
    async ({}, use) => {
      const main = await startAnvil({ chainId: 31337 });
      const second = await startAnvil({ chainId: 31338, deploy: false }).catch(async (error) => {
        await main.stop();
        throw error;
      });
      try {
        await use({ main, second });
      } finally {
        await Promise.allSettled([main.stop(), second.stop()]);
      }
    },
    WORKER_SET_UP,
  ],
  solana: [
    async ({}, use) => {
      const fixture = await startSolanaRpc();
      try {
        for (const seed of Object.values(SOLANA_SEEDS)) fixture.airdrop(await solanaAddressFromSeed(seed), SOLANA_FUNDING_LAMPORTS);
        await use(fixture);
      } finally {
        await fixture.stop();
      }
    },
    WORKER_SET_UP,
  ],
  demo: [
    async ({ chains, solana }, use) => {
      const server = await serveDemo({
        distDir: DIST_DIR,
        config: {
          chains: [
            { chainId: 31337, rpcUrl: chains.main.rpcUrl, name: 'Local Devnet' },
            { chainId: 31338, rpcUrl: chains.second.rpcUrl, name: 'Local Devnet 2' },
          ],
          token: chains.main.contracts.token,
          nft: chains.main.contracts.nft,
          solana: { rpcUrl: solana.rpcUrl, caipNetworkId: solana.caipNetworkId },
        },
      });
      try {
        await use({ url: server.url });
      } finally {
        await server.close();
      }
    },
    WORKER_SET_UP,
  ],
  toy: [
    async ({}, use) => {
      const chain = await startToyChain();
      try {
        for (const key of Object.values(TOY_KEYS)) chain.fund(toyAddressFromSecretKey(key), TOY_FUNDING);
        await use(chain);
      } finally {
        await chain.stop();
      }
    },
    WORKER_SET_UP,
  ],
  kernelDemo: [
    async ({ chains, solana, toy }, use) => {
      const server = await serveDemo({
        distDir: DIST_DIR,
        config: {
          chains: [{ chainId: 31337, rpcUrl: chains.main.rpcUrl, name: 'Local Devnet' }],
          solana: { rpcUrl: solana.rpcUrl, caipNetworkId: solana.caipNetworkId },
          toy: { rpcUrl: toy.rpcUrl },
          sharedSession: true,
        },
      });
      try {
        await use({ url: server.url });
      } finally {
        await server.close();
      }
    },
    WORKER_SET_UP,
  ],
  installWallet: async ({ chains }, use) => {
    await use(async (page, setup = {}) => {
      const known = [
        { chainId: 31337, rpcUrl: chains.main.rpcUrl, name: 'Local Devnet' },
        { chainId: 31338, rpcUrl: chains.second.rpcUrl, name: 'Local Devnet 2' },
        { chainId: UNREQUESTED_CHAIN_ID, rpcUrl: chains.main.rpcUrl, name: 'Elsewhere' },
      ];
      const account = chains.main.accounts[setup.accountIndex ?? 0];
      const options = {
        privateKey: account!.privateKey,
        chains: known,
        chainId: setup.chainId ?? 31337,
        failures: setup.failures,
        eip5792: setup.eip5792,
      };
      const wallets = [{ info: MOCK_WALLET_INFO, options }];
      if (setup.second)
        wallets.push({ info: SECOND_MOCK_WALLET_INFO, options: { ...options, privateKey: chains.main.accounts[1]!.privateKey } });
      await page.addInitScript({ content: mockWalletInitScript({ wallets, malformedAnnouncements: setup.malformed }) });
      // Record every method the dapp asks of each wallet, to prove a reload asks for no popup.
      await page.addInitScript(() => {
        const log: string[] = [];
        (window as unknown as { __latchRequests: string[] }).__latchRequests = log;
        const wallets =
          (window as unknown as { __latchMockWallets?: Record<string, { request(a: { method: string }): Promise<unknown> }> })
            .__latchMockWallets ?? {};
        for (const provider of Object.values(wallets)) {
          const original = provider.request.bind(provider);
          provider.request = (args) => {
            log.push(args.method);
            return original(args);
          };
        }
      });
    });
  },
  installSolanaWallet: async ({ solana }, use) => {
    await use(async (page, setup) => {
      const wallet = {
        secretKeySeed: setup.seed,
        name: setup.name,
        chains: [{ chain: solana.caipNetworkId, rpcUrl: solana.rpcUrl }],
        failures: setup.failures,
      };
      await page.addInitScript({ content: mockSolanaWalletInitScript({ wallets: [wallet] }) });
      return solanaAddressFromSeed(setup.seed);
    });
  },
  polkadot: [async ({}, use) => namespaces.withPolkadotChain(use), WORKER_SET_UP],
  bitcoin: [async ({}, use) => namespaces.withBitcoinRegtest(use), WORKER_SET_UP],
  cosmos: [async ({}, use) => namespaces.withCosmosChain(use), WORKER_SET_UP],
  polkadotDemo: [
    async ({ chains, polkadot }, use) =>
      serveDemoWhile(
        {
          chains: [{ chainId: 31337, rpcUrl: chains.main.rpcUrl, name: 'Local Devnet' }],
          ...namespaces.polkadotDemoConfig(polkadot),
        },
        use,
      ),
    WORKER_SET_UP,
  ],
  bitcoinDemo: [
    async ({ chains, bitcoin }, use) =>
      serveDemoWhile(
        { chains: [{ chainId: 31337, rpcUrl: chains.main.rpcUrl, name: 'Local Devnet' }], ...namespaces.bitcoinDemoConfig(bitcoin) },
        use,
      ),
    WORKER_SET_UP,
  ],
  cosmosDemo: [
    async ({ chains, cosmos }, use) =>
      serveDemoWhile(
        { chains: [{ chainId: 31337, rpcUrl: chains.main.rpcUrl, name: 'Local Devnet' }], ...namespaces.cosmosDemoConfig(cosmos) },
        use,
      ),
    WORKER_SET_UP,
  ],
  fiveDemo: [
    async ({ chains, solana, polkadot, bitcoin, cosmos }, use) =>
      serveDemoWhile(
        {
          chains: [{ chainId: 31337, rpcUrl: chains.main.rpcUrl, name: 'Local Devnet' }],
          solana: { rpcUrl: solana.rpcUrl, caipNetworkId: solana.caipNetworkId },
          ...namespaces.polkadotDemoConfig(polkadot),
          ...namespaces.bitcoinDemoConfig(bitcoin),
          ...namespaces.cosmosDemoConfig(cosmos),
        },
        use,
      ),
    WORKER_SET_UP,
  ],
  siwxDemo: [
    async ({ chains, solana }, use) => {
      const server = await serveDemo({
        distDir: DIST_DIR,
        config: {
          chains: [{ chainId: 31337, rpcUrl: chains.main.rpcUrl, name: 'Local Devnet' }],
          solana: { rpcUrl: solana.rpcUrl, caipNetworkId: solana.caipNetworkId },
        },
        siwx: { rpcUrls: { 'eip155:31337': chains.main.rpcUrl } },
      });
      try {
        await use({ url: server.url });
      } finally {
        await server.close();
      }
    },
    WORKER_SET_UP,
  ],
  onrampDemo: [
    async ({ chains, solana }, use) => {
      // Paid by the last dev account, which no test wallet uses.
      const standIn = await startOnrampStandIn({ rpcUrl: chains.main.rpcUrl, from: chains.main.accounts[9]!.address });
      try {
        const config = {
          chains: [{ chainId: 31337, rpcUrl: chains.main.rpcUrl, name: 'Local Devnet' }],
          solana: { rpcUrl: solana.rpcUrl, caipNetworkId: solana.caipNetworkId },
          onramp: { coinbaseUrl: standIn.coinbaseUrl, meldUrl: standIn.meldUrl },
        };
        // Coinbase's session tokens: the demo server's route signs with the stand-in's CDP key and asks its token endpoint.
        const onrampSession = { ...standIn.cdpKeys.ed25519, tokenUrl: standIn.coinbaseTokenUrl };
        await serveDemoWhile(config, (demo) => use({ ...demo, standIn }), { onrampSession });
      } finally {
        await standIn.close();
      }
    },
    WORKER_SET_UP,
  ],
  namesDemo: [
    async ({ chains, solana }, use) => {
      // ENS from its npm artifacts, deployed by anvil account 8 (no test wallet uses it): friend.test points at it.
      const deployer = chains.main.accounts[8]!;
      const ens = await deployEns(chains.main.rpcUrl, chains.main.chainId, deployer);
      await ens.register('friend', deployer);
      const names = await startNameService({
        suffix: NAMES_SUFFIX,
        allowedOrigins: (origin) => /^http:\/\/127\.0\.0\.1:\d+$/.test(origin),
      });
      try {
        const config = {
          chains: [{ chainId: 31337, rpcUrl: chains.main.rpcUrl, name: 'Local Devnet' }],
          solana: { rpcUrl: solana.rpcUrl, caipNetworkId: solana.caipNetworkId },
          names: { serviceUrl: names.url, suffix: NAMES_SUFFIX },
          ens: { universalResolver: ens.universalResolver },
        };
        await serveDemoWhile(config, (demo) => use({ ...demo, names, ens }));
      } finally {
        await names.stop();
      }
    },
    WORKER_SET_UP,
  ],
  postgres: [
    async ({}, use) => {
      const server = await startPostgres();
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    WORKER_SET_UP,
  ],
  installPolkadotWallet: async ({ polkadot }, use) => {
    await use((page, setup) => namespaces.installPolkadotWallet(page, polkadot, setup));
  },
  installBitcoinWallet: async ({ bitcoin }, use) => {
    await use((page, setup) => namespaces.installBitcoinWallet(page, bitcoin, setup));
  },
  installCosmosWallet: async ({ cosmos }, use) => {
    await use((page, setup) => namespaces.installCosmosWallet(page, cosmos, setup));
  },
});

export { expect };

/** The modal's dialog (Playwright locators pierce the open shadow root). */
export const dialog = (page: Page) => page.getByRole('dialog');

export async function openConnect(page: Page) {
  await page.getByTestId('latch-connect-button').click();
  await expect(dialog(page)).toBeVisible();
}

/** From a connected page: the Account view's "Connect another wallet", to the wallet list. */
export async function openConnectFromAccount(page: Page) {
  await page.getByTestId('latch-account-button').click();
  await dialog(page).getByRole('button', { name: 'Connect another wallet' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Connect Wallet' })).toBeVisible();
}
