// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Rollup } from 'vite';

/** The package may import only its peers and its own dependencies. */
const ALLOWED = [/^react$/, /^react\/jsx-runtime$/, /^react-dom$/, /^react-dom\/client$/, /^jotai\/(react|vanilla)$/, /^@latch\/[a-z0-9-]+$/];
/** Code that must load on first open, never with the entry. */
const LAZY = [/^src\/modal\/(ModalRoot|Dialog|ViewHost)\.tsx$/, /^src\/views\//, /^src\/mount\/mountModal\.tsx$/, /^src\/theme\/styles\.ts$/];

const packageDir = new URL('..', import.meta.url).pathname;
let outDir = '';
let chunks: Rollup.OutputChunk[] = [];

beforeAll(async () => {
  outDir = mkdtempSync(join(packageDir, '.build-test-'));
  // Build as `npm run build` does: vitest's NODE_ENV=test would switch JSX to its development runtime.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const output = (await build({ root: packageDir, mode: 'production', logLevel: 'silent', build: { outDir, emptyOutDir: true, sourcemap: false } })) as Rollup.RollupOutput[];
    chunks = output.flatMap((o) => o.output).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}, 60_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const modulesOf = (chunk: Rollup.OutputChunk) => chunk.moduleIds.filter((id) => !id.includes('node_modules') && !id.startsWith('\0')).map((id) => relative(packageDir, id));
const isChunk = (name: string) => chunks.some((c) => c.fileName === name);

/** The entry and every chunk it imports statically: what loads with `import '@latch/react'`. */
function staticClosure(): Rollup.OutputChunk[] {
  const entry = chunks.find((c) => c.isEntry) as Rollup.OutputChunk;
  const seen = new Map([[entry.fileName, entry]]);
  for (const chunk of seen.values()) {
    for (const name of chunk.imports) {
      const next = chunks.find((c) => c.fileName === name);
      if (next && !seen.has(name)) seen.set(name, next);
    }
  }
  return [...seen.values()];
}

describe('the built package', () => {
  it('has one entry, index.js', () => {
    expect(chunks.filter((c) => c.isEntry).map((c) => c.fileName)).toEqual(['index.js']);
  });

  it('keeps the modal shell, the stylesheet and every view out of the entry (they are dynamic imports)', () => {
    const eager = staticClosure().flatMap(modulesOf);
    expect(eager).toContain('src/index.ts');
    expect(eager).toContain('src/components/ConnectButton.tsx');
    for (const id of eager) expect(LAZY.some((re) => re.test(id)), `${id} loads with the entry`).toBe(false);
    const lazy = chunks.flatMap(modulesOf).filter((id) => LAZY.some((re) => re.test(id)));
    for (const view of ['ConnectView', 'AllWalletsView', 'ConnectingExternalView', 'AccountView', 'NetworksView', 'UnsupportedChainView']) {
      expect(lazy).toContain(`src/views/${view}.tsx`);
    }
    expect(lazy).toContain('src/modal/ModalRoot.tsx');
    const entry = chunks.find((c) => c.isEntry) as Rollup.OutputChunk;
    expect(entry.dynamicImports.length).toBeGreaterThan(0);
  });

  it('imports nothing but react, react-dom, jotai and @latch/*', () => {
    const external = [...new Set(chunks.flatMap((c) => [...c.imports, ...c.dynamicImports]).filter((s) => !isChunk(s)))];
    expect(external).toEqual(expect.arrayContaining(['react', '@latch/kernel']));
    for (const specifier of external) expect(ALLOWED.some((re) => re.test(specifier)), specifier).toBe(true);
    for (const chunk of chunks) expect(chunk.code).not.toMatch(/\bfrom\s*["'](?!react|react-dom|jotai|@latch\/|\.\/)/);
  });

  it('declares exactly those dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@latch/kernel', 'jotai']);
    expect(Object.keys(pkg.peerDependencies).sort()).toEqual(['react', 'react-dom']);
    expect(pkg.sideEffects).toBe(false);
  });
});
