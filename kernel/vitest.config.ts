import { defineProject, type UserWorkspaceConfig } from 'vitest/config';
import { componentTimeouts, nodeEnvironment, sharingModules, withTypeTests, workspaceAliases } from '../vitest.shared.js';

/**
 * The kernel's test files that need a module graph of their own: the one that resets the module registry to watch what
 * importing the kernel touches (in a graph shared with other files, that reset would hand the files after it fresh
 * copies of modules the earlier ones hold, and its import would find dependencies another file already evaluated), and
 * the one that mocks the telemetry client's module. They run isolated, in the `kernel-isolated` project
 * (vitest.isolated.config.ts).
 */
export const ISOLATED_FILES = ['src/import.test.ts', 'src/telemetry/lazyTelemetry.test.ts'];

/** The settings both projects share. */
export const project: UserWorkspaceConfig = {
  // The kernel's tests use the testkit's kernel fakes, from source: the kernel builds first, and its tests need no build.
  resolve: { alias: { '@latch/testkit/kernel': workspaceAliases['@latch/testkit/kernel'] } },
  test: {
    name: 'kernel',
    ...nodeEnvironment,
    include: ['src/**/*.test.ts'],
    ...componentTimeouts,
  },
};

// The other files share one module graph per worker (`isolate: false`, vitest.shared.ts).
// Type tests of the public API (`*.test-d.ts`) run in this project only, not in its -isolated twin.
export default defineProject(withTypeTests(sharingModules(project, ISOLATED_FILES)));
