import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, productSources, valueImports, workspaceDirs } from '../../scripts/test-support/sourceGraph.js';

/*
 * No package's product code imports itself back at run time. A cycle makes the evaluation order depend on which
 * file is imported first (a value read before its module ran is undefined) and ties lazily loaded chunks to the
 * entry. Identifiers and types that several files share live in leaf modules (constants, types) that import
 * nothing from the package. Type-only imports are erased by the build and do not count.
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
