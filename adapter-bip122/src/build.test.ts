import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sideEffectsOf, type OutputChunk, builtOncePerFile } from '../../scripts/test-support/packageBuild.js';

const packageDir = new URL('..', import.meta.url).pathname;
const built = builtOncePerFile(packageDir);
const { chunk, staticClosure, staticImports: externalImports, moduleFiles } = built;

const lazyChunks = () => {
  const seen = new Set<OutputChunk>();
  const visit = (c: OutputChunk) => {
    for (const file of c.dynamicImports) {
      const next = built.chunks.find((candidate) => candidate.fileName === file);
      if (next && !seen.has(next)) {
        seen.add(next);
        for (const s of staticClosure(next)) seen.add(s);
        visit(next);
      }
    }
  };
  visit(chunk('index.js'));
  return [...seen];
};

describe('the built adapter', () => {
  it('loads only discovery and the address check on first load: the kernel and the Wallet Standard registry, no @scure/*', () => {
    const firstLoad = staticClosure(chunk('index.js'));
    expect(new Set(externalImports(firstLoad))).toEqual(new Set(['@latch/kernel', '@wallet-standard/app']));
    const files = moduleFiles(firstLoad);
    const afterTheVisitorActs = ['/wallets/satsConnect/', '/wallets/standard/', '/esplora/', 'src/connection.ts', 'src/session.ts'];
    expect(files.filter((file) => afterTheVisitorActs.some((part) => file.includes(part)))).toEqual([]);
    // messages.ts is linked too (index.js re-exports it), in a chunk of its own that a host drops when unused.
    expect(files.filter((file) => ['walletErrors.ts', 'transferRequest.ts', 'waitFor.ts'].some((name) => file.endsWith(name)))).toEqual([]);
    expect(moduleFiles(firstLoad.filter((c) => c.moduleIds.some((id) => id.endsWith('/src/messages.ts'))))).toEqual(['src/messages.ts']);
    expect(files).toEqual(
      expect.arrayContaining(['src/discovery/discovery.ts', 'src/address/bitcoinAddress.ts', 'src/address/encodings.ts', 'src/adapter.ts']),
    );
  });

  it('puts the drivers, the Esplora reads and @scure/btc-signer in lazy chunks', () => {
    expect(moduleFiles(lazyChunks())).toEqual(
      expect.arrayContaining([
        'src/connection.ts',
        'src/session.ts',
        'src/wallets/satsConnect/driver.ts',
        'src/wallets/standard/driver.ts',
        'src/wallets/standard/transfer.ts',
        'src/esplora/queries.ts',
        'src/wallets/coinSelection.ts',
        'src/wallets/psbtInputs.ts',
      ]),
    );
    expect(built.externalImports(lazyChunks())).toContain('@scure/btc-signer');
    expect(externalImports(staticClosure(chunk('index.js')))).not.toContain('@scure/btc-signer');
  });

  it('does not ship sats-connect: the adapter speaks the provider protocol itself', () => {
    expect(built.externalImports().filter((specifier) => specifier.includes('sats-connect'))).toEqual([]);
  });

  it('builds the networks entry from nothing but its own definitions', () => {
    const networks = staticClosure(chunk('networks.js'));
    expect(externalImports(networks).filter((specifier) => specifier !== '@latch/kernel')).toEqual([]);
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
        const adapter = adapterModule.createBitcoinAdapter();
        adapter.setup({ networks: [networks.bitcoin, networks.bitcoinTestnet], emit() {} });
        const regtest = networks.createBitcoinRegtest({ esploraUrl: 'http://127.0.0.1:3002' });
        if (adapter.namespace !== 'bip122' || !adapter.capabilities.balance || regtest.nativeCurrency.decimals !== 8) seen.push('wrong exports');
        if (!adapter.isAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4') || adapter.isAddress('bc1qnope')) seen.push('isAddress');
      `,
    );
    expect(touched).toEqual([]);
  });
});
