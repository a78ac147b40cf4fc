import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSync } from 'vite';
import { readSource, workspaceDirs } from '../../scripts/test-support/sourceGraph.js';

/*
 * `@latch/kernel/internal` is the UI binding's own entry (@latch/react, folder ui-react): its shape may change in any
 * release. Every other package (product code and tests), the examples, the benchmarks and the scripts use the public
 * API: a plugin reads and acts through the PluginContext it is given, a test through the instance, `signInFlow` and
 * `@latch/testkit/kernel`'s fakes.
 */

const ROOT = resolve(new URL('../../', import.meta.url).pathname);
const ENTRY = '@latch/kernel/internal';

/** The folders allowed to import the entry: the binding, and the kernel that defines it. */
const OWNERS = ['ui-react/', 'kernel/'];

/** Files still importing it, each with the reason it has not moved to the public API yet: none. */
const ALLOWED: string[] = [];

/** Every source the repository holds outside the owners: workspace packages (tests too), examples, bench, scripts. */
function sources(): string[] {
  const roots = [...new Set([...workspaceDirs(), 'examples', 'bench', 'scripts', 'packaging', 'docs'])];
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((entry) => {
      if (['node_modules', 'dist', '.next', 'build', 'test-results', 'playwright-report'].includes(entry)) return [];
      const path = join(dir, entry);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return roots
    .filter((dir) => existsSync(join(ROOT, dir)))
    .flatMap((dir) => walk(join(ROOT, dir)))
    .map((path) => relative(ROOT, path))
    .filter((path) => /\.(m?[jt]sx?)$/.test(path) && !OWNERS.some((owner) => path.startsWith(owner)))
    .sort();
}

/** Every module a source names: imports and re-exports (type-only ones too) and literal `import()`. */
export function importedModules(file: string, text = readSource(file)): string[] {
  // JavaScript parses as TypeScript (a superset); declaration files with their own grammar.
  const lang = /\.d\.m?ts$/.test(file) ? 'dts' : /x$/.test(file) ? 'tsx' : 'ts';
  const { program, module, errors } = parseSync(file, text, { lang, sourceType: 'module' });
  if (errors.length > 0) throw new Error(`${file}: ${errors.map((e) => e.message).join('; ')}`);
  const found: string[] = [];
  for (const node of program.body) {
    if (node.type === 'ImportDeclaration') found.push(node.source.value);
    if ((node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source) found.push(node.source.value);
  }
  for (const dynamic of module.dynamicImports) {
    const literal = text.slice(dynamic.moduleRequest.start, dynamic.moduleRequest.end);
    if (/^(['"`])[^'"`$]*\1$/.test(literal)) found.push(literal.slice(1, -1));
  }
  return found;
}

describe(`${ENTRY}`, () => {
  it('is imported by no package but @latch/react (product code, tests, examples, bench, scripts)', () => {
    const importers = sources().filter((file) => importedModules(file).includes(ENTRY));
    expect(importers).toEqual(ALLOWED);
  });

  it('is found however it is imported: value, type-only, re-exported or loaded with import()', () => {
    const forms = [
      `import { getInternals } from '${ENTRY}';`,
      `import type { ModalInternals } from '${ENTRY}';`,
      `export { atom } from '${ENTRY}';`,
      `const internals = () => import('${ENTRY}');`,
    ];
    for (const form of forms) expect(importedModules('p/src/x.ts', form)).toContain(ENTRY);
    expect(importedModules('p/src/x.ts', "import { createModal } from '@latch/kernel';")).not.toContain(ENTRY);
  });
});
