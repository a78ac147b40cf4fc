import { createMockSolanaWallet } from '@latch/testkit';
import { startSolanaRpc } from '@latch/devnet';
import { createKeyPairSignerFromPrivateKeyBytes, getBase16Encoder } from '@solana/kit';
import type { AdapterEvent, CaipNetwork, ChainAdapter, Connector } from '@latch/kernel';
import type { Wallet } from '@wallet-standard/base';
import { createSolanaAdapter, type SolanaAdapterOptions } from '../adapter.js';
import { createSolanaLocalnet } from '../networks/localnet.js';
import { recordingWallet } from './recordingWallet.js';
import { createRegistrations } from './standardWallets.js';

export const WALLET_NAME = 'Mock Solana Wallet';
export const CONNECTOR_ID = `ws:${WALLET_NAME}`;
/** One funded key per role; every test file uses its own seeds so balances never collide. */
export const seed = (byte: number) => byte.toString(16).padStart(2, '0').repeat(32);
export const LAMPORTS_PER_SOL = 1_000_000_000n;

export async function addressOf(seedHex: string): Promise<string> {
  const signer = await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(getBase16Encoder().encode(seedHex)));
  return signer.address;
}

/** A real Solana JSON-RPC (LiteSVM) and the localnet network pointing at it. */
export async function startLocalSolana() {
  const rpc = await startSolanaRpc();
  const network: CaipNetwork = createSolanaLocalnet({ rpcUrl: rpc.rpcUrl, caipNetworkId: rpc.caipNetworkId });
  return { rpc, network, stop: () => rpc.stop() };
}
export type LocalSolana = Awaited<ReturnType<typeof startLocalSolana>>;

type MockWalletFailures = { rejectConnect?: boolean; rejectSign?: boolean };

/** The testkit's wallet (real ed25519 key, real signatures) on the local chain, funded with 10 SOL. */
export async function createWallet(local: LocalSolana, { seedHex, failures = {} }: { seedHex: string; failures?: MockWalletFailures }) {
  local.rpc.airdrop(await addressOf(seedHex), 10n * LAMPORTS_PER_SOL);
  return createMockSolanaWallet({
    secretKeySeed: seedHex,
    name: WALLET_NAME,
    chains: [{ chain: local.rpc.caipNetworkId, rpcUrl: local.rpc.rpcUrl }],
    failures,
  });
}

const mounted = new Set<() => void>();

/** Unmounts every adapter and unregisters every wallet a test left behind, even a test that failed midway. */
export function unmountAll(): void {
  for (const unmount of [...mounted]) unmount();
}

/**
 * An adapter set up as the kernel does (setup + watchConnectors) with `wallet` registered in the Wallet
 * Standard registry; `events` collects what the adapter reports through context.emit. Call `unmountAll`
 * in afterEach.
 */
export function mountAdapter(wallet: Wallet, networks: readonly CaipNetwork[], options: SolanaAdapterOptions = {}) {
  const registrations = createRegistrations();
  registrations.register(wallet);
  const adapter: ChainAdapter = createSolanaAdapter(options);
  const events: AdapterEvent[] = [];
  const teardown = adapter.setup?.({ networks, emit: (event) => events.push(event) });
  let connectors: readonly Connector[] = [];
  const unwatch = adapter.watchConnectors((list) => (connectors = list));
  const connector = connectors.find((c) => c.id === CONNECTOR_ID);
  const unmount = () => {
    if (!mounted.delete(unmount)) return;
    unwatch();
    teardown?.();
    registrations.clear();
  };
  mounted.add(unmount);
  if (!connector) {
    unmount();
    throw new Error('the mock wallet was not discovered');
  }
  return { adapter, connector, events, unmount };
}

export { createRegistrations, recordingWallet };
