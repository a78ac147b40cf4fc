import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, type Project, type Symbol as TsSymbol, SymbolFlags } from 'typescript/unstable/sync';
import { publishablePackages, repoRoot } from '../../scripts/pack.mjs';

// The published packages' entries and one TypeScript program over their built declaration files, shared by the
// tests that read what an app's editor sees (exportLists.test.ts, publicTypes.test.ts). `npm run build` first.

export type Entry = { subpath: string; types: string; js: string };
type Exports = Record<string, string | { types?: string; import?: string }>;

/** Every publishable package with its module entries (paths relative to the repository) and its plain-file exports. */
export function publishedEntries() {
  return publishablePackages().map((pkg) => {
    const entries: Entry[] = [];
    const files: string[] = [];
    for (const [subpath, target] of Object.entries((pkg.manifest.exports ?? {}) as Exports)) {
      // A plain path (a JSON file, a classic `*.iife.js` script a page injects) is a file, not a module with names.
      if (typeof target === 'string') files.push(subpath);
      else if (target.types && target.import)
        entries.push({ subpath, types: join(pkg.dir, target.types), js: join(pkg.dir, target.import) });
      else throw new Error(`${pkg.name} exports ${subpath} without both a "types" and an "import" condition`);
    }
    return { ...pkg, entries, files };
  });
}

/**
 * Opens `typeFiles` (absolute paths) in one program of the TypeScript compiler (its TypeScript 7 API, which drives the
 * same compiler as `tsc`), resolving imports as an app would (`nodenext`), and returns what `read` makes of it; the
 * compiler process is closed after, even when `read` throws.
 */
export function readDeclarations<T>(typeFiles: string[], read: (project: Project) => T, cwd = repoRoot): T {
  const scratch = mkdtempSync(join(tmpdir(), 'latch-declarations-'));
  const api = new API({ cwd });
  try {
    const config = join(scratch, 'tsconfig.json');
    const compilerOptions = { module: 'nodenext', moduleResolution: 'nodenext', skipLibCheck: true, noEmit: true, types: [] };
    writeFileSync(config, JSON.stringify({ compilerOptions, files: typeFiles }));
    return read(api.updateSnapshot({ openProjects: [config] }).getProjects()[0] as Project);
  } finally {
    api.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** What a declaration file exports: each name with the declaration it stands for (re-exports and aliases followed). */
export function moduleExports(project: Project, file: string): { name: string; target: TsSymbol }[] {
  const source = project.program.getSourceFile(file);
  const moduleSymbol = source && project.checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`TypeScript does not read ${file} as a module`);
  return project.checker.getExportsOfModule(moduleSymbol).map((symbol) => ({ name: symbol.name, target: aliasTarget(project, symbol) }));
}

/** The declaration an import, export or re-export stands for; any other symbol itself. */
export function aliasTarget(project: Project, symbol: TsSymbol): TsSymbol {
  return symbol.flags & SymbolFlags.Alias ? project.checker.getAliasedSymbol(symbol) : symbol;
}
