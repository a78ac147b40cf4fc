import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseSync, Visitor } from 'vite';

/*
 * The product sources of the workspace packages, read with the oxc parser vite ships (no regular expressions over
 * source text): which files there are, what each imports at run time, and the import cycles among them.
 */

const ROOT = resolve(new URL('../../', import.meta.url).pathname);

/** Test files, type tests and test helpers: not product code. */
const NOT_PRODUCT = [/\.test\.tsx?$/, /\.test-d\.tsx?$/, /\.d\.ts$/, /(^|\/)test-support\//, /(^|\/)e2e\//];

/** Each workspace package folder (from the root package.json), relative to the repository root. */
export function workspaceDirs(): string[] {
  return JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).workspaces;
}

/** Folders no scan reads: dependencies and build or test output. Hidden entries are skipped too. */
const SKIPPED = new Set(['node_modules', 'dist', 'build', 'test-results', 'playwright-report']);

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    if (SKIPPED.has(entry) || entry.startsWith('.')) return [];
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** Every file under a folder of the repository, relative to the root, without dependencies, output and hidden entries. */
export function filesUnder(dir: string): string[] {
  return walk(join(ROOT, dir)).map((path) => relative(ROOT, path));
}

/** The product source files (`src/**.ts(x)`, tests excluded) of a workspace package, relative to the repository root. */
export function productSources(packageDir: string): string[] {
  return filesUnder(join(packageDir, 'src'))
    .filter((path) => /\.tsx?$/.test(path) && !NOT_PRODUCT.some((re) => re.test(path)))
    .sort();
}

export function readSource(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8');
}

/** Parses a source: JavaScript as TypeScript (a superset), JSX files as TSX, declaration files with their own grammar. */
export function parseSource(file: string, text = readSource(file)) {
  const lang = /\.d\.m?ts$/.test(file) ? 'dts' : /x$/.test(file) ? 'tsx' : 'ts';
  const result = parseSync(file, text, { lang, sourceType: 'module' });
  if (result.errors.length > 0) throw new Error(`${file}: ${result.errors.map((e) => e.message).join('; ')}`);
  return result;
}

/**
 * The module specifiers a source names: imports and re-exports, and `import('…')` with a literal specifier. With
 * `valuesOnly`, not `import type` / `export type`, which the build erases.
 */
export function importSpecifiers(file: string, text = readSource(file), { valuesOnly = false } = {}): string[] {
  const { program, module } = parseSource(file, text);
  const found: string[] = [];
  for (const node of program.body) {
    if (node.type === 'ImportDeclaration' && !(valuesOnly && node.importKind === 'type')) found.push(node.source.value);
    if (
      (node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') &&
      node.source &&
      !(valuesOnly && node.exportKind === 'type')
    )
      found.push(node.source.value);
  }
  for (const dynamic of module.dynamicImports) {
    const literal = text.slice(dynamic.moduleRequest.start, dynamic.moduleRequest.end);
    if (/^(['"`])[^'"`$]*\1$/.test(literal)) found.push(literal.slice(1, -1));
  }
  return found;
}

/** The module specifiers a source imports at run time (see importSpecifiers). */
export const valueImports = (file: string, text = readSource(file)): string[] => importSpecifiers(file, text, { valuesOnly: true });

/** A relative specifier as the file it names (`./x.js` → `x.ts` or `x.tsx`), or undefined for a package or asset. */
export function resolveRelative(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = join(dirname(from), specifier);
  const stem = base.replace(/\.(m?js|jsx|tsx?)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, join(stem, 'index.ts'), join(stem, 'index.tsx')])
    if (existsSync(join(ROOT, candidate))) return candidate;
  return undefined;
}

/** The run-time import graph of some product sources: each file and the files among them it imports. */
export function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      [...new Set(valueImports(file).map((specifier) => resolveRelative(file, specifier)))].filter(
        (target): target is string => target !== undefined && known.has(target),
      ),
    ]),
  );
}

/**
 * The import cycles of a graph: each strongly connected component of more than one file (or a file that imports
 * itself), as one cycle through it written `a.ts → b.ts → a.ts`. Tarjan's algorithm.
 */
export function importCycles(graph: Map<string, string[]>): string[] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || graph.get(file)?.includes(file)) components.push(component);
    }
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return components.map((component) => describeCycle(graph, component)).sort();
}

/** One cycle through a strongly connected component, from its first file back to it (breadth-first, shortest). */
function describeCycle(graph: Map<string, string[]>, component: string[]): string {
  const members = new Set(component);
  const start = [...component].sort()[0] as string;
  const previous = new Map<string, string>();
  const queue = [start];
  let closing: string | undefined;
  while (queue.length > 0 && closing === undefined) {
    const file = queue.shift() as string;
    for (const target of graph.get(file) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        closing = file;
        break;
      }
      if (!previous.has(target)) {
        previous.set(target, file);
        queue.push(target);
      }
    }
  }
  const path = [start];
  for (let file = closing; file !== undefined && file !== start; file = previous.get(file)) path.splice(1, 0, file);
  return `${[...path, start].join(' → ')} (${component.length} files in the cycle's component)`;
}

/** The names a source imports or re-exports by name from other modules (`import { a, b as c }` gives a and b). */
export function importedNames(file: string, text = readSource(file)): string[] {
  const { program } = parseSource(file, text);
  const names: string[] = [];
  const nameOf = (node: { type: string; name?: string; value?: unknown }) => (node.type === 'Identifier' ? node.name : String(node.value));
  for (const node of program.body) {
    if (node.type === 'ImportDeclaration')
      for (const specifier of node.specifiers ?? []) if (specifier.type === 'ImportSpecifier') names.push(nameOf(specifier.imported) ?? '');
    if (node.type === 'ExportNamedDeclaration' && node.source)
      for (const specifier of node.specifiers) names.push(nameOf(specifier.local) ?? '');
  }
  return names;
}

export interface DeclaredClass {
  file: string;
  /** The class's name; a class expression without one is named after the file's position. */
  name: string;
  /** The class it extends as written (`Error`, `LatchError`, `errors.Base`), or undefined. */
  extends?: string;
}

/** Every class a source declares (statements and expressions, nested ones too) and what it extends. */
export function declaredClasses(file: string, text = readSource(file)): DeclaredClass[] {
  const { program } = parseSource(file, text);
  const found: DeclaredClass[] = [];
  const record = (node: { id?: { name: string } | null; superClass?: { start: number; end: number } | null; start: number }) =>
    found.push({
      file,
      name: node.id?.name ?? `(anonymous class at ${file}:${node.start})`,
      extends: node.superClass ? text.slice(node.superClass.start, node.superClass.end) : undefined,
    });
  new Visitor({ ClassDeclaration: record, ClassExpression: record }).visit(program);
  return found;
}

/** The global error constructors whose instances are not LatchErrors. */
const PLAIN_ERRORS = new Set([
  'Error',
  'TypeError',
  'RangeError',
  'SyntaxError',
  'ReferenceError',
  'AggregateError',
  'EvalError',
  'URIError',
]);

/**
 * Every place a source creates a plain error (`new TypeError(…)`, or `Error(…)` called without `new`), each as
 * `file: new TypeError(<the first 60 characters of its first argument>)`, each template placeholder as `{…}`: the
 * text, not the line, so an entry of an allow-list survives edits around it.
 */
export function plainErrors(file: string, text = readSource(file)): string[] {
  const { program } = parseSource(file, text);
  const found: string[] = [];
  const record = (node: { callee: { type: string }; arguments: readonly { start: number; end: number }[] }) => {
    const name = node.callee.type === 'Identifier' ? (node.callee as unknown as { name: string }).name : '';
    if (!PLAIN_ERRORS.has(name)) return;
    const first = node.arguments[0];
    const argument = first
      ? text
          .slice(first.start, first.end)
          .replace(/\s+/g, ' ')
          .replace(/\$\{[^}]*\}/g, '{…}')
          .slice(0, 60)
      : '';
    found.push(`${file}: new ${name}(${argument})`);
  };
  new Visitor({ NewExpression: record, CallExpression: record }).visit(program);
  return found;
}
