import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, productSources, valueImports, workspaceDirs } from '../../scripts/test-support/sourceGraph.js';

/*
 * No package's product code imports itself back at run time. A cycle makes the evaluation order depend on which
 * file is imported first (a value read before its module ran is undefined) and ties lazily loaded chunks to the
 * entry. Identifiers and types that several files share live in leaf modules (constants, types) that import
 * nothing from the package. Type-only imports are erased by the build and do not count.
 */

/**
 * How the last two cycles went, and what keeps them gone:
 * - ui-react: the modal shell's view registry (modal/views.ts) lazily loads the views; the Connect view read its
 *   section loader back and the Account view rendered ViewHost. Now ViewHost hands every view a `host` prop (the
 *   Account view renders its tabs with `host.View`) and the Connect view's section loader lives beside ViewHost, so no
 *   view imports the registry. The registry no longer has a chunk of its own: the bundler puts it in the shell's
 *   chunk, which opening the modal loads anyway (mountModal + registry 11,539 -> 11,209 bytes gzip, one file fewer;
 *   first loads 12 to 21 bytes smaller). A React context in a leaf module instead of the prop measured 45 bytes more
 *   and a 112-byte chunk of its own; importing the registry from the entry kept its chunk but cost 53 bytes of first load.
 * - kernel: the disconnect steps live in actions/disconnectCore.ts, which takes the sign-out as an argument, and
 *   network.ts's switch no longer asks for a sign-in (the visitor-actions chunk does), so the sign-in chunk imports no
 *   module that loads it back. Keep network.ts reachable from the sign-in chunk: when it was not (setActiveNetwork
 *   moved to a module of its own), the bundler split the kernel's atoms out of the entry into a chunk every page
 *   preloads, +275 bytes gzip of first load (disconnectCore.ts says more).
 */

describe('runtime import cycles', () => {
  it.each(workspaceDirs())('%s has none', (dir) => {
    expect(importCycles(importGraph(productSources(dir)))).toEqual([]);
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
