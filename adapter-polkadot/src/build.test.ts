import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sideEffectsOf, builtOncePerFile } from '../../scripts/test-support/packageBuild.js';

const packageDir = new URL('..', import.meta.url).pathname;
const built = builtOncePerFile(packageDir);
const { chunk, staticImports: externalImports, moduleFiles } = built;

/** The modules each import() of the first load reaches, one list per import() (one output file per source module). */
const lazyClosures = () =>
  [...new Set(built.staticClosure(chunk('index.js')).flatMap((c) => c.dynamicImports))].map((name) => built.staticClosure(chunk(name)));

describe('the built adapter', () => {
  it('loads no @polkadot package, extension protocol or hash library on first load: only the kernel', () => {
    const firstLoad = built.staticClosure(chunk('index.js'));
    // `@latch/kernel/errors` (the network id check's error) is the module the kernel's main entry re-exports: in an app,
    // no second copy.
    expect(new Set(externalImports(firstLoad))).toEqual(new Set(['@latch/kernel', '@latch/kernel/errors']));
    expect(moduleFiles(firstLoad).filter((file) => file.includes('/chain/'))).toEqual([]);
    expect(moduleFiles(firstLoad)).toEqual(
      expect.arrayContaining(['src/adapter.ts', 'src/discovery/extensionDiscovery.ts', 'src/address.ts', 'src/blake2b.ts']),
    );
    for (const lazyOnly of [
      'src/connection.ts',
      'src/session.ts',
      'src/extension.ts',
      'src/signing.ts',
      'src/dapp/enableExtension.ts',
      'src/discovery/waitForExtension.ts',
    ])
      expect(moduleFiles(firstLoad)).not.toContain(lazyOnly);
  });

  it('loads connect, the session, signing and @polkadot/extension-dapp with one import(), @polkadot/api with the transfer code with another', () => {
    // One file per module (as the kernel ships): with pre-merged chunks, the host's bundler put all of @polkadot/api
    // (191 kB gzip) on the first load of a page whose only adapter is this one, and split the kernel's module with LatchError (primitives)
    // out of the entry script of a page with the eip155 adapter too.
    const lazy = lazyClosures();
    const connection = lazy.find((closure) => moduleFiles(closure).includes('src/connection.ts'));
    const files = moduleFiles(connection!);
    expect(files).toEqual(
      expect.arrayContaining(['src/connection.ts', 'src/session.ts', 'src/extension.ts', 'src/signing.ts', 'src/dapp/extensionPage.ts']),
    );
    // The library is bundled, its page globals bound to the adapter's own page: it reads no global of the host's.
    const library = connection!.filter((c) =>
      moduleFiles([c]).some((file) => /@polkadot\/extension-dapp\/(bundle|util|wrapBytes)\.js$/.test(file)),
    );
    expect(library).toHaveLength(3);
    expect(library.map((c) => c.fileName).every((name) => name.startsWith('vendor/'))).toBe(true);
    for (const c of connection!) expect(c.code, c.fileName).not.toMatch(/\b(window|document|console)\s*\./);
    expect(new Set(built.externalImports(connection!))).toEqual(
      new Set(['@latch/kernel', '@latch/kernel/errors', '@polkadot/util', '@polkadot/util-crypto']),
    );
    const chain = lazy.find((closure) => moduleFiles(closure).includes('src/chain/chainClient.ts'));
    expect(moduleFiles(chain!)).toEqual(
      expect.arrayContaining([
        'src/chain/chainClient.ts',
        'src/chain/connectApi.ts',
        'src/chain/extensionSigner.ts',
        'src/chain/transferErrors.ts',
      ]),
    );
    expect(built.externalImports(connection!)).not.toContain('@polkadot/api');
    expect(built.externalImports(chain!)).toContain('@polkadot/api');
  });

  it('ships no node_modules folder (npm leaves one out of a published package): the bundled library is under vendor/', () => {
    expect(built.chunks.filter((c) => c.fileName.includes('node_modules')).map((c) => c.fileName)).toEqual([]);
  });

  it("builds the networks entry from its own files and the kernel's import-free error entry (the kernel for types only)", () => {
    const networks = built.staticClosure(chunk('networks.js'));
    // @latch/kernel/errors imports nothing itself (the kernel's build test pins it): a server reads the definitions alone.
    expect(new Set(externalImports(networks))).toEqual(new Set(['@latch/kernel/errors']));
    expect(moduleFiles(networks).every((file) => file.startsWith('src/networks/'))).toBe(true);
  });

  it('is an ESM package without side effects', () => {
    const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    expect(pkg.sideEffects).toBe(false);
    expect(pkg.type).toBe('module');
    expect(Object.keys(pkg.exports).sort()).toEqual(['.', './networks']);
    // Bundled (its globals bound to the adapter's page), so not installed beside the adapter; what it imports is.
    expect(Object.keys(pkg.dependencies)).not.toContain('@polkadot/extension-dapp');
    expect(pkg.devDependencies['@polkadot/extension-dapp']).toBe('0.63.1');
    expect(Object.keys(pkg.dependencies)).toEqual(expect.arrayContaining(['@polkadot/util', '@polkadot/util-crypto']));
  });

  it('performs no I/O, timers or DOM access when imported, created and set up in Node', () => {
    const touched = sideEffectsOf(
      built,
      `
        const adapterModule = await import('./index.js');
        const networks = await import('./networks.js');
        const adapter = adapterModule.createPolkadotAdapter();
        adapter.setup({ networks: [networks.polkadot, networks.kusama], emit() {} });
        if (adapter.namespace !== 'polkadot' || networks.polkadot.ss58Format !== 0 || !adapter.capabilities.balance) seen.push('wrong exports');
        if (!adapter.isAddress('15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5')) seen.push('isAddress');
      `,
    );
    expect(touched).toEqual([]);
  });
});
