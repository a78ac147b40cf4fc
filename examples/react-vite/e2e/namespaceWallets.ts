// The polkadot, bip122 and cosmos side of the e2e fixtures: the local chains with their test accounts funded, the
// demo's config for them, and the page-side mock wallets (real keys) with what a test reads back from them.
import {
  bitcoinPaymentAddress,
  bitcoinWalletInitScript,
  cosmosAddressOfPubkey,
  cosmosWalletInitScript,
  polkadotAddressFromUri,
  polkadotWalletInitScript,
  REGTEST_PARAMS,
  walletKeyFrom,
  type MockCosmosWalletFailures,
  type MockPolkadotFailures,
} from '@latch/testkit';
import {
  startBitcoinRegtest,
  startCosmosChain,
  startPolkadotChain,
  type BitcoinRegtest,
  type CosmosChain,
  type PolkadotChain,
} from '@latch/devnet';
import type { Page } from '@playwright/test';

/** Secret URIs of the test polkadot accounts (real sr25519 keys), funded by the fixture. */
export const POLKADOT_URIS = {
  /** Connects, signs, reloads: its balance never changes, so tests read it exactly. */
  holder: '//LatchE2eHolder',
  /** Sends: its balance changes, so no other test reads it. */
  sender: '//LatchE2eSender',
  /** Sends everything Max offers (amounts.spec's polkadot part): its balance is its own. */
  maxer: '//LatchE2eMaxer',
} as const;
/** 1 ROC: the local chain (Rococo Asset Hub) has 12 decimals. */
export const ROC = 10n ** 12n;
/** What the fixture gives each test polkadot account: 42.5 ROC. */
export const POLKADOT_FUNDING = 42n * ROC + ROC / 2n;

/** Payment keys of the test Bitcoin wallets (32-byte hex, P2WPKH), funded by the fixture. */
export const BITCOIN_KEYS = { holder: '41'.repeat(32), sender: '42'.repeat(32), maxer: '44'.repeat(32) } as const;
/** What the fixture pays each test Bitcoin wallet (confirmed): 0.75 BTC. */
export const BITCOIN_FUNDING_SATS = 75_000_000n;

/** Secret keys of the test Cosmos wallets (32-byte hex, secp256k1), funded by the fixture. */
export const COSMOS_KEYS = { holder: '51'.repeat(32), sender: '52'.repeat(32) } as const;
/** What the fixture gives each test Cosmos wallet, in ustake (6 decimals): 7.25 STAKE. */
export const COSMOS_FUNDING = 7_250_000n;

/** The `injectedWeb3` key of the mock polkadot extension, and the name the adapter lists it under. */
export const POLKADOT_EXTENSION = { key: 'polkadot-js', name: 'polkadot{.js}' } as const;
/** The mock Bitcoin wallet's name (`btc_providers` entry). */
export const BITCOIN_WALLET_NAME = 'Latch Bitcoin Wallet';
/** The mock Cosmos wallet injects at `window.keplr`: the adapter lists it as Keplr. */
export const COSMOS_WALLET_NAME = 'Keplr';

export const polkadotAddress = (chain: PolkadotChain, uri: string) => polkadotAddressFromUri(uri, chain.ss58Format);
export const bitcoinAddress = (key: string) => bitcoinPaymentAddress(key, REGTEST_PARAMS);
export const cosmosAddress = async (chain: CosmosChain, key: string) =>
  cosmosAddressOfPubkey((await walletKeyFrom(key)).pubkey, chain.bech32Prefix);

/** Runs `work` on a started chain and always stops the chain afterwards (funding failures included). */
async function using<T extends { stop(): Promise<void> }>(chain: T, fund: (chain: T) => Promise<void>, work: (chain: T) => Promise<void>) {
  try {
    await fund(chain);
    await work(chain);
  } finally {
    await chain.stop();
  }
}

/** chopsticks (a real Substrate runtime) with every POLKADOT_URIS account funded; stopped when `work` ends. */
export async function withPolkadotChain(work: (chain: PolkadotChain) => Promise<void>): Promise<void> {
  await using(
    await startPolkadotChain(),
    async (chain) => {
      for (const uri of Object.values(POLKADOT_URIS)) await chain.fund(await polkadotAddress(chain, uri), POLKADOT_FUNDING);
    },
    work,
  );
}

/** A bcoin regtest node behind Esplora with every BITCOIN_KEYS payment address funded and confirmed. */
export async function withBitcoinRegtest(work: (regtest: BitcoinRegtest) => Promise<void>): Promise<void> {
  await using(
    await startBitcoinRegtest(),
    async (regtest) => {
      for (const key of Object.values(BITCOIN_KEYS)) await regtest.fund(bitcoinAddress(key), BITCOIN_FUNDING_SATS);
    },
    work,
  );
}

/** The CometBFT stand-in with every COSMOS_KEYS account funded. */
export async function withCosmosChain(work: (chain: CosmosChain) => Promise<void>): Promise<void> {
  await using(
    await startCosmosChain(),
    async (chain) => {
      for (const key of Object.values(COSMOS_KEYS)) chain.fund(await cosmosAddress(chain, key), COSMOS_FUNDING);
    },
    work,
  );
}

/** The demo config entries (src/config.ts DemoConfig) that register each namespace and its local network. */
export const polkadotDemoConfig = (chain: PolkadotChain) => ({
  polkadot: {
    rpcUrl: chain.rpcUrl,
    genesisHash: chain.genesisHash,
    ss58Format: chain.ss58Format,
    decimals: chain.decimals,
    symbol: chain.symbol,
  },
});
export const bitcoinDemoConfig = (regtest: BitcoinRegtest) => ({ bitcoin: { esploraUrl: regtest.esploraUrl } });
export const cosmosDemoConfig = (chain: CosmosChain) => ({ cosmos: { rpcUrl: chain.rpcUrl, chainId: chain.chainId, denom: chain.denom } });

export interface PolkadotWalletSetup {
  uri: string;
  failures?: Partial<MockPolkadotFailures>;
}

/** The mock polkadot{.js} extension sharing one account; resolves its address in the chain's format. */
export async function installPolkadotWallet(page: Page, chain: PolkadotChain, setup: PolkadotWalletSetup): Promise<string> {
  const wallet = { key: POLKADOT_EXTENSION.key, accounts: [{ uri: setup.uri }], failures: setup.failures };
  await page.addInitScript({ content: polkadotWalletInitScript({ wallets: [wallet] }) });
  return polkadotAddress(chain, setup.uri);
}

/** How many approval prompts the polkadot extension showed in this document (a reload starts again at 0). */
export function polkadotConnectPrompts(page: Page): Promise<number> {
  return page.evaluate(
    (key) =>
      (window as unknown as { __latchPolkadotWallets: Record<string, { connectPrompts: number }> }).__latchPolkadotWallets[key]!
        .connectPrompts,
    POLKADOT_EXTENSION.key,
  );
}

export interface BitcoinWalletSetup {
  key: string;
  failures?: { rejectConnect?: boolean; rejectSign?: boolean };
}

/**
 * The mock sats-connect wallet (Latch Bitcoin Wallet) on the regtest node, and a record of every method the page asks
 * of it (`bitcoinRequests`), to prove a reload asks for no prompt. Resolves its payment address.
 */
export async function installBitcoinWallet(page: Page, regtest: BitcoinRegtest, setup: BitcoinWalletSetup): Promise<string> {
  const wallet = { paymentKey: setup.key, esploraUrl: regtest.esploraUrl, failures: setup.failures };
  await page.addInitScript({ content: bitcoinWalletInitScript({ wallets: [wallet] }) });
  await page.addInitScript(() => {
    const log: string[] = [];
    const page = window as unknown as {
      __latchBitcoinRequests: string[];
      __latchBitcoinWallets: Record<string, { provider: { request(method: string, params?: unknown): Promise<unknown> } }>;
    };
    page.__latchBitcoinRequests = log;
    for (const { provider } of Object.values(page.__latchBitcoinWallets)) {
      const original = provider.request.bind(provider);
      provider.request = (method, params) => {
        log.push(method);
        return original(method, params);
      };
    }
  });
  return bitcoinAddress(setup.key);
}

export function bitcoinRequests(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { __latchBitcoinRequests: string[] }).__latchBitcoinRequests]);
}

export interface CosmosWalletSetup {
  key: string;
  failures?: MockCosmosWalletFailures;
}

/** The mock Keplr (`window.keplr`) knowing no chain: the adapter suggests the local one. Resolves its address there. */
export async function installCosmosWallet(page: Page, chain: CosmosChain, setup: CosmosWalletSetup): Promise<string> {
  const wallet = { global: 'keplr', mnemonicOrPrivateKey: setup.key, chains: [], ...(setup.failures ? { failures: setup.failures } : {}) };
  await page.addInitScript({ content: cosmosWalletInitScript({ wallets: [wallet] }) });
  return cosmosAddress(chain, setup.key);
}

/** What the Keplr mock asked the visitor in this document: `enable:<chain>`, `suggestChain:<chain>`, `signArbitrary:<chain>`… */
export function cosmosPrompts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { __latchCosmosWallets: Record<string, { prompts(): string[] }> }).__latchCosmosWallets.keplr!.prompts(),
  );
}
