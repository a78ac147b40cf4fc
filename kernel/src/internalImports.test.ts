import { describe, expect, it } from 'vitest';
import { filesUnder, importSpecifiers, workspaceDirs } from '../../scripts/test-support/sourceGraph.js';

/*
 * `@latch/kernel/internal` is the UI binding's own entry (@latch/react, folder ui-react): its shape may change in any
 * release. Every other package (product code and tests), the examples, the benchmarks and the scripts use the public
 * API: a plugin reads and acts through the PluginContext it is given, a test through the instance, `signInFlow` and
 * `@latch/testkit/kernel`'s fakes.
 */

const ENTRY = '@latch/kernel/internal';

/** The folders allowed to import the entry: the binding, and the kernel that defines it. */
const OWNERS = ['ui-react/', 'kernel/'];

/** Files still importing it, each with the reason it has not moved to the public API yet: none. */
const ALLOWED: string[] = [];

/** Every source the repository holds outside the owners: workspace packages (tests too), examples, bench, scripts. */
function sources(): string[] {
  const roots = [...new Set([...workspaceDirs(), 'examples', 'bench', 'scripts', 'packaging', 'docs'])];
  return roots
    .flatMap((dir) => filesUnder(dir))
    .filter((path) => /\.(m?[jt]sx?)$/.test(path) && !OWNERS.some((owner) => path.startsWith(owner)))
    .sort();
}

describe(`${ENTRY}`, () => {
  it('is imported by no package but @latch/react (product code, tests, examples, bench, scripts)', () => {
    const importers = sources().filter((file) => importSpecifiers(file).includes(ENTRY));
    expect(importers).toEqual(ALLOWED);
  });

  it('is found however it is imported: value, type-only, re-exported or loaded with import()', () => {
    const forms = [
      `import { getInternals } from '${ENTRY}';`,
      `import type { ModalInternals } from '${ENTRY}';`,
      `export { atom } from '${ENTRY}';`,
      `const internals = () => import('${ENTRY}');`,
    ];
    for (const form of forms) expect(importSpecifiers('p/src/x.ts', form)).toContain(ENTRY);
    expect(importSpecifiers('p/src/x.ts', "import { createModal } from '@latch/kernel';")).not.toContain(ENTRY);
  });
});
