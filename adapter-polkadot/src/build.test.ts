import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sideEffectsOf, builtOncePerFile } from '../../scripts/test-support/packageBuild.js';

const packageDir = new URL('..', import.meta.url).pathname;
const built = builtOncePerFile(packageDir);
const { chunk, staticImports: externalImports, moduleFiles } = built;

const lazyChunks = () => chunk('index.js').dynamicImports.map(chunk);

describe('the built adapter', () => {
  it('loads no @polkadot package, extension protocol or hash library on first load: only the kernel', () => {
    const firstLoad = built.staticClosure(chunk('index.js'));
    expect(new Set(externalImports(firstLoad))).toEqual(new Set(['@latch/kernel']));
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

  it('puts connect, the session, signing and @polkadot/extension-dapp in one lazy chunk, @polkadot/api with the transfer code in another', () => {
    const lazy = lazyChunks();
    const connection = lazy.find((c) => moduleFiles([c]).includes('src/connection.ts'));
    const files = moduleFiles([connection!]);
    expect(files).toEqual(
      expect.arrayContaining(['src/connection.ts', 'src/session.ts', 'src/extension.ts', 'src/signing.ts', 'src/dapp/extensionPage.ts']),
    );
    // The library is bundled, its page globals bound to the adapter's own page: it reads no global of the host's.
    expect(files.filter((file) => /@polkadot\/extension-dapp\/(bundle|util|wrapBytes)\.js$/.test(file))).toHaveLength(3);
    expect(connection!.code).not.toMatch(/\b(window|document|console)\s*\./);
    expect(new Set(built.externalImports(built.staticClosure(connection!)))).toEqual(
      new Set(['@latch/kernel', '@polkadot/util', '@polkadot/util-crypto']),
    );
    const chain = lazy.find((c) => moduleFiles([c]).includes('src/chain/chainClient.ts'));
    expect(moduleFiles([chain!])).toEqual(
      expect.arrayContaining([
        'src/chain/chainClient.ts',
        'src/chain/connectApi.ts',
        'src/chain/extensionSigner.ts',
        'src/chain/transferErrors.ts',
      ]),
    );
    expect(new Set(built.externalImports(lazy))).toEqual(
      new Set(['@latch/kernel', '@polkadot/api', '@polkadot/util', '@polkadot/util-crypto']),
    );
  });

  it("builds the networks entry from its own files and the kernel's import-free error entry (the kernel for types only)", () => {
    const networks = built.staticClosure(chunk('networks.js'));
    // @latch/kernel/errors imports nothing itself (the kernel's build test pins it): a server reads the definitions alone.
    expect(externalImports(networks)).toEqual(['@latch/kernel/errors']);
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
