import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { defineConfig } from 'vitest/config';

// Each package with a vitest config is a project; a package appears here once it has tests.
const packages = [
  'kernel',
  'testkit',
  'devnet',
  'adapter-eip155',
  'adapter-solana',
  'adapter-polkadot',
  'adapter-bip122',
  'adapter-cosmos',
  'siwx',
  'feature-onramp',
  'feature-swap',
  'feature-names',
  'service-kit',
  'service-names',
  'connector-walletconnect',
  'connector-embedded',
  'embedded-wallet-frame',
  'service-embedded-wallet',
  'wagmi-interop',
  'ui-react',
  'examples/gas-tracker',
  'examples/nextjs',
  'bench',
  'scripts',
  'packaging',
].filter((dir) => existsSync(`${dir}/vitest.config.ts`));
// The `-isolated` twins of projects whose files share a module graph: the files that must not (vitest.shared.ts).
const extraProjects = packages.map((dir) => `${dir}/vitest.isolated.config.ts`).filter((config) => existsSync(config));

/*
 * Worker groups. A worker process loads a project's modules once (viem, WalletConnect, the Polkadot API, React, each
 * evaluated again in every process), so every worker more costs that load again: on 2 cores, adapter-eip155 took 36 s
 * of CPU (user + sys) in one worker and 65 s in three, in the same 36 s; connector-walletconnect 47 s and 69 s. The
 * whole of `npm test` is CPU-bound on such a machine (the unit tests, the e2e suite and the packaging lane run side by
 * side; both cores busy 96 % of a run). With these groups the unit tests alone took 740 s of CPU instead of 891; in
 * full runs the difference stayed within the spread between runs (one run 1,477 s of CPU against 1,627, the next
 * 1,638), and the wall time did not change. More workers in group 1 (two) only cost CPU again. Vitest runs projects
 * in groups, one group after the other (`sequence.groupOrder`), each group one pool with its own worker count:
 * - group 1, one worker: the projects whose files mostly compute (kernel, adapters, plugins, testkit), one project
 *   after another, each project's files handed to that worker at once;
 * - group 2, three workers: the projects whose files mostly wait on what they start (chopsticks, the relay, the wallet
 *   and name services, Chromium), where another file running meanwhile shortens the project (devnet alone: 74 s with
 *   two, 121 s with one, 70 s with three, for 101, 95 and 113 s of CPU). Vitest hands a group's files to its workers
 *   project after project, so this count is how many files run at once in the whole group. Group 2 runs last, when
 *   the other lanes of `npm test` have ended or are ending: with two workers both cores stood idle 22 % of it (alone,
 *   on 2 cores: 318 s, 489 CPU-s, 140 core-seconds idle); with three, 266 s for the same 480 CPU-s, 48 idle.
 * Group 1 runs first, beside the other lanes of `npm test`. Files within a project never depend on each other either
 * way: each starts its own chains and services on free ports of 127.0.0.1 and stops them in its hooks
 * (CONTRIBUTING.md, "Test files run side by side"). A project not named below runs in group 2. `--maxWorkers` on the
 * command line does not change a project's count here; `--no-file-parallelism` runs every project one file at a time.
 */
const ONE_WORKER = new Set([
  'kernel',
  'testkit',
  'adapter-eip155',
  'adapter-solana',
  'adapter-bip122',
  'adapter-cosmos',
  'siwx',
  'feature-onramp',
  'feature-swap',
  'feature-names',
  'service-kit',
  'embedded-wallet-frame',
  'wagmi-interop',
  'examples/gas-tracker',
  'examples/nextjs',
  'bench',
]);

/** The project in its config file, placed in its worker group. */
function inWorkerGroup(configFile: string) {
  const dir = dirname(configFile);
  // The packaging lane runs alone (`--project=packaging` in scripts/test.mjs), its files three at a time.
  if (dir === 'packaging') return { extends: configFile, root: dir };
  const test = ONE_WORKER.has(dir) ? { maxWorkers: 1, sequence: { groupOrder: 1 } } : { maxWorkers: 3, sequence: { groupOrder: 2 } };
  return { extends: configFile, root: dir, test };
}

export default defineConfig({
  test: {
    projects: [...packages, ...extraProjects].map((entry) => inWorkerGroup(entry.endsWith('.ts') ? entry : `${entry}/vitest.config.ts`)),
    maxWorkers: 3,
  },
});
