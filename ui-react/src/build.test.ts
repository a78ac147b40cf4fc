// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type OutputChunk, builtOncePerFile } from '../../scripts/test-support/packageBuild.js';

/** The package may import only its peers and its own dependencies (the testing entry's peer: see TESTING_ONLY). */
const ALLOWED = [
  /^react$/,
  /^react\/jsx-runtime$/,
  /^react-dom$/,
  /^react-dom\/client$/,
  /^@latch\/[a-z0-9-]+$/,
  /^@latch\/kernel\/internal$/,
  /^jotai\/react$/, // jotai's hooks read the instance's store
  /^lean-qr$/, // QR codes (Receive, WalletConnect pairing): loaded only with the views that draw one
];
/** What only the testing entry (`@latch/react/testing`) may import: its optional peer, Testing Library. */
const TESTING_ONLY = /^@testing-library\/react$/;
/** Code that must load on first open, never with the entry. */
const LAZY = [
  /^src\/modal\/(ModalRoot|Dialog|ViewHost)\.tsx$/,
  /^src\/views\//,
  /^src\/mount\/mountModal\.tsx$/,
  /^src\/theme\/styles\.ts$/,
];

const packageDir = new URL('..', import.meta.url).pathname;
const built = builtOncePerFile(packageDir);

const modulesOf = (chunk: OutputChunk) =>
  chunk.moduleIds.filter((id) => !id.includes('node_modules') && !id.startsWith('\0')).map((id) => relative(packageDir, id));
const entryChunk = () => built.chunk('index.js');
/** The entry and every chunk it imports statically: what loads with `import '@latch/react'`. */
const staticClosure = () => built.staticClosure(entryChunk());

describe('the built package', () => {
  it('has two entries, index.js and the testing helpers’ testing.js, and nothing index.js can load reaches the testing code', () => {
    expect(built.chunks.filter((c) => c.isEntry).map((c) => c.fileName)).toEqual(['index.js', 'testing.js']);
    const everything = built.fullClosure(entryChunk());
    expect(everything.map((c) => c.fileName)).toContain('views/AccountView.js');
    expect(everything.flatMap(modulesOf).filter((id) => id.startsWith('src/testing/'))).toEqual([]);
    expect(built.externalImports(everything).filter((specifier) => TESTING_ONLY.test(specifier))).toEqual([]);
    // The testing entry is the testing module and what it loads of the package's own code.
    expect(new Set(built.chunk('testing.js').imports)).toEqual(new Set(['testing/renderModal.js', 'mount/loadingShell.js']));
    expect(built.externalImports(built.fullClosure(built.chunk('testing.js')))).toContain('@testing-library/react');
  });

  it('keeps the modal shell, the stylesheet and every view out of the entry (they are dynamic imports)', () => {
    const eager = staticClosure().flatMap(modulesOf);
    expect(eager).toContain('src/index.ts');
    expect(eager).toContain('src/components/ConnectButton.tsx');
    for (const id of eager)
      expect(
        LAZY.some((re) => re.test(id)),
        `${id} loads with the entry`,
      ).toBe(false);
    const lazy = built.chunks.flatMap(modulesOf).filter((id) => LAZY.some((re) => re.test(id)));
    for (const view of ['ConnectView', 'AllWalletsView', 'ConnectingExternalView', 'AccountView', 'NetworksView', 'UnsupportedChainView']) {
      expect(lazy).toContain(`src/views/${view}.tsx`);
    }
    expect(lazy).toContain('src/modal/ModalRoot.tsx');
    expect(staticClosure().some((chunk) => chunk.dynamicImports.length > 0)).toBe(true);
  });

  it('imports nothing but react, react-dom, @latch/*, jotai/react and lean-qr (and, in the testing entry, Testing Library)', () => {
    const external = built.externalImports(built.fullClosure(entryChunk()));
    expect(external).toEqual(expect.arrayContaining(['react', '@latch/kernel']));
    for (const specifier of external)
      expect(
        ALLOWED.some((re) => re.test(specifier)),
        specifier,
      ).toBe(true);
    for (const specifier of built.externalImports())
      expect(ALLOWED.some((re) => re.test(specifier)) || TESTING_ONLY.test(specifier), specifier).toBe(true);
    // An import's specifier is a whole quoted string followed by ';' (so the word "from" in UI text does not count);
    // the package's own modules are relative (one file per module).
    for (const chunk of built.fullClosure(entryChunk()))
      expect(chunk.code).not.toMatch(/\bfrom\s*["'](?!react|react-dom|@latch\/|jotai\/react|lean-qr|\.\.?\/)[^"'\n]+["'];/);
  });

  it('loads the QR library only with the Receive view, never with the entry or the modal shell', () => {
    const eagerCode = staticClosure()
      .map((c) => c.code)
      .join('\n');
    expect(eagerCode).not.toContain('lean-qr');
    const withQr = built.chunks.filter((c) => /["']lean-qr["']/.test(c.code)).flatMap(modulesOf);
    expect(withQr).toContain('src/parts/QrCode.tsx');
    expect(withQr).not.toContain('src/mount/mountModal.tsx');
    expect(withQr).not.toContain('src/views/AccountView.tsx');
  });

  it('declares exactly those dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@latch/kernel', 'jotai', 'lean-qr']);
    expect(Object.keys(pkg.peerDependencies).sort()).toEqual(['@testing-library/react', 'react', 'react-dom']);
    // Testing Library only for the testing entry: an app that never imports it installs nothing more.
    expect(pkg.peerDependenciesMeta).toEqual({ '@testing-library/react': { optional: true } });
    expect(pkg.sideEffects).toBe(false);
  });
});
