import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sideEffectsOf, builtOncePerFile } from '../../scripts/test-support/packageBuild.js';

const packageDir = new URL('..', import.meta.url).pathname;
const built = builtOncePerFile(packageDir);
const { chunk, staticClosure, staticImports: externalImports, moduleFiles } = built;

/** Everything the first load imports dynamically, with what those import (one output file per source module). */
const lazyChunks = () => [...new Set(staticClosure(chunk('index.js')).flatMap((c) => c.dynamicImports))].map(chunk).flatMap(staticClosure);

describe('the built adapter', () => {
  it('loads no @solana/kit, program client or codec library on first load: the entry imports only the kernel and @wallet-standard/app', () => {
    const firstLoad = staticClosure(chunk('index.js'));
    expect(new Set(externalImports(firstLoad))).toEqual(new Set(['@latch/kernel', '@wallet-standard/app']));
    expect(
      moduleFiles(firstLoad).filter((file) => file.includes('/rpc/') || file.includes('/activity/') || file.endsWith('signing.ts')),
    ).toEqual([]);
    expect(moduleFiles(firstLoad)).toEqual(expect.arrayContaining(['src/discovery/walletStandard.ts', 'src/walletFeatures.ts']));
  });

  it('loads the connection and the wallet errors on first use: the entry leaves the kernel error-code table out of first load', () => {
    // walletErrors.ts reads ERROR_CODES and isUserRejection (the kernel's errors/codes.ts, 1.3 kB gzip with its message
    // table); on first load they also made the host's bundler split the kernel's module with LatchError (primitives) out of the entry.
    const firstLoad = moduleFiles(staticClosure(chunk('index.js')));
    expect(firstLoad.filter((file) => file === 'src/connection.ts' || file === 'src/walletErrors.ts')).toEqual([]);
    expect(moduleFiles(lazyChunks())).toEqual(expect.arrayContaining(['src/connection.ts', 'src/walletErrors.ts']));
  });

  it('puts @solana/kit and the program clients in the lazy chunks', () => {
    expect(moduleFiles(lazyChunks())).toEqual(
      expect.arrayContaining([
        'src/rpc/client.ts',
        'src/rpc/balances.ts',
        'src/rpc/transfer.ts',
        'src/rpc/submitTransfer.ts',
        'src/rpc/transferStatus.ts',
        'src/activity/transactionPage.ts',
        'src/signing.ts',
      ]),
    );
    const lazyExternals = built.externalImports(lazyChunks());
    expect(lazyExternals).toEqual(expect.arrayContaining(['@solana/kit', '@solana-program/system', '@solana-program/token']));
  });

  it('builds the networks entry from the kernel alone', () => {
    const networks = staticClosure(chunk('networks.js'));
    expect(new Set(externalImports(networks))).toEqual(new Set(['@latch/kernel']));
    expect(moduleFiles(networks).every((file) => file.startsWith('src/networks/'))).toBe(true);
  });

  it('is an ESM package without side effects', () => {
    const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    expect(pkg.sideEffects).toBe(false);
    expect(pkg.type).toBe('module');
    expect(Object.keys(pkg.exports).sort()).toEqual(['.', './networks']);
  });

  it('performs no I/O, timers or DOM access when imported, created and set up in Node', () => {
    const touched = sideEffectsOf(
      built,
      `
        const adapterModule = await import('./index.js');
        const networks = await import('./networks.js');
        const adapter = adapterModule.createSolanaAdapter();
        adapter.setup({ networks: [networks.solana], emit() {} });
        if (adapter.namespace !== 'solana' || networks.solanaLocalnet.name !== 'Solana Localnet' || !adapter.capabilities.balance) seen.push('wrong exports');
      `,
    );
    expect(touched).toEqual([]);
  });
});
