import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sideEffectsOf, builtOncePerFile } from '../../scripts/test-support/packageBuild.js';

const packageDir = new URL('..', import.meta.url).pathname;
const built = builtOncePerFile(packageDir);
const { chunk, staticClosure, staticImports: externalImports, moduleFiles } = built;

/** The chunks the first load imports dynamically (one output file per source module: several import them). */
const lazyFromFirstLoad = () => [...new Set(staticClosure(chunk('index.js')).flatMap((c) => c.dynamicImports))].map(chunk);

describe('the built adapter', () => {
  it('loads no viem on first load: the entry imports only the kernel; rpc modules are dynamic imports', () => {
    const firstLoad = staticClosure(chunk('index.js'));
    expect(new Set(externalImports(firstLoad))).toEqual(new Set(['@latch/kernel']));
    expect(moduleFiles(firstLoad).filter((file) => file.includes('/rpc/'))).toEqual([]);
    expect(moduleFiles(firstLoad)).toContain('src/discovery/eip6963.ts');
    expect(lazyFromFirstLoad().length).toBeGreaterThanOrEqual(3);
  });

  it('puts viem in the lazy rpc chunks', () => {
    const lazy = lazyFromFirstLoad().flatMap(staticClosure);
    expect(moduleFiles(lazy)).toEqual(
      expect.arrayContaining(['src/rpc/client.ts', 'src/rpc/balances.ts', 'src/rpc/identity.ts', 'src/rpc/transfer.ts']),
    );
    expect(externalImports(lazy).filter((s) => /^viem(\/|$)/.test(s)).length).toBeGreaterThan(0);
  });

  it('keeps the NFT reader lazy: only the tiny nfts service is in the first load', () => {
    const firstLoad = moduleFiles(staticClosure(chunk('index.js')));
    expect(firstLoad.filter((file) => file.startsWith('src/nfts/'))).toEqual(['src/nfts/service.ts']);
    const lazy = moduleFiles(built.chunks.filter((c) => !staticClosure(chunk('index.js')).includes(c)));
    expect(lazy).toEqual(expect.arrayContaining(['src/nfts/readNftPage.ts', 'src/nfts/ownedTokens.ts', 'src/nfts/tokenMetadata.ts']));
  });

  it('builds the blockscout entry apart: no viem, no adapter, and nothing of it reachable from index.js', () => {
    const blockscout = staticClosure(chunk('blockscout.js'));
    expect(new Set(externalImports(blockscout))).toEqual(new Set(['@latch/kernel']));
    expect(moduleFiles(blockscout).every((file) => file.startsWith('src/blockscout/'))).toBe(true);
    expect(blockscout.flatMap((c) => c.dynamicImports)).toEqual([]);
    const fromIndex = moduleFiles(built.fullClosure(chunk('index.js')));
    expect(fromIndex.filter((file) => file.startsWith('src/blockscout/'))).toEqual([]);
  });

  it("builds the networks entry without viem, the adapter or the kernel's main entry", () => {
    const networks = staticClosure(chunk('networks.js'));
    // @latch/kernel/errors imports nothing itself (the kernel's build test pins it): a server reads the definitions alone.
    expect(externalImports(networks)).toEqual(['@latch/kernel/errors']);
    expect(moduleFiles(networks).every((file) => file.startsWith('src/networks/'))).toBe(true);
  });

  it('is an ESM package without side effects', () => {
    const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    expect(pkg.sideEffects).toBe(false);
    expect(pkg.type).toBe('module');
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@latch/kernel', 'viem']);
  });

  it('performs no I/O, timers or DOM access when imported and created in Node', () => {
    const touched = sideEffectsOf(
      built,
      `
        const adapterModule = await import('./index.js');
        const networks = await import('./networks.js');
        const adapter = adapterModule.createEip155Adapter();
        if (adapter.namespace !== 'eip155' || networks.mainnet.caipNetworkId !== 'eip155:1') seen.push('wrong exports');
      `,
    );
    expect(touched).toEqual([]);
  });

  it('performs no I/O, timers or DOM access when the blockscout entry is imported and its services created', () => {
    const touched = sideEffectsOf(
      built,
      `
        const blockscout = await import('./blockscout.js');
        const instances = { 'eip155:1': 'https://explorer.example' };
        const activity = blockscout.createBlockscoutActivity({ instances, pageSize: 10 });
        const nfts = blockscout.createBlockscoutNfts({ instances });
        if (typeof activity.getTransactions !== 'function' || typeof nfts.getNfts !== 'function') seen.push('wrong exports');
        const adapter = (await import('./index.js')).createEip155Adapter({ nfts: { 'eip155:1': ['0x0000000000000000000000000000000000000001'] } });
        if (typeof adapter.capabilities.nfts?.getNfts !== 'function') seen.push('no nfts capability');
      `,
    );
    expect(touched).toEqual([]);
  });
});
