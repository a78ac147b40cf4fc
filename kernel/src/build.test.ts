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

  it("keeps the texts only lazily loaded code shows out of the modules createModal's code uses (a page's first load)", () => {
    // createModal's code reaches actionMessages.ts only through the catalogue's re-exports (messages.ts), which the
    // host's bundler drops unless a lazily loaded module imports the text: those texts stay out of the entry chunk.
    const firstLoad = built.staticClosure(built.chunk('createModal.js')).filter((c) => c.fileName !== 'errors/actionMessages.js');
    expect(built.moduleFiles(firstLoad)).toContain('src/errors/messages.ts');
    expect(firstLoad.filter((c) => c.imports.includes('errors/actionMessages.js')).map((c) => c.fileName)).toEqual(['errors/messages.js']);
    // One text of each kind that actionMessages.ts holds: a disconnect failure, a network alert, an embedded-wallet alert.
    for (const text of ['Failed to disconnect', 'Network Not Found', 'Session Expired'])
      expect(
        firstLoad.filter((c) => c.code.includes(text)).map((c) => c.fileName),
        text,
      ).toEqual([]);
  });

  it('builds @latch/kernel/errors from the primitives module alone, importing nothing, the same module the main entry re-exports', () => {
    // Entries that must stay light (the eip155 and Polkadot network definitions, the names plugin's factory and name
    // rules) throw their option errors from this entry: one import-free module, no mitt, no jotai, no catalogue. The
    // main entry imports the same file, so in an app the bundler ships the class once and `instanceof` sees one class.
    // The module also holds the CAIP and amount helpers (primitives.ts says why); an app's bundler drops what it does
    // not use, and a server loading the entry reads about 3 kB more.
    const errors = built.staticClosure(built.chunk('errors.js'));
    expect(built.moduleFiles(errors).sort()).toEqual(['src/errors/public.ts', 'src/primitives.ts']);
    expect(built.externalImports(errors)).toEqual([]);
    expect(errors.flatMap((c) => c.dynamicImports)).toEqual([]);
    expect(built.chunk('errors.js').imports).toEqual(['primitives.js']);
    expect(built.chunk('index.js').imports).toContain('primitives.js');
    const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    expect(pkg.exports['./errors']).toEqual({ types: './dist/types/errors/public.d.ts', import: './dist/errors.js' });
  });

  it('performs no I/O, timers or DOM access when imported in Node', () => {
    const touched = sideEffectsOf(
      built,
      `
        const kernel = await import('./index.js');
        if (typeof kernel.createModal !== 'function') seen.push('no createModal');
        const errors = await import('./errors.js');
        if (errors.LatchError !== kernel.LatchError || errors.invalidOption !== kernel.invalidOption) seen.push('two error families');
      `,
    );
    expect(touched).toEqual([]);
  });
});
