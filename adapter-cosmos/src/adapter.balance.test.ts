import { cosmosAddressOfPubkey, walletKeyFrom } from '@latch/testkit';
import { bech32 } from '@scure/base';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCosmosLocalnet } from './networks/localnet.js';
import {
  createPage,
  failure,
  type LocalCosmos,
  mountAdapter,
  privateKey,
  startLocalCosmos,
  unmountAll,
} from './test-support/cosmosFixture.js';

const addressOf = async (key: string, prefix = 'cosmos') => cosmosAddressOfPubkey((await walletKeyFrom(key)).pubkey, prefix);
let local: LocalCosmos;

beforeEach(async () => {
  local = await startLocalCosmos();
});
afterEach(async () => {
  unmountAll();
  await local.stop();
});

describe('balance.getBalance', () => {
  it('reads the bank balance of the native denom from the node, in whole units with the network decimals, uncached', async () => {
    const [funded, empty] = await Promise.all([addressOf(privateKey(0x31)), addressOf(privateKey(0x32))]);
    local.chain.fund(funded, 1_234_567n);
    const { adapter } = mountAdapter(createPage(), [local.network]);
    const { getBalance } = adapter.capabilities!.balance!;
    expect(await getBalance(funded, local.network)).toEqual({ balance: '1.234567', symbol: 'STAKE' });
    expect(await getBalance(empty, local.network)).toEqual({ balance: '0', symbol: 'STAKE' });
    local.chain.fund(funded, 1n);
    expect(await getBalance(funded, local.network)).toEqual({ balance: '1.234568', symbol: 'STAKE' });
    const eightDecimals = { ...local.network, nativeCurrency: { ...local.network.nativeCurrency, decimals: 8 } };
    expect((await getBalance(funded, eightDecimals)).balance).toBe('0.01234568');
  });

  it('lists the native denom as the one token (the Tokens tab and the Send form), with the same checks', async () => {
    const funded = await addressOf(privateKey(0x33));
    local.chain.fund(funded, 2_500_000n);
    const { adapter } = mountAdapter(createPage(), [local.network]);
    const { getTokenBalances } = adapter.capabilities!.balance!;
    expect(await getTokenBalances!(funded, local.network)).toEqual([
      { name: 'STAKE', symbol: 'STAKE', chainId: local.network.caipNetworkId, quantity: { decimals: '6', numeric: '2.5' }, iconUrl: '' },
    ]);
    const osmo = await addressOf(privateKey(0x33), 'osmo');
    expect(await failure(getTokenBalances!(osmo, local.network))).toMatchObject({ category: 'VALIDATION_ERROR' });
  });

  it('refuses an address of another prefix, or no address, before any request, and a network without chain data', async () => {
    const { adapter } = mountAdapter(createPage(), [local.network]);
    const { getBalance } = adapter.capabilities!.balance!;
    const osmo = await addressOf(privateKey(0x31), 'osmo');
    expect(await failure(getBalance(osmo, local.network))).toMatchObject({
      category: 'VALIDATION_ERROR',
      message: expect.stringContaining(osmo),
    });
    expect(await failure(getBalance('not an address', local.network))).toMatchObject({ category: 'VALIDATION_ERROR' });
    const { cosmos: _dropped, ...plain } = local.network;
    expect(await failure(getBalance(osmo, plain))).toMatchObject({ message: expect.stringMatching(/^Chain not configured/) });
  });

  it('reports an unreachable node clearly', async () => {
    const { adapter } = mountAdapter(createPage(), [local.network]);
    const unreachable = createCosmosLocalnet({ rpcUrl: 'http://127.0.0.1:9', chainId: 'latch-local-1' });
    const someone = bech32.encode('cosmos', bech32.toWords(new Uint8Array(20).fill(7)));
    expect(await failure(adapter.capabilities!.balance!.getBalance(someone, unreachable))).toMatchObject({
      category: 'RPC_ERROR',
      message: expect.stringMatching(/^The Cosmos node at http:\/\/127\.0\.0\.1:9 could not be reached/),
    });
  });
});
