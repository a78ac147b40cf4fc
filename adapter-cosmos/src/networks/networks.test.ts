import { isCaipNetworkId, parseCaipNetworkId } from '@latch/kernel';
import { describe, expect, it } from 'vitest';
import { COSMOS_LOCALNET_NAME, cosmosHub, createCosmosLocalnet, defineCosmosNetwork, osmosis } from './index.js';

/** A LatchError of the shared option-mistake code (these checks threw a plain TypeError or RangeError before). */
const INVALID_OPTION = expect.objectContaining({ name: 'LatchError', category: 'VALIDATION_ERROR', code: 'INVALID_OPTION' });

describe('Cosmos networks', () => {
  it('Cosmos Hub and Osmosis: CAIP-2 ids of the cosmos namespace (CAIP-5), 6-decimal natives, their denoms and prefixes', () => {
    expect(cosmosHub).toMatchObject({
      id: 'cosmoshub-4',
      caipNetworkId: 'cosmos:cosmoshub-4',
      chainNamespace: 'cosmos',
      nativeCurrency: { symbol: 'ATOM', decimals: 6 },
      cosmos: { chainId: 'cosmoshub-4', denom: 'uatom', bech32Prefix: 'cosmos', gasPrice: '0.025uatom' },
      testnet: false,
    });
    expect(osmosis).toMatchObject({
      caipNetworkId: 'cosmos:osmosis-1',
      nativeCurrency: { symbol: 'OSMO', decimals: 6 },
      cosmos: { chainId: 'osmosis-1', denom: 'uosmo', bech32Prefix: 'osmo' },
    });
    for (const network of [cosmosHub, osmosis]) {
      expect(parseCaipNetworkId(network.caipNetworkId)).toEqual({ namespace: 'cosmos', reference: network.cosmos.chainId });
      expect(network.rpcUrls.default.http[0]).toMatch(/^https:\/\//);
      expect(network.blockExplorers.default.url).toMatch(/^https:\/\/www\.mintscan\.io\//);
      expect(network).not.toHaveProperty('cosmos.chainInfo'); // wallets ship both chains
    }
  });

  it('createCosmosLocalnet: defaults, and a Keplr chain info a wallet can add', () => {
    const network = createCosmosLocalnet({ rpcUrl: 'http://127.0.0.1:26657', chainId: 'my-local-1' });
    expect(network).toMatchObject({
      id: 'my-local-1',
      name: COSMOS_LOCALNET_NAME,
      caipNetworkId: 'cosmos:my-local-1',
      nativeCurrency: { name: 'STAKE', symbol: 'STAKE', decimals: 6 },
      rpcUrls: { default: { http: ['http://127.0.0.1:26657'] } },
      testnet: false,
      cosmos: { chainId: 'my-local-1', denom: 'ustake', bech32Prefix: 'cosmos', gasPrice: '0.025ustake' },
    });
    expect(network.cosmos.chainInfo).toMatchObject({
      chainId: 'my-local-1',
      rpc: 'http://127.0.0.1:26657',
      rest: 'http://127.0.0.1:26657',
      bip44: { coinType: 118 },
      bech32Config: { bech32PrefixAccAddr: 'cosmos', bech32PrefixValAddr: 'cosmosvaloper' },
      currencies: [{ coinDenom: 'STAKE', coinMinimalDenom: 'ustake', coinDecimals: 6 }],
      feeCurrencies: [{ coinMinimalDenom: 'ustake', gasPriceStep: { average: 0.025 } }],
    });
    const custom = createCosmosLocalnet({
      rpcUrl: 'http://x:1',
      restUrl: 'http://x:2',
      chainId: 'l-2',
      name: 'Mine',
      denom: 'uloc',
      symbol: 'LOC',
      decimals: 8,
      bech32Prefix: 'loc',
    });
    expect(custom).toMatchObject({
      name: 'Mine',
      nativeCurrency: { symbol: 'LOC', decimals: 8 },
      cosmos: { denom: 'uloc', bech32Prefix: 'loc' },
    });
    expect(custom.cosmos.chainInfo?.rest).toBe('http://x:2');
  });

  it('refuse chain ids that are not their own CAIP-2 reference, and bad fields', () => {
    const base = { rpcUrl: 'http://127.0.0.1:1', chainId: 'ok-1' };
    for (const bad of [
      { chainId: 'has_underscore' }, // CAIP-5: such ids are hashed, not used as they are
      { chainId: 'x'.repeat(33) },
      { chainId: '' },
      { rpcUrl: 'ftp://x' },
      { restUrl: 'javascript:alert(1)' },
      { name: ' ' },
      { denom: 'u' },
      { bech32Prefix: 'Cosmos' },
      { decimals: -1 },
    ]) {
      expect(() => createCosmosLocalnet({ ...base, ...bad }), JSON.stringify(bad)).toThrow(INVALID_OPTION);
    }
    expect(() =>
      defineCosmosNetwork({
        chainId: 'j-1',
        name: 'J',
        rpcUrl: 'https://j',
        denom: 'ujuno',
        symbol: 'JUNO',
        decimals: 6,
        bech32Prefix: 'juno',
        gasPrice: '0.1uatom',
      }),
    ).toThrow(/gasPrice/);
  });

  it('defineCosmosNetwork: how a third party adds a chain', () => {
    const juno = defineCosmosNetwork({
      chainId: 'juno-1',
      name: 'Juno',
      rpcUrl: 'https://juno-rpc.example',
      denom: 'ujuno',
      symbol: 'JUNO',
      decimals: 6,
      bech32Prefix: 'juno',
      blockExplorer: { name: 'Mintscan', url: 'https://www.mintscan.io/juno' },
    });
    expect(isCaipNetworkId(juno.caipNetworkId)).toBe(true);
    expect(juno).toMatchObject({
      caipNetworkId: 'cosmos:juno-1',
      cosmos: { gasPrice: '0.025ujuno', bech32Prefix: 'juno' },
      blockExplorers: { default: { name: 'Mintscan' } },
    });
  });
});
