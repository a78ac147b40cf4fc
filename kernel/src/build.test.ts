import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sideEffectsOf, builtOncePerFile } from '../../scripts/test-support/packageBuild.js';

/** ARCHITECTURE.md: the kernel imports only mitt and jotai's vanilla store (no React); chain knowledge lives in adapters. */
const ALLOWED = [/^mitt$/, /^jotai\/vanilla$/];
const packageDir = new URL('..', import.meta.url).pathname;
const built = builtOncePerFile(packageDir);

describe('the built kernel', () => {
  it('imports nothing but the allowed dependencies', () => {
    const external = built.externalImports();
    expect(external.length).toBeGreaterThan(0);
    for (const specifier of external)
      expect(
        ALLOWED.some((re) => re.test(specifier)),
        specifier,
      ).toBe(true);
    expect(external).not.toContain('react');
  });

  it('declares exactly those dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['jotai', 'mitt']);
    expect(pkg.peerDependencies).toBeUndefined();
    expect(pkg.sideEffects).toBe(false);
    expect(pkg.type).toBe('module');
  });

  it('imports no module of its own for its side effects only (a bare `import "./x.js"`)', () => {
    // A library build that inlines an imported constant leaves such an import behind (LatchError read 'Unknown error'
    // from the message catalogue), and the host's bundler then puts the imported module in a first-load chunk of its
    // own instead of the entry chunk: the catalogue cost every page ~110 B gzip of first load.
    const bare = built.chunks.flatMap((c) => (c.code.match(/^import\s*["'][^"']+["'];?$/gm) ?? []).map((line) => `${c.fileName}: ${line}`));
    expect(built.chunks.length).toBeGreaterThan(10);
    expect(bare).toEqual([]);
  });

  it('performs no I/O, timers or DOM access when imported in Node', () => {
    const touched = sideEffectsOf(
      built,
      `
        const kernel = await import('./index.js');
        if (typeof kernel.createModal !== 'function') seen.push('no createModal');
      `,
    );
    expect(touched).toEqual([]);
  });
});
