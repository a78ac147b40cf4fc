import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getCapability } from '@latch/kernel';
import { bitcoinPaymentAddress, REGTEST_PARAMS } from '@latch/testkit';
import { createBitcoinAdapter } from './adapter.js';
import { createBitcoinRegtest } from './networks/regtest.js';
import { key, startRegtest, unmountAll, type Regtest } from './test-support/bitcoinFixture.js';

let local: Regtest;
beforeAll(async () => {
  local = await startRegtest();
});
afterAll(() => local?.stop());
afterEach(unmountAll);

const balanceOf = (address: string, network = local.network) =>
  getCapability(createBitcoinAdapter(), 'balance')!.getBalance(address, network);

describe('balance (Esplora /address/:a on the regtest node)', () => {
  it('is the confirmed plus unconfirmed BTC of the address, with 8 decimals', async () => {
    const address = bitcoinPaymentAddress(key(0x31), REGTEST_PARAMS);
    await expect(balanceOf(address)).resolves.toEqual({ balance: '0', symbol: 'BTC' });
    await local.regtest.fund(address, 123_456_789n);
    await expect(balanceOf(address)).resolves.toEqual({ balance: '1.23456789', symbol: 'BTC' });
    await local.regtest.fund(address, 1n, { confirm: false }); // still in the mempool
    await expect(balanceOf(address)).resolves.toEqual({ balance: '1.2345679', symbol: 'BTC' });
    expect(await local.regtest.balanceOf(address)).toBe(123_456_790n);
  });

  it('refuses an address of another network before asking anything', async () => {
    const before = local.regtest.requests.length;
    await expect(balanceOf(bitcoinPaymentAddress(key(0x32), { ...REGTEST_PARAMS, bech32: 'bc' }))).rejects.toMatchObject({
      category: 'VALIDATION_ERROR',
    });
    await expect(balanceOf('nonsense')).rejects.toMatchObject({ category: 'VALIDATION_ERROR' });
    expect(local.regtest.requests.length).toBe(before);
  });

  it('lists bitcoin itself as the one token (the Tokens tab and the Send form), with the same checks', async () => {
    const address = bitcoinPaymentAddress(key(0x34), REGTEST_PARAMS);
    await local.regtest.fund(address, 50_000_000n);
    const { getTokenBalances } = getCapability(createBitcoinAdapter(), 'balance')!;
    await expect(getTokenBalances!(address, local.network)).resolves.toEqual([
      {
        name: 'Bitcoin',
        symbol: 'BTC',
        chainId: local.network.caipNetworkId,
        quantity: { decimals: '8', numeric: '0.5' },
        iconUrl: '',
      },
    ]);
    await expect(getTokenBalances!('nonsense', local.network)).rejects.toMatchObject({ category: 'VALIDATION_ERROR' });
    await expect(getTokenBalances!(address, createBitcoinRegtest({ esploraUrl: 'http://127.0.0.1:9' }))).rejects.toMatchObject({
      category: 'RPC_ERROR',
    });
  });

  it('fails as an RPC error when the Esplora API is unreachable or answers garbage', async () => {
    const address = bitcoinPaymentAddress(key(0x33), REGTEST_PARAMS);
    await expect(balanceOf(address, createBitcoinRegtest({ esploraUrl: 'http://127.0.0.1:9' }))).rejects.toMatchObject({
      category: 'RPC_ERROR',
    });
    const html = createBitcoinRegtest({ esploraUrl: `${local.regtest.esploraUrl}/nothing` });
    await expect(balanceOf(address, html)).rejects.toMatchObject({ category: 'RPC_ERROR', message: expect.stringContaining('404') });
  });
});
