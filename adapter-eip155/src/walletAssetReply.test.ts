import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type WalletAsset, validateWalletAssets } from './walletAssetReply.js';

const goodAsset: WalletAsset = {
  address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  balance: '0x0de0b6b3a7640000',
  type: 'ERC20',
  metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1, iconUrl: 'https://example.com/usdc.png' },
};
const nativeAsset: WalletAsset = {
  address: 'native',
  balance: '0x1',
  type: 'NATIVE',
  metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 3000.5, iconUrl: '', value: 12.5 },
};

describe('validateWalletAssets (§5 asset discovery)', () => {
  it('accepts a list of well-formed assets', () => {
    expect(validateWalletAssets([goodAsset, nativeAsset])).toEqual([goodAsset, nativeAsset]);
    expect(validateWalletAssets([])).toEqual([]);
  });

  it('accepts an EIP-7811 record keyed by chain id and flattens it', () => {
    expect(validateWalletAssets({ '0x1': [goodAsset], '0x2105': [nativeAsset] })).toEqual([goodAsset, nativeAsset]);
  });

  it('rejects the whole reply when one asset is malformed', () => {
    const breakages: ((asset: Record<string, unknown> & { metadata: Record<string, unknown> }) => void)[] = [
      (a) => void (a.address = 1),
      (a) => void (a.balance = 1000),
      (a) => void (a.balance = 'lots'),
      (a) => void (a.type = 'erc721'),
      (a) => void (a.metadata.name = undefined),
      (a) => void (a.metadata.symbol = 5),
      (a) => void (a.metadata.iconUrl = null),
      (a) => void (a.metadata.decimals = '18'),
      (a) => void (a.metadata.decimals = 1.5),
      (a) => void (a.metadata.price = '1.00'),
      (a) => void (a.metadata.price = Number.NaN),
      (a) => void (a.metadata = 'none' as never),
    ];
    for (const breakIt of breakages) {
      const broken = structuredClone(goodAsset) as unknown as Parameters<(typeof breakages)[number]>[0];
      breakIt(broken);
      expect(validateWalletAssets([nativeAsset, broken])).toBeUndefined();
      expect(validateWalletAssets({ '0x1': [nativeAsset], '0xa': [broken] })).toBeUndefined();
    }
  });

  it('rejects replies that are neither a list nor a record of lists', () => {
    for (const reply of [undefined, null, 'assets', 42, { '0x1': goodAsset }, [[goodAsset]]]) {
      expect(validateWalletAssets(reply)).toBeUndefined();
    }
  });

  it('returns fresh objects without unknown fields', () => {
    const withExtra = { ...goodAsset, __proto__injection: true, metadata: { ...goodAsset.metadata, value: 'x' } };
    const [asset] = validateWalletAssets([withExtra]) ?? [];
    expect(asset).toEqual(goodAsset);
    expect(asset).not.toBe(withExtra);
  });

  it('keeps every well-formed asset (property) and never throws on anything', () => {
    const asset = fc.record({
      address: fc.string(),
      balance: fc.bigInt({ min: 0n }).map((n) => `0x${n.toString(16)}` as const),
      type: fc.constantFrom('ERC20' as const, 'NATIVE' as const),
      metadata: fc.record({
        name: fc.string(),
        symbol: fc.string(),
        decimals: fc.nat(255),
        price: fc.double({ noNaN: true, noDefaultInfinity: true }),
        iconUrl: fc.webUrl(),
      }),
    });
    fc.assert(
      fc.property(fc.array(asset), (assets) => {
        expect(validateWalletAssets(assets)).toEqual(assets);
      }),
    );
    fc.assert(fc.property(fc.anything(), (reply) => void validateWalletAssets(reply)));
  });
});
