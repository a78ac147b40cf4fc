import { defineProject, type UserWorkspaceConfig } from 'vitest/config';
import { componentTimeouts, sharingModules, testingLibrarySetup, withTypeTests, workspaceAliases } from '../vitest.shared.js';

/**
 * ui-react's test files that observe module evaluation (which modules a page loads before the modal first opens; that
 * importing the package on a server touches no browser global) or make the modal's code fail to load, and so need a
 * module graph of their own: each runs isolated, as Vitest's default, in the `ui-react-isolated` project
 * (vitest.isolated.config.ts).
 */
export const ISOLATED_FILES = [
  'src/createModal.test.tsx',
  'src/ssr.test.tsx',
  'src/components/ModalHost.embedded.test.tsx',
  'src/components/ModalHost.placed.test.tsx',
];

/** The settings both projects share. */
export const project: UserWorkspaceConfig = {
  resolve: { alias: workspaceAliases },
  test: {
    name: 'ui-react',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    ...componentTimeouts,
    setupFiles: [testingLibrarySetup],
  },
};

/*
 * The other files share one module graph and one happy-dom window per worker (`sharingModules`, `isolate: false`): each
 * file reuses React, the kernel and the views the previous file loaded instead of importing them again (about half of
 * this project's CPU time). Every file renders into the document through Testing Library, which unmounts after each
 * test, and undoes its own stubs (`vi.unstubAllGlobals`), so nothing a file leaves behind reaches the next.
 */
// Type tests of the hooks and createModal (`*.test-d.ts`) run in this project only, not in its -isolated twin.
export default defineProject(withTypeTests(sharingModules(project, ISOLATED_FILES)));
