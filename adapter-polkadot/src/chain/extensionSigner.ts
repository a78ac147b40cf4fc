import { readUntrustedProperty } from '@latch/kernel';
import type { Signer, SignerResult } from '@polkadot/api/types';
import { malformedAnswer, unsupportedByExtension, walletCall } from '../walletErrors.js';

type SignerPayloadJSON = Parameters<NonNullable<Signer['signPayload']>>[0];

/** A type byte (sr25519 1, ed25519 0, ecdsa 2) and the 64- or 65-byte signature, as hex. */
const TYPED_SIGNATURE = /^0x(?:[0-9a-fA-F]{130}|[0-9a-fA-F]{132})$/;

/**
 * The extension's `signer` as @polkadot/api's Signer: only `signPayload`, whose answer is checked and reduced to
 * `{ id, signature }` (a `signedTransaction` from the extension is ignored: the api builds the extrinsic itself).
 */
export function extensionSigner(signer: unknown, walletName: string): Signer {
  const signPayload = readUntrustedProperty(signer, 'signPayload');
  if (typeof signPayload !== 'function') throw unsupportedByExtension(walletName, 'sign transactions');
  return {
    async signPayload(payload: SignerPayloadJSON): Promise<SignerResult> {
      const result = await walletCall(() => signPayload.call(signer, payload));
      const signature = readUntrustedProperty(result, 'signature');
      if (typeof signature !== 'string' || !TYPED_SIGNATURE.test(signature)) throw malformedAnswer(walletName, 'transaction signature');
      const id = readUntrustedProperty(result, 'id');
      return { id: typeof id === 'number' ? id : 0, signature: signature as `0x${string}` };
    },
  };
}
