import { Signer } from 'bip322-js';
import { describe, expect, it } from 'vitest';
import { BITCOIN_NETWORKS, REGTEST_PARAMS } from './bitcoinNetworks.js';
import { signBip322Simple } from './bip322.js';
import { verifyBitcoinMessageSignature } from './bip322Verify.js';
import { ordinalsKeyOf, paymentKeyOf, wifOf } from './walletKeys.js';

const MESSAGES = ['Hello World', '', 'Latch ✓ 署名 🚀', 'x'.repeat(1_000)];

describe('BIP-322 simple signatures on @scure/btc-signer', () => {
  it.each(MESSAGES)('equals bip322-js Signer byte for byte on P2WPKH (message %#)', (message) => {
    for (const params of [REGTEST_PARAMS, BITCOIN_NETWORKS.Mainnet.params]) {
      const key = paymentKeyOf('31'.repeat(32), params);
      const signature = signBip322Simple(key.secret, key.address, message, params);
      expect(signature).toBe(Signer.sign(wifOf('31'.repeat(32), params), key.address, message));
      expect(verifyBitcoinMessageSignature({ address: key.address, message, signature })).toBe(true);
    }
  });

  it('signs for a Taproot key path address, which bip322-js verifies', () => {
    const key = ordinalsKeyOf('32'.repeat(32), REGTEST_PARAMS);
    expect(key.address).toMatch(/^bcrt1p/);
    const signature = signBip322Simple(key.secret, key.address, 'ordinals', REGTEST_PARAMS);
    expect(verifyBitcoinMessageSignature({ address: key.address, message: 'ordinals', signature })).toBe(true);
  });

  it('is refused by the verifier for another message, another address or garbage', () => {
    const key = paymentKeyOf('33'.repeat(32), REGTEST_PARAMS);
    const other = paymentKeyOf('34'.repeat(32), REGTEST_PARAMS);
    const signature = signBip322Simple(key.secret, key.address, 'original', REGTEST_PARAMS);
    expect(verifyBitcoinMessageSignature({ address: key.address, message: 'tampered', signature })).toBe(false);
    expect(verifyBitcoinMessageSignature({ address: other.address, message: 'original', signature })).toBe(false);
    expect(verifyBitcoinMessageSignature({ address: key.address, message: 'original', signature: 'AAAA' })).toBe(false);
  });

  it('refuses address types it cannot sign for', () => {
    const key = paymentKeyOf('35'.repeat(32), REGTEST_PARAMS);
    expect(() => signBip322Simple(key.secret, 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'm', REGTEST_PARAMS)).toThrow(/P2WPKH and P2TR/);
  });
});
