import { connectPolkadotChain, type PolkadotChainClient, startPolkadotChain } from '@latch/devnet';
import { inject } from 'vitest';

/**
 * A client on the run's shared chopsticks node (scripts/test-support/polkadotGlobalSetup.ts): its `stop()` disconnects
 * the client, and the global teardown stops the node. Outside a project with that global setup, a node of the file's
 * own (`startPolkadotChain()`, stopped by `stop()`). Either way the file funds accounts of its own.
 */
export function sharedPolkadotChain(): Promise<PolkadotChainClient> {
  const url = inject('latchPolkadotRpcUrl');
  return url ? connectPolkadotChain(url) : startPolkadotChain();
}
