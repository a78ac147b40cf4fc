import { describe, expect, test } from 'vitest';
import { REGTEST_CAIP_NETWORK_ID, REGTEST_PARAMS } from '../bitcoin/bitcoinNetworks.js';
import { bitcoinPaymentAddress } from '../bitcoin/walletKeys.js';
import { createBip122WalletNamespace } from './walletBip122.js';

// The test wallet's bip122 namespace asked directly, for what sign-client never lets through: a method the session
// did not approve. Its answers over the relay, and transfers landing on a regtest node, are tested in the devnet
// workspace.

const PAYMENT_KEY = '5b'.repeat(32);
const PAYMENT = bitcoinPaymentAddress(PAYMENT_KEY, REGTEST_PARAMS);
/** The wallet always holds an eip155 key. Neither URL is dialled here. */
const OPTIONS = { relayUrl: '', evm: { privateKey: `0x${'11'.repeat(32)}` as const, rpcUrls: { 1: 'http://127.0.0.1:9' } } };

describe("the WalletConnect test wallet's bip122 requests, answered directly", () => {
  test('a method it does not offer gets 5101', async () => {
    const namespace = await createBip122WalletNamespace({
      ...OPTIONS,
      bip122: { paymentKey: PAYMENT_KEY, esploraUrl: 'http://127.0.0.1:9' },
    });
    if (!namespace) throw new Error('no bip122 namespace');
    await expect(
      namespace.answer(
        { chainId: REGTEST_CAIP_NETWORK_ID, method: 'wallet_getBalance', params: { account: PAYMENT } },
        { rejectSigning: false },
      ),
    ).rejects.toMatchObject({ code: 5101 });
  });
});
