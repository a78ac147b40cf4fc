import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { SyntaxKind } from 'typescript/unstable/ast';
import type { Node } from 'typescript/unstable/ast';
import { type Project, SymbolFlags, type Symbol as TsSymbol } from 'typescript/unstable/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../scripts/pack.mjs';
import { aliasTarget, moduleExports, publishedEntries, readDeclarations } from './lib/declarations.js';

// A public signature never names a type an integrator cannot import: every interface, type alias, class or enum a
// published package declares and that its exports reach (through members, parameters, return types, type arguments,
// base types, `typeof` and `import()` types, at any depth) is exported by some entry of some Latch package. An app
// that wants to keep, pass on or annotate such a value (`const c: X = await plugin.x()`) must be able to name its
// type; a seam that is only the package's own business stays off the public type instead. Reads the built
// declaration files (`npm run build` first), as an app's editor does.

/** A package as this check sees it: its folder (absolute, ending in the separator) and its entries' declaration files. */
type DeclaredPackage = { name: string; root: string; typeFiles: string[] };

/** A named type a package declares that its exports reach, but no entry of any package exports. */
type Unexported = { declaredBy: string; type: string; file: string; reachedBy: string; path: string[] };

const NAMED_TYPE = SymbolFlags.Interface | SymbolFlags.TypeAlias | SymbolFlags.Class | SymbolFlags.Enum;

/** The names a declaration refers to as types: type references, base types, `typeof x` and `import('…').X`. */
function typeReferences(node: Node, out: Node[]) {
  const last = (name: Node): Node => {
    const n = name as Node & { right?: Node; name?: Node };
    if (n.kind === SyntaxKind.QualifiedName && n.right) return n.right;
    if (n.kind === SyntaxKind.PropertyAccessExpression && n.name) return n.name;
    return name;
  };
  const n = node as Node & { typeName?: Node; expression?: Node; qualifier?: Node; exprName?: Node };
  if (n.kind === SyntaxKind.TypeReference && n.typeName) out.push(last(n.typeName));
  else if (n.kind === SyntaxKind.ExpressionWithTypeArguments && n.expression) out.push(last(n.expression));
  else if (n.kind === SyntaxKind.ImportType && n.qualifier) out.push(last(n.qualifier));
  else if (n.kind === SyntaxKind.TypeQuery && n.exprName) out.push(last(n.exprName));
  node.forEachChild((child) => {
    typeReferences(child, out);
  });
}

/**
 * Walks every package's exports through the declarations of that same package and reports each named type declared
 * in one of `packages` that is reachable but exported by none of them. A type of another package (a kernel type an
 * adapter re-uses) counts as exported when that package's entries export it; the walk does not enter it.
 */
function unexportedTypes(project: Project, packages: DeclaredPackage[]): Unexported[] {
  const home = (path: string) => packages.find((pkg) => path.startsWith(pkg.root) && !path.slice(pkg.root.length).includes('node_modules'));
  const roots = new Map(packages.map((pkg) => [pkg, pkg.typeFiles.flatMap((file) => moduleExports(project, file))]));
  const exported = new Set([...roots.values()].flat().map(({ target }) => target.id));
  const found = new Map<number, Unexported>();
  for (const pkg of packages) {
    const seen = new Set<number>();
    const queue: { symbol: TsSymbol; path: string[] }[] = (roots.get(pkg) ?? []).map(({ name, target }) => ({
      symbol: target,
      path: [name],
    }));
    for (let item = queue.shift(); item; item = queue.shift()) {
      const { symbol, path } = item;
      if (seen.has(symbol.id)) continue;
      seen.add(symbol.id);
      if (symbol.flags & SymbolFlags.ValueModule && !(symbol.flags & NAMED_TYPE)) {
        // `export * as ns`: the namespace's own exports are what it shows.
        const file = symbol.declarations?.[0]?.path;
        if (file && home(file) === pkg)
          for (const { name, target } of moduleExports(project, file)) queue.push({ symbol: target, path: [...path, name] });
        continue;
      }
      const names: Node[] = [];
      for (const handle of symbol.declarations ?? []) {
        const declaration = handle.path.startsWith(pkg.root) ? handle.resolve(project) : undefined;
        if (declaration) typeReferences(declaration, names);
      }
      if (names.length === 0) continue;
      for (const reference of project.checker.getSymbolAtLocation(names)) {
        if (!reference) continue;
        const target = aliasTarget(project, reference);
        const file = target.declarations?.[0]?.path;
        const owner = file && home(file);
        if (!owner || target.flags & SymbolFlags.TypeParameter) continue;
        if (target.flags & NAMED_TYPE && !exported.has(target.id) && !found.has(target.id)) {
          const unexported = { declaredBy: owner.name, type: target.name, file, reachedBy: pkg.name, path: [...path, target.name] };
          found.set(target.id, unexported);
        }
        if (owner === pkg) queue.push({ symbol: target, path: [...path, target.name] });
      }
    }
  }
  return [...found.values()];
}

const folder = (dir: string) => join(dir, sep);

describe('public signatures name only exported types', () => {
  let fixture: string | undefined;
  afterAll(() => {
    if (fixture) rmSync(fixture, { recursive: true, force: true });
  });

  it('finds what members, parameters, results, type arguments, base types, typeof and import() reach, at any depth', () => {
    fixture = mkdtempSync(join(tmpdir(), 'latch-public-types-'));
    const files: Record<string, string> = {
      'a/dist/index.d.ts': [
        "import type { Base, Generic, Hidden, Shown } from './inner.js';",
        "export type { Shown } from './inner.js';",
        'export interface Plugin extends Base { readonly x: { readonly settings: Shown; controller(): Promise<Hidden> } }',
        'export declare function make<T extends object>(value: T): Generic<T>;',
        "export declare const kind: import('./inner.js').Kind;",
        'export declare class Thing { private secret; method(): Promise<Array<Shown>>; }',
        'declare const table: { [key: string]: Row };',
        'interface Row { cell: number }',
        'export declare const copy: typeof table;',
      ].join('\n'),
      'a/dist/inner.d.ts': [
        "import type { Exported } from '../../b/dist/index.js';",
        "import type { NotInEntry } from '../../b/dist/more.js';",
        'interface DeepState { n: number }',
        'export interface Hidden { state: DeepState }',
        'export interface Shown { a: string }',
        'export type Generic<T> = { value: T };',
        'export interface Base { b: Exported; c: NotInEntry }',
        "export type Kind = 'a' | 'b';",
        'export interface Unreached { z: Hidden }',
      ].join('\n'),
      'b/dist/index.d.ts': 'export interface Exported { e: string }',
      'b/dist/more.d.ts': 'interface Deeper { d: string }\nexport interface NotInEntry { deeper: Deeper }',
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(fixture, file)), { recursive: true });
      writeFileSync(join(fixture, file), text);
    }
    const root = fixture;
    const packages = ['a', 'b'].map((name) => ({ name, root: folder(join(root, name)), typeFiles: [join(root, name, 'dist/index.d.ts')] }));
    const found = readDeclarations(
      packages.flatMap((pkg) => pkg.typeFiles),
      (project) => unexportedTypes(project, packages),
      root,
    );
    expect(found.map(({ declaredBy, type, path }) => `${declaredBy} ${type}: ${path.join(' → ')}`).sort()).toEqual([
      'a Base: Plugin → Base',
      'a DeepState: Plugin → Hidden → DeepState',
      'a Generic: make → Generic',
      'a Hidden: Plugin → Hidden',
      'a Kind: kind → Kind',
      'a Row: copy → table → Row',
      // Another package's type is reported when its entries do not export it, but the walk stays in the package
      // whose exports it follows (b's own exports do not reach Deeper).
      'b NotInEntry: Plugin → Base → NotInEntry',
    ]);
  });

  it('every type a published declaration reaches is exported by a Latch package', () => {
    const packages = publishedEntries().map((pkg) => ({
      name: pkg.name,
      root: folder(join(repoRoot, pkg.dir)),
      typeFiles: pkg.entries.map((entry) => join(repoRoot, entry.types)),
    }));
    const found = readDeclarations(
      packages.flatMap((pkg) => pkg.typeFiles),
      (project) => unexportedTypes(project, packages),
    );
    const report = found.map(
      ({ declaredBy, type, file, reachedBy, path }) =>
        `${declaredBy} ${type} (${relative(repoRoot, file)}), reached from ${reachedBy}: ${path.join(' → ')}`,
    );
    expect(report.sort(), 'export these types (type-only, named in the README) or keep them off the public signature').toEqual([]);
  });
});
