import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bech32 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { sideEffectsOf, builtOncePerFile } from '../../scripts/test-support/packageBuild.js';

const packageDir = new URL('..', import.meta.url).pathname;
const built = builtOncePerFile(packageDir);
const { chunk, staticImports: externalImports, moduleFiles } = built;

/** Every chunk the first load does not load: what `import()` brings in on connect, balance, sign or send. */
const lazyChunks = () => {
  const firstLoad = built.staticClosure(chunk('index.js'));
  return built.chunks.filter((c) => !firstLoad.includes(c) && c.fileName !== 'networks.js');
};

describe('the built adapter', () => {
  it('loads no CosmJS on first load: the entry is discovery and the sync isAddress, on the kernel alone', () => {
    const firstLoad = built.staticClosure(chunk('index.js'));
    expect(new Set(externalImports(firstLoad))).toEqual(new Set(['@latch/kernel']));
    expect(moduleFiles(firstLoad).sort()).toEqual(
      [
        'src/adapter.ts',
        'src/address.ts',
        'src/constants.ts',
        'src/discovery/connectors.ts',
        'src/discovery/keplrStyleDiscovery.ts',
        'src/discovery/walletDescriptors.ts',
        'src/index.ts',
        'src/networkPrefixes.ts',
        'src/networks/cosmosNetwork.ts',
        'src/wallet/walletShape.ts',
      ].sort(),
    );
    expect(
      chunk('index.js')
        .dynamicImports.map(chunk)
        .flatMap((c) => moduleFiles([c])),
    ).toContain('src/connection.ts');
  });

  it('puts CosmJS and the code that drives it in the lazy chunks', () => {
    expect(moduleFiles(lazyChunks())).toEqual(
      expect.arrayContaining([
        'src/connection.ts',
        'src/session.ts',
        'src/capabilities.ts',
        'src/wallet/keplrStyleWallet.ts',
        'src/discovery/waitForWallet.ts',
        'src/rpc/queryClient.ts',
        'src/rpc/transfer.ts',
        'src/rpc/transferOutcome.ts',
        'src/signing.ts',
      ]),
    );
    expect(built.externalImports(lazyChunks())).toEqual(
      expect.arrayContaining(['@cosmjs/stargate', '@cosmjs/amino', '@cosmjs/crypto', '@cosmjs/encoding']),
    );
  });

  it('builds the networks entry from the kernel alone', () => {
    const networks = built.staticClosure(chunk('networks.js'));
    expect(externalImports(networks)).toEqual(['@latch/kernel']);
    expect(moduleFiles(networks).every((file) => file.startsWith('src/networks/'))).toBe(true);
  });

  it('is an ESM package without side effects', () => {
    const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    expect(pkg.sideEffects).toBe(false);
    expect(pkg.type).toBe('module');
    expect(Object.keys(pkg.exports).sort()).toEqual(['.', './networks']);
  });

  it('performs no I/O, timers or DOM access when imported, created and set up in Node', () => {
    // One key hash under three prefixes: only those of the configured networks are addresses.
    const [hub, osmo, juno] = ['cosmos', 'osmo', 'juno'].map((prefix) => bech32.encode(prefix, bech32.toWords(new Uint8Array(20).fill(9))));
    const touched = sideEffectsOf(
      built,
      `
        const adapterModule = await import('./index.js');
        const networks = await import('./networks.js');
        const adapter = adapterModule.createCosmosAdapter();
        adapter.setup({ networks: [networks.cosmosHub, networks.osmosis], emit() {} });
        if (adapter.namespace !== 'cosmos' || networks.cosmosHub.cosmos.denom !== 'uatom' || !adapter.capabilities.balance) seen.push('wrong exports');
        if (!adapter.isAddress('${hub}') || !adapter.isAddress('${osmo}') || adapter.isAddress('${juno}')) seen.push('isAddress');
      `,
    );
    expect(touched).toEqual([]);
  });

  it('starts no timer and makes no request while watching a page for wallets', () => {
    const touched = sideEffectsOf(
      built,
      `
        const { createCosmosAdapter } = await import('./index.js');
        const page = new EventTarget();
        const adapter = createCosmosAdapter({ window: page });
        adapter.setup({ networks: [], emit() {} });
        const lists = [];
        const stop = adapter.watchConnectors((list) => lists.push(list));
        page.keplr = { enable() {}, getKey() {}, getOfflineSigner() {} };
        page.dispatchEvent(new Event('load'));
        stop();
        if (lists.length !== 2 || lists[1][0]?.name !== 'Keplr') seen.push('not discovered');
      `,
    );
    expect(touched).toEqual([]);
  });
});
