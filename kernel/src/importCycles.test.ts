import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, productSources, valueImports, workspaceDirs } from '../../scripts/test-support/sourceGraph.js';

/*
 * No package's product code imports itself back at run time. A cycle makes the evaluation order depend on which
 * file is imported first (a value read before its module ran is undefined) and ties lazily loaded chunks to the
 * entry. Identifiers and types that several files share live in leaf modules (constants, types) that import
 * nothing from the package. Type-only imports are erased by the build and do not count.
 */

/**
 * Two cycles left, on purpose, each through a lazy import, until their chunk budgets are rebalanced:
 * - ui-react: the modal shell's view registry (modal/views.ts) lazily loads the views, and ConnectView and ViewHost
 *   (in AccountView) read its loaded-view cache back. Moving the cache to a leaf was tried: the registry then merges
 *   into the modal-shell chunk (mountModal 9.75 -> 10.65 kB gzip, over its 10 kB budget), although what opening the
 *   modal loads shrinks (11.02 -> 10.94 kB). Cutting both edges back was tried too (issue 27, session 36): ViewHost
 *   hands the views a `host` prop (AccountView renders its tabs with it, and the Connect view's section loader moves
 *   beside ViewHost), so no view imports the registry. The cycle goes, and so does the chunk of its own the registry
 *   had: it is the cycle (the Connect and Account views reaching the registry back; cutting either edge alone merges it
 *   too) that keeps the bundler from putting it in the shell's chunk, and without it only the shell reaches it. mountModal 10,086 -> 11,209 bytes gzip (budget 10,240), first loads 12 to 21
 *   bytes smaller, opening 330 bytes smaller (mountModal + views 11,539 -> 11,209). The same with a React context
 *   instead of the prop: mountModal 11,254, a 112-byte chunk for the context, latch-evm first load +8. Importing the
 *   registry from the entry beside the shell keeps it a chunk of its own, but latch-evm's first load grows 53 bytes.
 * - kernel: the sign-in chunk (signIn.ts, loaded by signInTrigger.ts) cancels a required sign-in with disconnect, and
 *   disconnect signs accounts out through that chunk. Moving the cancel into the visitor chunk beside disconnect was
 *   tried: that chunk then measures 6,149 bytes gzip, over its 6,144; handing disconnect in from createModal instead
 *   put 0.27 kB on every page's first load. Tried again (issue 27, export-lists session): the cancel step takes
 *   disconnect as a parameter and visitorActions.ts's `signInActions` wraps the chunk to pass it in (signIn.ts then
 *   imports no disconnect). The cycle goes, but the bundler then splits the kernel's atoms out of the entry into a
 *   chunk of their own that every page preloads: latch-evm first load 87,127 -> 87,407 bytes gzip (budget 87,319),
 *   latch-five 100,876 -> 101,090 (budget 101,040), visitorActions 6,113 -> 6,157 (budget 6,144). Reverted.
 */
const ALLOWED: Record<string, string[]> = {
  kernel: [
    "kernel/src/actions/disconnect.ts → kernel/src/actions/signInTrigger.ts → kernel/src/actions/signIn.ts → kernel/src/actions/disconnect.ts (4 files in the cycle's component)",
  ],
  'ui-react': [
    "ui-react/src/modal/ViewHost.tsx → ui-react/src/modal/views.ts → ui-react/src/views/AccountView.tsx → ui-react/src/modal/ViewHost.tsx (5 files in the cycle's component)",
  ],
};

describe('runtime import cycles', () => {
  it.each(workspaceDirs())('%s has none', (dir) => {
    expect(importCycles(importGraph(productSources(dir)))).toEqual(ALLOWED[dir] ?? []);
  });

  it('are read from static imports, re-exports and literal import(), never from import type or export type', () => {
    const source = [
      "import type { A } from './a.js';",
      "import { b } from './b.js';",
      "export * from './c.js';",
      "export type { D } from './d.js';",
      "const e = () => import('./e.js');",
      "import 'react';",
    ].join('\n');
    expect(valueImports('p/src/x.ts', source)).toEqual(['./b.js', './c.js', 'react', './e.js']);
  });

  it('are found and printed: a value cycle through a lazy import', () => {
    const graph = new Map([
      ['p/src/index.ts', ['p/src/view.tsx']],
      ['p/src/view.tsx', ['p/src/ids.ts', 'p/src/index.ts']],
      ['p/src/ids.ts', []],
    ]);
    expect(importCycles(graph)).toEqual(["p/src/index.ts → p/src/view.tsx → p/src/index.ts (2 files in the cycle's component)"]);
  });
});
