import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, type PublicClient } from 'viem';
import { getEnsAddress } from 'viem/actions';
import { startAnvil, type BareAnvilFixture } from '../anvil.js';
import { deployEns, type EnsDeployment } from './ensDeployment.js';

let anvil: BareAnvilFixture;
let ens: EnsDeployment;
let client: PublicClient;
beforeAll(async () => {
  anvil = await startAnvil({ deploy: false });
  ens = await deployEns(anvil.rpcUrl, anvil.chainId, anvil.accounts[0]!);
  client = createPublicClient({ transport: http(anvil.rpcUrl) });
});
afterAll(() => anvil?.stop());

const resolve = (name: string) => getEnsAddress(client, { name, universalResolverAddress: ens.universalResolver });

describe('deployEns (ENS from npm artifacts on anvil)', () => {
  it('registers a name that viem resolves through the Universal Resolver; an unknown name is null', async () => {
    const name = await ens.register('alice', anvil.accounts[1]!);
    expect(name).toBe('alice.test');
    await expect(resolve('alice.test')).resolves.toBe(anvil.accounts[1]!.address);
    await expect(resolve('nobody.test')).resolves.toBeNull();
  });

  it('points a name at another address when asked, and refuses a second claimant', async () => {
    await ens.register('carol', anvil.accounts[2]!, anvil.accounts[5]!.address);
    await expect(resolve('carol.test')).resolves.toBe(anvil.accounts[5]!.address);
    await expect(ens.register('carol', anvil.accounts[3]!)).rejects.toThrow();
    await expect(resolve('carol.test')).resolves.toBe(anvil.accounts[5]!.address);
  });
});
