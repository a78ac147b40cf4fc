import { createMockEip1193Provider, type MockWalletOptions } from '@latch/testkit';
import { startAnvil, type AnvilFixture, type BareAnvilFixture } from '@latch/devnet';
import type { AdapterEvent, CaipNetwork, ChainAdapter, Connector } from '@latch/kernel';
import { createEip155Adapter, type Eip155AdapterOptions } from '../adapter.js';
import { createDevnet } from '../networks/devnet.js';
import type { Eip1193Provider } from '../provider.js';
import { createPage, walletDetail } from './announcements.js';
import { announceWallet } from '@latch/testkit';

export const MOCK_RDNS = 'dev.latch.mock';
export const SECOND_CHAIN_ID = 31338;

/** Two real anvil chains: the main one with the devnet contracts, and a bare second one to switch to. */
export async function startChains() {
  const [main, second] = await Promise.all([startAnvil(), startAnvil({ chainId: SECOND_CHAIN_ID, deploy: false })]);
  const mainNetwork = createDevnet({ rpcUrl: main.rpcUrl });
  const secondNetwork: CaipNetwork = { ...createDevnet({ rpcUrl: second.rpcUrl, chainId: SECOND_CHAIN_ID }), name: 'Second Devnet' };
  return {
    main: main as AnvilFixture,
    second: second as BareAnvilFixture,
    mainNetwork,
    secondNetwork,
    stop: () => Promise.all([main.stop(), second.stop()]),
  };
}

export type Chains = Awaited<ReturnType<typeof startChains>>;

/** The testkit's wallet (real key, real anvil) holding dev account `accountIndex`, on the main chain. */
export function createWallet(
  chains: Chains,
  {
    accountIndex = 0,
    knowsSecondChain = true,
    failures = {},
    eip5792 = false,
  }: { accountIndex?: number; knowsSecondChain?: boolean; failures?: MockWalletOptions['failures']; eip5792?: boolean } = {},
) {
  const account = chains.main.accounts[accountIndex];
  if (!account) throw new Error(`no anvil account ${accountIndex}`);
  return createMockEip1193Provider({
    privateKey: account.privateKey,
    chains: [
      { chainId: chains.main.chainId, rpcUrl: chains.main.rpcUrl },
      ...(knowsSecondChain ? [{ chainId: SECOND_CHAIN_ID, rpcUrl: chains.second.rpcUrl }] : []),
    ],
    chainId: chains.main.chainId,
    failures,
    eip5792,
  });
}

/**
 * An adapter set up as the kernel would (setup + watchConnectors) on a page where `provider` announced
 * itself over EIP-6963; `events` collects what the adapter reports through context.emit.
 */
export function mountAdapter(provider: Eip1193Provider, networks: readonly CaipNetwork[], options: Eip155AdapterOptions = {}) {
  const page = options.target ?? createPage();
  const uninstall = announceWallet(page, walletDetail(MOCK_RDNS, { name: 'Mock Wallet', provider }));
  const adapter: ChainAdapter = createEip155Adapter({ isMobile: () => false, ...options, target: page });
  const events: AdapterEvent[] = [];
  const teardown = adapter.setup?.({ networks, emit: (event) => events.push(event) });
  let connectors: readonly Connector[] = [];
  const unwatch = adapter.watchConnectors((list) => (connectors = list));
  const connector = connectors.find((c) => c.id === MOCK_RDNS);
  if (!connector) throw new Error('the mock wallet was not discovered');
  return {
    adapter,
    connector,
    events,
    page,
    unmount() {
      unwatch();
      teardown?.();
      uninstall();
    },
  };
}
