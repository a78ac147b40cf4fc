import { installMockCosmosWallets, type MockCosmosWallet, type MockCosmosWalletConfig } from '@latch/testkit';
import { startCosmosChain } from '@latch/devnet';
import type { AdapterEvent, CaipNetwork, ChainAdapter, Connector } from '@latch/kernel';
import { createCosmosAdapter, type CosmosAdapterOptions } from '../adapter.js';
import { createCosmosLocalnet } from '../networks/localnet.js';
import type { CosmosNetwork } from '../networks/cosmosNetwork.js';

/** Test keys: 32 bytes of one repeated byte; each test file uses its own. */
export const privateKey = (byte: number) => byte.toString(16).padStart(2, '0').repeat(32);

/** A page as the adapter sees it: an EventTarget where wallets inject (`page.keplr`) and fire their events. */
export type FakePage = EventTarget & Record<string, unknown>;
export const createPage = (): FakePage => new EventTarget() as FakePage;

/** The devnet's CometBFT stand-in and the localnet network pointing at it. */
export async function startLocalCosmos(options: { chainId?: string; bech32Prefix?: string; denom?: string } = {}) {
  const chain = await startCosmosChain(options);
  const network: CosmosNetwork = createCosmosLocalnet({
    rpcUrl: chain.rpcUrl,
    chainId: chain.chainId,
    denom: chain.denom,
    ...(options.bech32Prefix ? { bech32Prefix: options.bech32Prefix } : {}),
  });
  return { chain, network, stop: () => chain.stop() };
}
export type LocalCosmos = Awaited<ReturnType<typeof startLocalCosmos>>;

/** Installs testkit wallets on the page (`page.keplr`…) that know no chain: the localnet must be suggested. */
export function installWallets(page: FakePage, wallets: readonly Omit<MockCosmosWalletConfig, 'chains'>[]) {
  return installMockCosmosWallets({ target: page, wallets: wallets.map((wallet) => ({ chains: [], ...wallet })) });
}

const mounted = new Set<() => void>();

/** Unmounts every adapter a test left behind, even one that failed midway. */
export function unmountAll(): void {
  for (const unmount of [...mounted]) unmount();
}

/** An adapter set up as the kernel does (setup + watchConnectors) on `page`; `events` collects what it reports. */
export function mountAdapter(page: FakePage, networks: readonly CaipNetwork[], options: CosmosAdapterOptions = {}) {
  const adapter: ChainAdapter = createCosmosAdapter({ window: page, reconnectTimeoutMs: 300, broadcastPollIntervalMs: 20, ...options });
  const events: AdapterEvent[] = [];
  const live = [...networks];
  const teardown = adapter.setup?.({ networks: live, emit: (event) => events.push(event) });
  let connectors: readonly Connector[] = [];
  const unwatch = adapter.watchConnectors((list) => (connectors = list));
  const unmount = () => {
    if (!mounted.delete(unmount)) return;
    unwatch();
    teardown?.();
  };
  mounted.add(unmount);
  const connector = (id: string): Connector => {
    const found = connectors.find((candidate) => candidate.id === id);
    if (!found) throw new Error(`connector ${id} was not discovered (have: ${connectors.map((c) => c.id).join(', ')})`);
    return found;
  };
  return { adapter, events, connectors: () => connectors, connector, unmount };
}

export const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );
export const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

export type { MockCosmosWallet };
