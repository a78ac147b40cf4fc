import type { TestProject } from 'vitest/node';
import { type PolkadotNode, startPolkadotNode } from '../../devnet/src/polkadot/chain.js';

/*
 * One chopsticks node (a real Substrate runtime) for the whole Vitest run, not one per test file: a start costs about
 * 6 s and 7 CPU seconds (genesis from the chain spec, the first block, built by the runtime in an interpreter). It is
 * the `globalSetup` of every project whose tests use the chain (`sharedPolkadotSetup` in vitest.shared.ts): the first
 * of those projects starts it in Vitest's main process, the others reuse it, and the last one's teardown stops it (the
 * node also dies with the process). Each project passes its address to its test files (`provide`); a file takes a
 * client on it with `sharedPolkadotChain()` (scripts/test-support/sharedPolkadot.ts) and funds accounts of its own,
 * so files running side by side share the node but no account. A file that changes how the node builds blocks
 * (`dev_setBlockBuildMode`) would hold up the others' transfers: it starts a node of its own.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared chopsticks node (`ws://127.0.0.1:<port>`). */
    latchPolkadotRpcUrl?: string;
  }
}

interface SharedNode {
  node: Promise<PolkadotNode>;
  projects: number;
}

// Each project loads this module on its own, so the node is kept on the main process's global object.
const KEY = Symbol.for('latch.test.sharedPolkadot');
const registry = globalThis as { [KEY]?: SharedNode };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  registry[KEY] ??= { node: startPolkadotNode(), projects: 0 };
  const shared = registry[KEY];
  shared.projects += 1;
  const node = await shared.node;
  project.provide('latchPolkadotRpcUrl', node.rpcUrl);
  return async () => {
    shared.projects -= 1;
    if (shared.projects > 0) return;
    delete registry[KEY];
    await node.stop();
  };
}
