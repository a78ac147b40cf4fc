import { describe, expect, it } from 'vitest';
import { decodeBase58, encodeBase58 } from './codec.js';
import { expiringUri } from './provider.js';

describe('the WalletConnect helpers', () => {
  it('decode base58 and refuse text outside its alphabet as a connector error', () => {
    expect(decodeBase58(encodeBase58(new Uint8Array([0, 1, 2, 255])))).toEqual(new Uint8Array([0, 1, 2, 255]));
    expect(() => decodeBase58('0OIl')).toThrow(
      expect.objectContaining({ name: 'LatchError', category: 'CONNECTOR_ERROR', message: 'Invalid base58 text' }),
    );
  });

  it('refuse a pairing the WalletConnect library did not create, as a connector error', async () => {
    // The library's pairing store as the provider exposes it, holding no pairing for the topic.
    const library = { client: { core: { pairing: { getPairings: () => [] } } } } as unknown as Parameters<typeof expiringUri>[0];
    await expect(expiringUri(library, 'topic', Date.now() + 60_000)).rejects.toMatchObject({
      name: 'LatchError',
      category: 'CONNECTOR_ERROR',
      message: 'The WalletConnect library created no pairing for this QR code',
    });
  });
});
