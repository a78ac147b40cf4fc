import { defineProject } from 'vitest/config';
import { componentTimeouts, testingLibrarySetup, workspaceAliases } from '../vitest.shared.js';

/**
 * ui-react's test files that observe module evaluation (which modules a page loads before the modal first opens; that
 * importing the package on a server touches no browser global) and so need a module graph of their own: each runs
 * isolated, as Vitest's default, while the rest of ui-react shares one graph per worker (vitest.config.ts).
 */
export const ISOLATED_FILES = ['src/createModal.test.tsx', 'src/ssr.test.tsx'];

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'ui-react-isolated',
    environment: 'happy-dom',
    include: ISOLATED_FILES,
    isolate: true,
    ...componentTimeouts,
    setupFiles: [testingLibrarySetup],
  },
});
