import { existsSync } from 'node:fs';
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
  'packaging',
].filter((dir) => existsSync(`${dir}/vitest.config.ts`));
// The `-isolated` twins of projects whose files share a module graph: the files that must not (vitest.shared.ts).
const extraProjects = packages.map((dir) => `${dir}/vitest.isolated.config.ts`).filter((config) => existsSync(config));

/*
 * Files run in 3 worker processes at once, whatever the core count. Vitest's default is one worker fewer than the
 * cores (a single worker on a 2-core runner), but much of a file's time is spent waiting on other processes (anvil,
 * chopsticks, Chromium, Postgres, the services it starts), not computing. Each worker of an `isolate: false` project
 * loads its module graph (viem, cosmjs, the Polkadot API) once more, so more workers also cost CPU: on 2 cores, 3 were
 * as fast as 2 with about the CPU of 2, and 4 were slower, spending ~20 % more CPU on loading modules. Each file starts
 * its own chains and services on free ports of 127.0.0.1 and stops them in its hooks, so files running side by side
 * share nothing. Every project must use the same count (Vitest refuses projects with different `maxWorkers` in one
 * run), so it is set here, once. `--maxWorkers=1` on the command line runs one file at a time again.
 */
export default defineConfig({
  test: {
    projects: [...packages, ...extraProjects],
    maxWorkers: 3,
  },
});
