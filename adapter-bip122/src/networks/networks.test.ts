import { isCaipNetworkId, parseCaipNetworkId } from '@latch/kernel';
import { REGTEST_CAIP_NETWORK_ID } from '@latch/testkit';
import { describe, expect, it } from 'vitest';
import { bitcoin, bitcoinTestnet, BITCOIN_REGTEST_CAIP_NETWORK_ID, createBitcoinRegtest } from './index.js';

/** A LatchError of the shared option-mistake code (these checks threw a plain TypeError or RangeError before). */
const INVALID_OPTION = expect.objectContaining({ name: 'LatchError', category: 'VALIDATION_ERROR', code: 'INVALID_OPTION' });

describe('Bitcoin networks', () => {
  it('names mainnet and testnet by their genesis blocks (CAIP-2 bip122), with 8 decimals and mempool.space', () => {
    expect(bitcoin).toMatchObject({
      caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
      chainNamespace: 'bip122',
      nativeCurrency: { symbol: 'BTC', decimals: 8 },
      rpcUrls: { default: { http: ['https://mempool.space/api'] } },
      blockExplorers: { default: { url: 'https://mempool.space' } },
      testnet: false,
    });
    expect(bitcoinTestnet).toMatchObject({
      caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba',
      nativeCurrency: { symbol: 'tBTC', decimals: 8 },
      blockExplorers: { default: { url: 'https://mempool.space/testnet' } },
      testnet: true,
    });
    for (const network of [bitcoin, bitcoinTestnet]) {
      expect(isCaipNetworkId(network.caipNetworkId)).toBe(true);
      expect(parseCaipNetworkId(network.caipNetworkId)?.reference).toBe(network.id);
    }
  });

  it('points the regtest network at the Esplora API it is given, under the regtest genesis the devnet node has', () => {
    const network = createBitcoinRegtest({ esploraUrl: 'http://127.0.0.1:3002' });
    expect(network).toMatchObject({
      name: 'Bitcoin Regtest',
      caipNetworkId: BITCOIN_REGTEST_CAIP_NETWORK_ID,
      nativeCurrency: { symbol: 'BTC', decimals: 8 },
      rpcUrls: { default: { http: ['http://127.0.0.1:3002'] } },
      testnet: false,
    });
    expect(network.caipNetworkId).toBe(REGTEST_CAIP_NETWORK_ID);
    expect(createBitcoinRegtest({ rpcUrl: 'https://esplora.local/api', name: 'Local' })).toMatchObject({
      name: 'Local',
      rpcUrls: { default: { http: ['https://esplora.local/api'] } },
    });
  });

  it('refuses a URL that is not http(s) and an empty name', () => {
    expect(() => createBitcoinRegtest({ esploraUrl: 'ftp://x' })).toThrow(INVALID_OPTION);
    expect(() => createBitcoinRegtest({ esploraUrl: 'nonsense' })).toThrow(INVALID_OPTION);
    expect(() => createBitcoinRegtest({ esploraUrl: 'http://127.0.0.1:1', name: ' ' })).toThrow(/name/);
    expect(() => createBitcoinRegtest({} as { esploraUrl: string })).toThrow(INVALID_OPTION);
  });
});
