import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalize } from 'viem/ens';
import type { CaipNetwork, ChainAdapter } from '@latch/kernel';
import { deployEns, startAnvil, type BareAnvilFixture, type EnsDeployment } from '@latch/devnet';
import { createEip155Adapter, type Eip155AdapterOptions } from './adapter.js';
import { createDevnet } from './networks/devnet.js';
import { startInterceptingRpcProxy, type InterceptingRpcProxy } from './test-support/interceptingRpcProxy.js';

let anvil: BareAnvilFixture;
let ens: EnsDeployment;
let proxy: InterceptingRpcProxy;
let network: CaipNetwork;
beforeAll(async () => {
  anvil = await startAnvil({ deploy: false });
  // A real ENS registry, FIFS registrar and public resolver from npm artifacts, behind a Universal Resolver.
  ens = await deployEns(anvil.rpcUrl, anvil.chainId, anvil.accounts[0]!);
  await ens.register('alice', anvil.accounts[1]!);
  await ens.register('ålice', anvil.accounts[2]!);
  proxy = await startInterceptingRpcProxy(anvil.rpcUrl);
  network = createDevnet({ rpcUrl: proxy.url });
});
afterAll(async () => {
  await proxy?.stop();
  await anvil?.stop();
});

const adapterWith = (options: Eip155AdapterOptions = {}): ChainAdapter =>
  createEip155Adapter({ target: new EventTarget(), ensUniversalResolvers: { [anvil.chainId]: ens.universalResolver }, ...options });
const resolve = (name: string, adapter = adapterWith(), on = network) => adapter.capabilities!.names!.resolveName(name, on);

describe('names.resolveName (ENS through the Universal Resolver)', () => {
  it('resolves a registered name to its checksummed address, whatever its ASCII case', async () => {
    await expect(resolve('alice.test')).resolves.toBe(anvil.accounts[1]!.address);
    await expect(resolve('  Alice.TEST ')).resolves.toBe(anvil.accounts[1]!.address);
  });

  it('answers undefined for a name nobody registered', async () => {
    await expect(resolve('nobody.test')).resolves.toBeUndefined();
    await expect(resolve('alice.eth')).resolves.toBeUndefined();
  });

  it('asks nothing for what is not a name, or where no resolver is known', async () => {
    proxy.calls.length = 0;
    for (const notAName of [
      'alice',
      'has space.test',
      '.test',
      'alice.',
      'a..test',
      '',
      anvil.accounts[1]!.address,
      `${'x'.repeat(300)}.test`,
    ]) {
      await expect(resolve(notAName), notAName).resolves.toBeUndefined();
    }
    await expect(resolve('alice.test', createEip155Adapter({ target: new EventTarget() }))).resolves.toBeUndefined();
    expect(proxy.calls).toEqual([]);
  });

  it('leaves names beyond plain ASCII to an ENSIP-15 normaliser the integrator passes', async () => {
    proxy.calls.length = 0;
    await expect(resolve('ålice.test')).resolves.toBeUndefined();
    expect(proxy.calls).toEqual([]);
    const normalising = adapterWith({ normalizeEnsName: normalize });
    await expect(resolve('Ålice.test', normalising)).resolves.toBe(anvil.accounts[2]!.address);
    await expect(resolve('alice\u200d.test', normalising)).resolves.toBeUndefined(); // invalid under ENSIP-15
  });

  it('fails with an RPC_ERROR when the node cannot answer', async () => {
    proxy.intercept((method) => (method === 'eth_call' ? { error: { code: -32000, message: 'header not found' } } : undefined));
    try {
      await expect(resolve('alice.test')).rejects.toMatchObject({ name: 'LatchError', category: 'RPC_ERROR' });
    } finally {
      proxy.intercept(undefined);
    }
  });
});
