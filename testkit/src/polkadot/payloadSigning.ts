import type { KeyringPair } from '@polkadot/keyring/types';
import { TypeRegistry } from '@polkadot/types';
import { u8aToHex, u8aWrapBytes } from '@polkadot/util';

/** A SignerPayloadJSON as a dapp sends it (the fields the registry needs are checked by its caller). */
export type SignerPayload = { address: string; version: number; signedExtensions: string[] } & Record<string, unknown>;

/**
 * polkadot{.js}' `signer.signPayload` without metadata: a TypeRegistry told the payload's signed extensions
 * SCALE-encodes the ExtrinsicPayload and signs it (blake2-256 first when over 256 bytes, inside `sign`). The answer is a
 * MultiSignature: the key type byte (ed25519 0, sr25519 1) then the signature, as hex.
 */
export function signExtrinsicPayload(pair: KeyringPair, payload: SignerPayload): `0x${string}` {
  const registry = new TypeRegistry();
  registry.setSignedExtensions(payload.signedExtensions);
  // biome-ignore lint/suspicious/noExplicitAny: the payload is SignerPayloadJSON as the dapp sent it
  const extrinsicPayload = registry.createType('ExtrinsicPayload', payload as any, { version: payload.version });
  return extrinsicPayload.sign(pair).signature;
}

/** polkadot{.js}' `signer.signRaw`: the bytes wrapped in `<Bytes>…</Bytes>` (unless they already are), signed, as hex. */
export function signWrappedBytes(pair: KeyringPair, bytes: Uint8Array): `0x${string}` {
  return u8aToHex(pair.sign(u8aWrapBytes(bytes)));
}
