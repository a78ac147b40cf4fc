import { describe, expect, it } from 'vitest';
import { selectChainAssets, supportsAssetDiscovery } from './walletAssets.js';

const asset = (overrides: Record<string, unknown> = {}) => ({
  address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  balance: '0xf4240',
  type: 'ERC20',
  metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1, iconUrl: 'https://x/usdc.png' },
  ...overrides,
});

describe('supportsAssetDiscovery', () => {
  it('reads assetDiscovery.supported for the chain (any hex spelling) or for all chains (0x0)', () => {
    expect(supportsAssetDiscovery({ '0x1': { assetDiscovery: { supported: true } } }, 1)).toBe(true);
    expect(supportsAssetDiscovery({ '0x01': { assetDiscovery: { supported: true } } }, 1)).toBe(true);
    expect(supportsAssetDiscovery({ '0x0': { assetDiscovery: { supported: true } } }, 8453)).toBe(true);
  });

  it('is false for other chains, false flags and junk', () => {
    expect(supportsAssetDiscovery({ '0xa': { assetDiscovery: { supported: true } } }, 1)).toBe(false);
    expect(supportsAssetDiscovery({ '0x1': { assetDiscovery: { supported: 'yes' } } }, 1)).toBe(false);
    expect(supportsAssetDiscovery({ '0x1': { atomic: { status: 'supported' } } }, 1)).toBe(false);
    expect(supportsAssetDiscovery(null, 1)).toBe(false);
  });
});

describe('selectChainAssets (§5)', () => {
  it('takes the chain group of an EIP-7811 record', () => {
    expect(selectChainAssets({ '0x1': [asset()], '0xa': [] }, 1)).toHaveLength(1);
    expect(selectChainAssets({ '0xa': [asset()] }, 1)).toBeUndefined();
  });

  it('rejects the whole reply when any asset is malformed, even on another chain', () => {
    expect(selectChainAssets({ '0x1': [asset()], '0xa': [asset({ type: 'native' })] }, 1)).toBeUndefined();
    expect(selectChainAssets([asset({ metadata: { name: 'x', symbol: 'x', decimals: 6, iconUrl: '' } })], 1)).toBeUndefined();
  });
});
