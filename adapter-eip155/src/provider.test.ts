import { describe, expect, it } from 'vitest';
import { chainIdOf, toCaipNetworkId, toChecksummedAccounts, toHexQuantity, utf8ToHex } from './provider.js';
import { base, sepolia } from './networks/index.js';

const INVALID_OPTION = expect.objectContaining({ name: 'LatchError', category: 'VALIDATION_ERROR', code: 'INVALID_OPTION' });

describe('provider helpers', () => {
  it('turns wallet chain ids (hex, decimal string, number) into CAIP-2 ids', () => {
    expect(toCaipNetworkId('0x1')).toBe('eip155:1');
    expect(toCaipNetworkId('0x2105')).toBe('eip155:8453');
    expect(toCaipNetworkId('137')).toBe('eip155:137');
    expect(toCaipNetworkId(31337)).toBe('eip155:31337');
    for (const bad of ['0x', '0x0', 'mainnet', '', null, undefined, -1, 1.5, {}]) expect(toCaipNetworkId(bad)).toBeUndefined();
  });

  it('checksums accounts and drops anything that is not an address', () => {
    expect(toChecksummedAccounts(['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'nope', 42, '0x123'])).toEqual([
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    ]);
    expect(toChecksummedAccounts('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toEqual([]);
  });

  it('reads chain ids from networks and encodes hex quantities and UTF-8', () => {
    expect(chainIdOf(base)).toBe(8453);
    expect(chainIdOf(sepolia)).toBe(11155111);
    expect(() => chainIdOf({ ...base, id: 0, caipNetworkId: 'eip155:0' })).toThrow(INVALID_OPTION);
    expect(() => chainIdOf({ ...base, id: 0, caipNetworkId: 'eip155:0' })).toThrow('Not an eip155 network: eip155:0');
    expect(toHexQuantity(11155111)).toBe('0xaa36a7');
    expect(toHexQuantity(0n)).toBe('0x0');
    expect(utf8ToHex('hi ✓')).toBe('0x686920e29c93');
  });
});
