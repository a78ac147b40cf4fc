import { createDevnet, mainnet, base, sepolia } from '@latch/adapter-eip155/networks';
import { createSolanaLocalnet, solana, solanaDevnet } from '@latch/adapter-solana/networks';
import { createPolkadotLocalnet, polkadot } from '@latch/adapter-polkadot/networks';
import { bitcoin, createBitcoinRegtest } from '@latch/adapter-bip122/networks';
import { cosmosHub, createCosmosLocalnet } from '@latch/adapter-cosmos/networks';
import type { OnrampSessionRequest } from '@latch/feature-onramp';
import type { CaipNetwork } from '@latch/kernel';
import { createToyLocalnet } from '@latch/testkit/toy';

/** What `npm start` (or the e2e fixture) tells the page: its local chains and demo contracts. */
export interface DemoConfig {
  chains: { chainId: number; rpcUrl: string; name: string }[];
  token?: string;
  /** An http(s) icon for `token` (its host is then on `imageHosts`): the e2e's image server that never answers. */
  tokenImage?: string;
  nft?: string;
  /** A local Solana JSON-RPC (litesvm) and the CAIP-2 id of its cluster. */
  solana?: { rpcUrl: string; caipNetworkId: `solana:${string}` };
  /** A funded anvil account, shown so a real extension can import it. Local test key only. */
  testAccount?: { address: string; privateKey: string };
  /** A toy chain (a namespace the kernel has never heard of): registers its adapter and network. */
  toy?: { rpcUrl: string };
  /** Registers the testkit's shared-session wallet: one session over every namespace above. */
  sharedSession?: boolean;
  /** A local Substrate node (chopsticks): registers the polkadot adapter, its local network and Polkadot. */
  polkadot?: { rpcUrl: string; genesisHash: string; ss58Format: number; decimals: number; symbol: string };
  /** A local Bitcoin regtest node's Esplora API: registers the bip122 adapter, its regtest network and Bitcoin. */
  bitcoin?: { esploraUrl: string };
  /** A local Cosmos node (CometBFT RPC): registers the cosmos adapter, its local network and the Cosmos Hub. */
  cosmos?: { rpcUrl: string; chainId: string; denom: string };
  /** The server answers the sign-in routes (/siwx): the page signs in when opened with `?siwx` (`?siwx=required`). */
  siwx?: boolean;
  /**
   * On-ramp widget URLs (the e2e stand-ins): registers the on-ramp feature plugin with Coinbase and Meld.
   * `sessionUrl`: the demo server's Coinbase session token route, which Coinbase's widget needs.
   */
  onramp?: { coinbaseUrl: string; meldUrl: string; sessionUrl?: string };
  /** A name service (the reference one, on loopback): registers the names plugin with its suffix. */
  names?: { serviceUrl: string; suffix: string };
  /** ENS deployed on the first local chain: its Universal Resolver, for the eip155 adapter's name lookups. */
  ens?: { universalResolver: `0x${string}` };
  /**
   * A WalletConnect relay (the testkit's local one): registers the WalletConnect connector against it (with Verify
   * when `verify` and a `projectId` are given).
   */
  walletConnect?: { relayUrl: string; walletRegistryUrl?: string; qrTimeoutMs?: number; projectId?: string; verify?: boolean };
  /**
   * The embedded-wallet service (the reference one, on loopback) and its project: registers the e-mail connector.
   * `inboxUrl`: the local SMTP inbox's page listing the received codes (`npm start`).
   */
  embedded?: {
    serviceUrl: string;
    projectId: string;
    inboxUrl?: string;
    /**
     * The local ERC-4337 bundler (alto) and sponsoring paymaster per chain id (`npm start`): the embedded wallet offers
     * its smart account there. The demo starts sessions with the key unless the page is opened with
     * `?accountType=smartAccount` (the connector's own default is the smart account).
     */
    smartAccount?: { bundlerUrls: Record<number, string>; paymasterUrls?: Record<number, string> };
  };
  /** Test wallets the server offers ("try with a test wallet"), by namespace: what the page shows of each. */
  testWallets?: Record<string, { name: string; address: string }>;
  /** Uniswap v2 and v3 deployed on the first local chain (devnet `deployUniswap`): registers the swap plugin there. */
  swap?: {
    weth: `0x${string}`;
    /** LUSD, the 6-decimal demo dollar the pools pair with LDT and WETH. */
    dollar: `0x${string}`;
    v2: { router: `0x${string}`; factory: `0x${string}` };
    v3: { router: `0x${string}`; quoter: `0x${string}`; factory: `0x${string}` };
  };
}

/** Read from a JSON script tag the server injects: no request is made to learn it. */
export function readDemoConfig(): DemoConfig {
  const node = document.getElementById('latch-demo-config');
  try {
    const parsed = node?.textContent ? (JSON.parse(node.textContent) as DemoConfig) : undefined;
    if (parsed && Array.isArray(parsed.chains) && parsed.chains.length > 0) return parsed;
  } catch {
    // Fall through to the default below.
  }
  return { chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545', name: 'Local Devnet' }] };
}

export function demoNetworks(config: DemoConfig): CaipNetwork[] {
  const locals = config.chains.map((c) => createDevnet({ rpcUrl: c.rpcUrl, chainId: c.chainId, name: c.name }));
  const solanaLocal = config.solana
    ? [createSolanaLocalnet({ rpcUrl: config.solana.rpcUrl, caipNetworkId: config.solana.caipNetworkId })]
    : [];
  const toy = config.toy ? [createToyLocalnet({ rpcUrl: config.toy.rpcUrl })] : [];
  // Each of these namespaces is there only when its local chain is: the local network first, so it is the default.
  const polkadotNetworks = config.polkadot ? [createPolkadotLocalnet({ ...config.polkadot, name: 'Polkadot Localnet' }), polkadot] : [];
  const bitcoinNetworks = config.bitcoin ? [createBitcoinRegtest({ esploraUrl: config.bitcoin.esploraUrl }), bitcoin] : [];
  const cosmosNetworks = config.cosmos ? [createCosmosLocalnet(config.cosmos), cosmosHub] : [];
  return [
    ...locals,
    sepolia,
    mainnet,
    base,
    ...solanaLocal,
    solana,
    solanaDevnet,
    ...toy,
    ...polkadotNetworks,
    ...bitcoinNetworks,
    ...cosmosNetworks,
  ];
}

/** Asks the demo server's session route for a one-time Coinbase session token (the page never holds the CDP key). */
export function onrampSessionToken(sessionUrl: string) {
  return async (request: OnrampSessionRequest): Promise<string> => {
    const response = await fetch(sessionUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    const body = (await response.json().catch(() => ({}))) as { token?: string; error?: string };
    if (!response.ok || !body.token) throw new Error(body.error ?? `the session route answered ${response.status}`);
    return body.token;
  };
}

/** ERC-20s whose balances the demo lists: LDT, and with Uniswap deployed its LUSD and WETH (a swap then shows in Tokens and Activity). */
export function demoTokenAddresses(config: DemoConfig): string[] {
  return [...(config.token ? [config.token] : []), ...(config.swap ? [config.swap.dollar, config.swap.weth] : [])];
}

/** The swap plugin's network on the local chain: both Uniswap versions, and the demo tokens as suggestions. */
export function demoSwapNetwork(swap: NonNullable<DemoConfig['swap']>, token: string | undefined) {
  const tokens = [
    ...(token ? [{ address: token as `0x${string}`, symbol: 'LDT', name: 'Latch Demo Token', decimals: 18 }] : []),
    { address: swap.dollar, symbol: 'LUSD', name: 'Latch Demo Dollar', decimals: 6 },
    { address: swap.weth, symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 },
  ];
  return { v2: swap.v2, v3: { ...swap.v3, feeTiers: [500, 3000] }, weth: swap.weth, tokens };
}
