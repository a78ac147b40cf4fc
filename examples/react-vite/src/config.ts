import { createDevnet, mainnet, base, sepolia } from '@latch/adapter-eip155/networks';
import { createSolanaLocalnet, solana, solanaDevnet } from '@latch/adapter-solana/networks';
import type { CaipNetwork } from '@latch/kernel';
import { createToyLocalnet } from '@latch/testkit/toy';

/** What `npm start` (or the e2e fixture) tells the page: its local chains and demo contracts. */
export interface DemoConfig {
  chains: { chainId: number; rpcUrl: string; name: string }[];
  token?: string;
  nft?: string;
  /** A local Solana JSON-RPC (litesvm) and the CAIP-2 id of its cluster. */
  solana?: { rpcUrl: string; caipNetworkId: `solana:${string}` };
  /** A funded anvil account, shown so a real extension can import it. Local test key only. */
  testAccount?: { address: string; privateKey: string };
  /** A toy chain (a namespace the kernel has never heard of): registers its adapter and network. */
  toy?: { rpcUrl: string };
  /** Registers the testkit's shared-session wallet: one session over every namespace above. */
  sharedSession?: boolean;
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
  return [...locals, sepolia, mainnet, base, ...solanaLocal, solana, solanaDevnet, ...toy];
}
