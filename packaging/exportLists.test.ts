import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { API, type Project, SymbolFlags } from 'typescript/unstable/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishablePackages, repoRoot } from '../scripts/pack.mjs';

// Every public export list, pinned: a change to what a published package exports is a deliberate act (update the
// snapshot in packaging/export-lists/ with `npx vitest run --project packaging exportLists -u` and add a changeset),
// never a side effect of moving code. Reads the built entries (`npm run build` first), as an app would import them.

type Entry = { subpath: string; types: string; js: string };
type Exports = Record<string, string | { types?: string; import?: string }>;

const packages = publishablePackages().map((pkg) => {
  const entries: Entry[] = [];
  const files: string[] = [];
  for (const [subpath, target] of Object.entries((pkg.manifest.exports ?? {}) as Exports)) {
    // A plain path (a JSON file, a classic `*.iife.js` script a page injects) is a file, not a module with names.
    if (typeof target === 'string') files.push(subpath);
    else if (target.types && target.import) entries.push({ subpath, types: join(pkg.dir, target.types), js: join(pkg.dir, target.import) });
    else throw new Error(`${pkg.name} exports ${subpath} without both a "types" and an "import" condition`);
  }
  return { ...pkg, entries, files };
});

/**
 * The names the declaration files export, type-only or not, read by the TypeScript compiler (its TypeScript 7 API,
 * which drives the same compiler as `tsc`): `export *` chains and re-exports of other packages are followed as an
 * app's editor would.
 */
let declared: Map<string, { values: string[]; types: string[] }>;
let readTypesMs = 0;

beforeAll(() => {
  const started = performance.now();
  const scratch = mkdtempSync(join(tmpdir(), 'latch-export-lists-'));
  const api = new API({ cwd: repoRoot });
  try {
    const typeFiles = packages.flatMap((pkg) => pkg.entries.map((entry) => join(repoRoot, entry.types)));
    const config = join(scratch, 'tsconfig.json');
    const compilerOptions = { module: 'nodenext', moduleResolution: 'nodenext', skipLibCheck: true, noEmit: true, types: [] };
    writeFileSync(config, JSON.stringify({ compilerOptions, files: typeFiles }));
    const project = api.updateSnapshot({ openProjects: [config] }).getProjects()[0] as Project;
    declared = new Map(typeFiles.map((file) => [file, declaredNames(project, file)]));
  } finally {
    api.close();
    rmSync(scratch, { recursive: true, force: true });
  }
  readTypesMs = performance.now() - started;
});

function declaredNames(project: Project, file: string) {
  const source = project.program.getSourceFile(file);
  const moduleSymbol = source && project.checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`TypeScript does not read ${file} as a module`);
  const values: string[] = [];
  const types: string[] = [];
  for (const symbol of project.checker.getExportsOfModule(moduleSymbol)) {
    const target = symbol.flags & SymbolFlags.Alias ? project.checker.getAliasedSymbol(symbol) : symbol;
    (target.flags & SymbolFlags.Value ? values : types).push(symbol.name);
  }
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
