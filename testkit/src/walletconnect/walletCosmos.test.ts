import { makeSignDoc } from '@cosmjs/amino';
import { toBase64 } from '@cosmjs/encoding';
import { describe, expect, test } from 'vitest';
import { cosmosAddressOfPubkey } from '../cosmos/address.js';
import { walletKeyFrom } from '../cosmos/wallet/walletKey.js';
import { answerCosmosRequest } from './walletCosmos.js';

// The test wallet's cosmos answers, asked directly: the wallet's own error texts, which the WalletConnect SDK
// replaces with "Invalid params" on the wire. Its answers over the relay, and a transfer it signs landing on the
// CometBFT stand-in, are tested in the devnet workspace.

const KEY = '61'.repeat(32);
/** Another signer: the BIP-39 test vector's well-known address. */
const FOREIGN_ADDRESS = 'cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4';

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as { code?: number; message?: string },
  );

async function contextOf(address?: string) {
  const key = await walletKeyFrom(KEY);
  const own = cosmosAddressOfPubkey(key.pubkey, 'cosmos');
  return { context: { key, chainId: 'latch-local-1', address: address ?? own }, address: own };
}

describe("the WalletConnect test wallet's cosmos requests, answered directly", () => {
  test('wrong chains and malformed documents get -32602 with a sentence naming the field', async () => {
    const { context, address } = await contextOf();
    const signDoc = { chainId: 'latch-local-1', accountNumber: '0', authInfoBytes: toBase64(new Uint8Array([1])), bodyBytes: '' };
    const direct = (doc: unknown) =>
      failure(answerCosmosRequest(context, 'cosmos_signDirect', { signerAddress: address, signDoc: doc }, false));
    expect(await direct({ ...signDoc, chainId: 'other-1' })).toMatchObject({
      code: -32602,
      message: 'cosmos_signDirect: signDoc.chainId must be latch-local-1',
    });
    expect(await direct({ ...signDoc, bodyBytes: '%%' })).toMatchObject({
      code: -32602,
      message: 'cosmos_signDirect: signDoc.bodyBytes is not base64',
    });
    expect(await direct({ ...signDoc, accountNumber: 1 })).toMatchObject({
      message: 'cosmos_signDirect: signDoc.accountNumber must be a decimal string',
    });

    const amino = (doc: unknown) =>
      failure(answerCosmosRequest(context, 'cosmos_signAmino', { signerAddress: address, signDoc: doc }, false));
    const otherChain = makeSignDoc([], { gas: '1', amount: [] }, 'other-1', '', 0, 0);
    expect(await amino(otherChain)).toMatchObject({
      message: 'cosmos_signAmino: signDoc.chain_id must be latch-local-1 (or an ADR-36 document)',
    });
    expect(await amino({ chain_id: 'latch-local-1', fee: {} })).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/is not an amino StdSignDoc/),
    });
    // An ADR-36 document of another signer is no exemption from the chain check.
    const foreign = makeSignDoc(
      [{ type: 'sign/MsgSignData', value: { signer: FOREIGN_ADDRESS, data: '' } }],
      { gas: '0', amount: [] },
      '',
      '',
      0,
      0,
    );
    expect(await amino(foreign)).toMatchObject({ code: -32602 });
  });

  test('a method it does not know gets 5101', async () => {
    const { context } = await contextOf('cosmos1x');
    await expect(answerCosmosRequest(context, 'cosmos_signArbitrary', {}, false)).rejects.toMatchObject({
      code: 5101,
      message: 'Unsupported methods. cosmos_signArbitrary',
    });
  });
});
