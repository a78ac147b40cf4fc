import { fileURLToPath } from 'node:url';
import type { Plugin, UserWorkspaceConfig } from 'vitest/config';
import { COMPONENT_TEST_TIMEOUT_MS, SET_UP_TIMEOUT_MS, UI_WAIT_TIMEOUT_MS } from './testkit/src/timeouts.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Tests import workspace packages from source, so they never run against a stale build. */
export const workspaceAliases = {
  '@latch/kernel/internal': here('./kernel/src/internal.ts'),
  '@latch/kernel/errors': here('./kernel/src/errors/public.ts'),
  '@latch/kernel': here('./kernel/src/index.ts'),
  '@latch/react/testing': here('./ui-react/src/testing/index.ts'),
  '@latch/react': here('./ui-react/src/index.ts'),
  // The kernel fakes, from source like the kernel they stand in for (the testkit's other entries load from its build).
  '@latch/testkit/kernel': here('./testkit/src/kernel/index.ts'),
  '@latch/devnet/oidc': here('./devnet/src/oidc/index.ts'),
  '@latch/devnet/services': here('./devnet/src/services/index.ts'),
  '@latch/connector-embedded/protocol': here('./connector-embedded/src/protocol/public.ts'),
  '@latch/connector-embedded/sessions': here('./connector-embedded/src/sessionKey.ts'),
  '@latch/service-kit': here('./service-kit/src/index.ts'),
  '@latch/name-service': here('./service-names/src/index.ts'),
  '@latch/feature-names/protocol': here('./feature-names/src/protocol.ts'),
};

/*
 * Every project's bounds, from testkit/src/timeouts.ts (why they are what they are is written there). They end a test
 * that hangs; they never stand for how fast something should be. Each wait is bounded below the test that holds it, so
 * a failure names what it waited for: `expect.poll` and Testing Library's `findBy`/`waitFor` (set in
 * scripts/test-support/testingLibrary.ts) at UI_WAIT_TIMEOUT_MS, inside the test's own bound.
 */

/** Projects whose hooks start, and whose tests drive, real chains and services (anvil, chopsticks, PGlite, SMTP, Chromium). */
export const serviceTimeouts = {
  testTimeout: SET_UP_TIMEOUT_MS,
  hookTimeout: SET_UP_TIMEOUT_MS,
  expect: { poll: { timeout: UI_WAIT_TIMEOUT_MS } },
};

/** Unit and component projects: nothing starts; loading a module the first time is what is slow under load. */
export const componentTimeouts = {
  testTimeout: COMPONENT_TEST_TIMEOUT_MS,
  hookTimeout: COMPONENT_TEST_TIMEOUT_MS,
  expect: { poll: { timeout: UI_WAIT_TIMEOUT_MS } },
};

/** Setup file of the projects that render with Testing Library: its waits get the same bound as `expect.poll`. */
export const testingLibrarySetup = here('./scripts/test-support/testingLibrary.ts');

/*
 * Projects that run in Node without a DOM share one module graph per worker (`isolate: false`): each test file then
 * reuses the modules the previous one loaded (viem, @solana/kit, cosmjs, the Polkadot API) instead of importing them
 * afresh, which was most of those projects' time. Their tests keep no module-level state between files: every
 * chain, wallet and service is started by the file that uses it and stopped in its own hooks, and the suites pass in
 * shuffled order (`--sequence.shuffle.files`). DOM projects keep isolation: each file gets a fresh happy-dom window.
 */
export const nodeEnvironment = { environment: 'node', isolate: false } as const;

/*
 * A project that mixes DOM and Node files can share one module graph per worker too (`sharingModules`): without it,
 * every file starts a fresh worker process that imports WalletConnect, viem, the Polkadot API and the rest again, most
 * of such a project's CPU time. What a shared graph changes: modules (the package's own included) are evaluated once
 * per worker, not once per file, and a `vi.mock` stays registered for the files that follow in that worker. So a file
 * that mocks a module, resets modules or watches which modules load runs in the project's `-isolated` twin
 * (`isolatedTwin`, in the package's vitest.isolated.config.ts, listed in the root vitest.config.ts), in a fresh
 * graph as before; every other file leaves nothing behind (it stops what it starts and undoes its stubs).
 */

/** The project with its files sharing one module graph per worker, less the files that need a graph of their own. */
export function sharingModules(project: UserWorkspaceConfig, isolatedFiles: readonly string[] = []): UserWorkspaceConfig {
  return { ...project, test: { ...project.test, isolate: false, exclude: [...(project.test?.exclude ?? []), ...isolatedFiles] } };
}

/** The project's `<name>-isolated` twin: the same settings, for the given files only, each in a fresh module graph. */
export function isolatedTwin(project: UserWorkspaceConfig, isolatedFiles: readonly string[]): UserWorkspaceConfig {
  const name = project.test?.name;
  if (typeof name !== 'string') throw new TypeError('isolatedTwin needs a project with a name');
  return { ...project, test: { ...project.test, name: `${name}-isolated`, include: [...isolatedFiles], isolate: true } };
}

/**
 * The project, with type tests of the package's public API (the `*.test-d.ts` files under src) checked by tsc in its run. tsc checks
 * those files and what they import (the package's tsconfig.typecheck.json), not the whole repository: the `tsc` step of
 * `npm test` does that once.
 */
export function withTypeTests(project: UserWorkspaceConfig): UserWorkspaceConfig {
  return {
    ...project,
    test: { ...project.test, typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.typecheck.json' } },
  };
}

/**
 * `globalSetup` of the projects whose tests use a real PostgreSQL server: one server for the whole run, which their files
 * take with `sharedPostgres()` and create their own databases on (scripts/test-support/postgresGlobalSetup.ts).
 */
export const sharedPostgresSetup = here('./scripts/test-support/postgresGlobalSetup.ts');

/**
 * `globalSetup` of the projects whose tests use the local Polkadot chain: one chopsticks node for the whole run, which
 * their files take a client on with `sharedPolkadotChain()` (scripts/test-support/polkadotGlobalSetup.ts).
 */
export const sharedPolkadotSetup = here('./scripts/test-support/polkadotGlobalSetup.ts');

const pgliteTemplate = here('./scripts/test-support/pgliteTemplate.ts');

/**
 * Serves `@electric-sql/pglite` from scripts/test-support/pgliteTemplate.ts to the code under test: a new in-memory
 * PGlite starts from a copy of a freshly initialised cluster rather than running initdb again (why, and what stays the
 * same, is written there). Only the bare specifier, imported from anywhere but that module itself, is redirected.
 */
export function pgliteFromTemplate(): Plugin {
  return {
    name: 'latch:pglite-from-template',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@electric-sql/pglite' || importer === pgliteTemplate) return null;
      return pgliteTemplate;
    },
  };
}
