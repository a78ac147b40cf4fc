import { defineProject } from 'vitest/config';
import { componentTimeouts, testingLibrarySetup, workspaceAliases } from '../vitest.shared.js';
import { ISOLATED_FILES } from './vitest.isolated.config.js';

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'ui-react',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // The files that watch module evaluation run in their own project, each in a fresh module graph
    // (vitest.isolated.config.ts).
    exclude: ISOLATED_FILES,
    /*
     * The files share one module graph and one happy-dom window per worker (`isolate: false`): each file reuses React,
     * the kernel and the views the previous file loaded instead of importing them again (about half of this project's
     * CPU time). Every file renders into the document through Testing Library, which unmounts after each test, and undoes
     * its own stubs (`vi.unstubAllGlobals`), so nothing a file leaves behind reaches the next.
     */
    isolate: false,
    ...componentTimeouts,
    setupFiles: [testingLibrarySetup],
    // Type tests of the hooks and createModal (`*.test-d.ts`), checked by tsc as part of the run.
    // tsc checks those files and what they import (tsconfig.typecheck.json), not the whole repository: the `tsc` step
    // of `npm test` does that once.
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.typecheck.json' },
  },
});
