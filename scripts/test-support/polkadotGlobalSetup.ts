import type { TestProject } from 'vitest/node';
import { type PolkadotNode, startPolkadotNode } from '../../devnet/src/polkadot/chain.js';
import { sharedForRun } from './sharedForRun.js';

/*
 * One chopsticks node (a real Substrate runtime) for the whole Vitest run, not one per test file: a start costs about
 * 6 s and 7 CPU seconds (genesis from the chain spec, the first block, built by the runtime in an interpreter). It is
 * the `globalSetup` of every project whose tests use the chain (`sharedPolkadotSetup` in vitest.shared.ts): the first
 * of those projects starts it in Vitest's main process, the others reuse it, and the last one's teardown stops it
 * (`sharedForRun`; the node also dies with the process). Each project passes its address to its test files
 * (`provide`); a file takes a client on it with `sharedPolkadotChain()` (scripts/test-support/sharedPolkadot.ts) and
 * funds accounts of its own, so files running side by side share the node but no account. A file that changes how the node builds blocks
 * (`dev_setBlockBuildMode`) would hold up the others' transfers: it starts a node of its own.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared chopsticks node (`ws://127.0.0.1:<port>`). */
    latchPolkadotRpcUrl?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const node = await sharedForRun<PolkadotNode>('latch.test.sharedPolkadot', startPolkadotNode, (running) => running.stop());
  project.provide('latchPolkadotRpcUrl', node.value.rpcUrl);
  return node.release;
}
