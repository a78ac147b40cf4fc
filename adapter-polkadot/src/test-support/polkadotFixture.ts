import { createMockPolkadotExtension } from '@latch/testkit';
import { startPolkadotChain, type PolkadotChain, type PolkadotChainClient } from '@latch/devnet';
import { sharedPolkadotChain } from '../../../scripts/test-support/sharedPolkadot.js';
import type { MockPolkadotExtensionOptions } from '@latch/testkit';
import type { AdapterEvent, CaipNetwork, ChainAdapter, Connector } from '@latch/kernel';
import { createPolkadotAdapter, type PolkadotAdapterOptions } from '../adapter.js';
import { createPolkadotLocalnet } from '../networks/localnet.js';
import type { PolkadotNetwork } from '../networks/polkadotNetwork.js';

/** Secret URIs of the test accounts: real sr25519 keys, derived like `//Alice`. Each test file uses its own. */
export const uri = (name: string) => `//Latch${name}`;
/** 1 ROC (12 decimals). */
export const UNIT = 10n ** 12n;

/**
 * A client on the run's shared local chain (chopsticks, scripts/test-support/polkadotGlobalSetup.ts) and the localnet
 * network pointing at it. The file funds accounts of its own (`uri` names them after the file).
 */
export async function sharedLocalPolkadot(): Promise<{ chain: PolkadotChainClient; network: PolkadotNetwork }> {
  return onNetwork(await sharedPolkadotChain());
}

/**
 * A local chain of the file's own, for a file that changes how the node builds blocks (`dev_setBlockBuildMode`): on
 * the shared node, that would hold up the other files' transfers.
 */
export async function startLocalPolkadot(): Promise<{ chain: PolkadotChain; network: PolkadotNetwork }> {
  return onNetwork(await startPolkadotChain());
}

function onNetwork<Chain extends PolkadotChainClient>(chain: Chain): { chain: Chain; network: PolkadotNetwork } {
  const network = createPolkadotLocalnet({
    rpcUrl: chain.rpcUrl,
    genesisHash: chain.genesisHash,
    name: 'Chopsticks',
    decimals: chain.decimals,
    symbol: chain.symbol,
    ss58Format: chain.ss58Format,
  });
  return { chain, network };
}

/** A page-like object extensions inject into: `{ injectedWeb3 }`. */
export type InjectionTarget = { injectedWeb3?: Record<string, unknown> };

export function createExtension(key: string, accounts: string[], options: Partial<MockPolkadotExtensionOptions> = {}) {
  return createMockPolkadotExtension({ key, accounts: accounts.map((secret) => ({ uri: secret })), ...options });
}

const mounted = new Set<() => void>();

/** Unmounts every adapter a test left behind, even a test that failed midway. */
export function unmountAll(): void {
  for (const unmount of [...mounted]) unmount();
}

export interface MountedAdapter {
  adapter: ChainAdapter;
  target: InjectionTarget;
  events: AdapterEvent[];
  connectors(): readonly Connector[];
  connector(key: string): Connector;
  unmount(): void;
}

/** What sits at `injectedWeb3[key]`: the testkit's extension, or a hand-made entry. */
export interface Injection {
  key: string;
  entry: object;
}

/** An adapter set up as the kernel does (setup + watchConnectors) on its own target, with `injected` already there. */
export function mountAdapter(
  injected: readonly Injection[],
  networks: readonly CaipNetwork[],
  options: PolkadotAdapterOptions = {},
): MountedAdapter {
  const target: InjectionTarget = { injectedWeb3: Object.fromEntries(injected.map(({ key, entry }) => [key, entry])) };
  const adapter = createPolkadotAdapter({ target, ...options });
  const events: AdapterEvent[] = [];
  const teardown = adapter.setup?.({ networks, emit: (event) => events.push(event) });
  let list: readonly Connector[] = [];
  const unwatch = adapter.watchConnectors((next) => (list = next));
  const unmount = () => {
    if (!mounted.delete(unmount)) return;
    unwatch();
    teardown?.();
  };
  mounted.add(unmount);
  return {
    adapter,
    target,
    events,
    connectors: () => list,
    connector(key) {
      const found = list.find((c) => c.id === key);
      if (!found) throw new Error(`extension '${key}' was not discovered`);
      return found;
    },
    unmount,
  };
}

/** Lets queued microtasks and timers of 0 ms run (subscriptions answer just after subscribing). */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
