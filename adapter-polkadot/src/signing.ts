import { readUntrustedProperty } from '@latch/kernel';
import { wrapBytes } from '@polkadot/extension-dapp/wrapBytes';
import type { ExtensionAccount } from './extension.js';
import { malformedAnswer, unsupportedByExtension, walletCall } from './walletErrors.js';

/** An sr25519 / ed25519 signature (64 bytes) or an ecdsa one (65 bytes), as hex. */
const RAW_SIGNATURE = /^0x(?:[0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/;

function toHex(bytes: Uint8Array): string {
  let hex = '0x';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * `signer.signRaw({ address, data, type: 'bytes' })` over the message's UTF-8 bytes wrapped in `<Bytes>…</Bytes>`
 * (the library's `wrapBytes`), so a message can never be a transaction whatever the extension does; extensions wrap
 * only bytes not wrapped yet, and `signatureVerify` accepts the signature over either form.
 */
export async function signMessageWithExtension(
  injected: object,
  account: ExtensionAccount,
  message: string,
  walletName: string,
): Promise<string> {
  const signer = readUntrustedProperty(injected, 'signer');
  const signRaw = readUntrustedProperty(signer, 'signRaw');
  if (typeof signRaw !== 'function') throw unsupportedByExtension(walletName, 'sign messages');
  const data = toHex(wrapBytes(new TextEncoder().encode(message)));
  const result = await walletCall(() => signRaw.call(signer, { address: account.address, data, type: 'bytes' }));
  const signature = readUntrustedProperty(result, 'signature');
  if (typeof signature !== 'string' || !RAW_SIGNATURE.test(signature)) throw malformedAnswer(walletName, 'signature');
  return signature;
}
