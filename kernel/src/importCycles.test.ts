import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, productSources, valueImports, workspaceDirs } from '../../scripts/test-support/sourceGraph.js';

/*
 * No package's product code imports itself back at run time. A cycle makes the evaluation order depend on which
 * file is imported first (a value read before its module ran is undefined) and ties lazily loaded chunks to the
 * entry. Identifiers and types that several files share live in leaf modules (constants, types) that import
 * nothing from the package. Type-only imports are erased by the build and do not count.
 */

/**
 * One cycle left, on purpose, through a lazy import, until its chunk budgets are rebalanced:
 * - ui-react: the modal shell's view registry (modal/views.ts) lazily loads the views, and ConnectView and ViewHost
 *   (in AccountView) read its loaded-view cache back. Moving the cache to a leaf was tried: the registry then merges
 *   into the modal-shell chunk (mountModal 9.75 -> 10.65 kB gzip, over its 10 kB budget), although what opening the
 *   modal loads shrinks (11.02 -> 10.94 kB).
 * The kernel's sign-in cycle (disconnect -> sign-in trigger -> sign-in chunk -> disconnect) is gone: the disconnect
 * steps live in actions/disconnectCore.ts, which takes the sign-out as an argument, and network.ts's switch no longer
 * asks for a sign-in (the visitor-actions chunk does). Keep network.ts reachable from the sign-in chunk: when it was
 * not (setActiveNetwork moved to a module of its own), the bundler split the kernel's atoms out of the entry into a
 * chunk every page preloads, +275 bytes gzip of first load (disconnectCore.ts says more).
 */
const ALLOWED: Record<string, string[]> = {
  kernel: [],
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
