import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Project, SymbolFlags } from 'typescript/unstable/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../scripts/pack.mjs';
import { moduleExports, publishedEntries, readDeclarations } from './lib/declarations.js';

// Every public export list, pinned: a change to what a published package exports is a deliberate act (update the
// snapshot in packaging/export-lists/ with `npx vitest run --project packaging exportLists -u` and add a changeset),
// never a side effect of moving code. Reads the built entries (`npm run build` first), as an app would import them.

const packages = publishedEntries();

/**
 * The names the declaration files export, type-only or not, read by the TypeScript compiler: `export *` chains and
 * re-exports of other packages are followed as an app's editor would.
 */
let declared: Map<string, { values: string[]; types: string[] }>;
let readTypesMs = 0;

beforeAll(() => {
  const started = performance.now();
  const typeFiles = packages.flatMap((pkg) => pkg.entries.map((entry) => join(repoRoot, entry.types)));
  declared = readDeclarations(typeFiles, (project) => new Map(typeFiles.map((file) => [file, declaredNames(project, file)])));
  readTypesMs = performance.now() - started;
});

function declaredNames(project: Project, file: string) {
  const values: string[] = [];
  const types: string[] = [];
  for (const { name, target } of moduleExports(project, file)) (target.flags & SymbolFlags.Value ? values : types).push(name);
  return { values: values.sort(), types: types.sort() };
}

const list = (title: string, names: string[]) => [`${title} (${names.length})`, ...names.map((name) => `  ${name}`)];

afterAll(() => {
  // The suite's cost, for the packaging docs (it reuses the build; the compiler pass is the slow part).
  console.info(`export lists: declaration files read in ${Math.round(readTypesMs)} ms`);
});

describe('public export lists', () => {
  it.each(packages.map((pkg) => [pkg.name, pkg] as const))('%s matches its snapshot', async (_name, pkg) => {
    const lines = [`# ${pkg.name}: the names each entry exports (packaging/exportLists.test.ts writes this file)`];
    for (const entry of pkg.entries) {
      const runtime = Object.keys(await import(pathToFileURL(join(repoRoot, entry.js)).href)).sort();
      const types = declared.get(join(repoRoot, entry.types));
      if (!types) throw new Error(`no declarations read for ${entry.types}`);
      lines.push('', `## ${entry.subpath}`, ...list('runtime', runtime), ...list('types only', types.types));
      // The declarations promise exactly the values the module has: a value typed but not built (or built but untyped)
      // is an import that fails at run time, or one no app can see.
      expect(types.values, `${pkg.name} ${entry.subpath}: values in ${entry.types} vs ${entry.js}`).toEqual(runtime);
    }
    if (pkg.files.length > 0) lines.push('', '## files', ...pkg.files.map((file) => `  ${file}`));
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot(join('export-lists', `${pkg.dir}.txt`));
  });
});
