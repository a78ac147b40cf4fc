import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSource, workspaceDirs } from '../../scripts/test-support/sourceGraph.js';

/*
 * The line between the two packages. @latch/testkit is published for adapter and connector authors and must install
 * and run without this repository: it imports nothing of the devnet, by name or by path. The devnet is private and
 * builds after it. Every other package reaches both by package name, never by a relative path into their folders.
 */

const ROOT = resolve(new URL('../../', import.meta.url).pathname);

type Manifest = { name: string; private?: boolean } & Partial<
  Record<'dependencies' | 'devDependencies' | 'peerDependencies' | 'optionalDependencies', Record<string, string>>
>;
const manifestOf = (dir: string): Manifest => JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));

/** Every TypeScript and ES module file of a workspace folder (sources, tests, configs, scripts), relative to the root. */
function codeFiles(dir: string): string[] {
  const walk = (folder: string): string[] =>
    readdirSync(folder).flatMap((entry) => {
      const path = join(folder, entry);
      if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) return [];
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return walk(join(ROOT, dir))
    .filter((path) => /\.(tsx?|mjs)$/.test(path) && !path.endsWith('.d.ts'))
    .map((path) => relative(ROOT, path));
}

/** Every module specifier a file names: imports and re-exports (types included) and literal `import('…')`. */
function specifiersOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const { program, module } = parseSource(file.replace(/\.mjs$/, '.ts'), text);
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

/** The workspace folder a relative specifier of `file` lands in, if it leaves the file's own package. */
function folderReached(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = relative(ROOT, resolve(ROOT, dirname(file), specifier));
  return workspaceDirs().find((dir) => target === dir || target.startsWith(`${dir}/`));
}

describe('the testkit and the devnet', () => {
  it('the devnet is private and comes after the testkit in the workspaces (its build order)', () => {
    expect(manifestOf('devnet')).toMatchObject({ name: '@latch/devnet', private: true });
    expect(manifestOf('testkit').private).toBeUndefined();
    const order = workspaceDirs();
    expect(order.indexOf('devnet')).toBeGreaterThan(order.indexOf('testkit'));
  });

  it('the testkit depends on nothing of the devnet: not in its manifest, not in any of its files', () => {
    const manifest = manifestOf('testkit');
    const declared = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;
    expect(declared.flatMap((field) => Object.keys(manifest[field] ?? {})).filter((name) => name.startsWith('@latch/devnet'))).toEqual([]);
    const files = codeFiles('testkit');
    expect(files.length).toBeGreaterThan(100);
    const reaching = files.flatMap((file) =>
      specifiersOf(file)
        .filter((specifier) => specifier.startsWith('@latch/devnet') || folderReached(file, specifier) === 'devnet')
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(reaching).toEqual([]);
  });

  it('no package imports the testkit or the devnet by a relative path into their folders', () => {
    const others = workspaceDirs().filter((dir) => dir !== 'testkit' && dir !== 'devnet' && existsSync(join(ROOT, dir)));
    const reaching = others.flatMap((dir) =>
      codeFiles(dir).flatMap((file) =>
        specifiersOf(file)
          .filter((specifier) => ['testkit', 'devnet'].includes(folderReached(file, specifier) ?? ''))
          .map((specifier) => `${file}: ${specifier}`),
      ),
    );
    expect(reaching).toEqual([]);
  });
});
