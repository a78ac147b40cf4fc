import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { privateKeyToAccount } from 'viem/accounts';
import { addressesOf, deriveKeys, generateMasterSecret } from '@latch/embedded-wallet-frame';
import { walletProofMessage } from '@latch/connector-embedded/protocol';

/**
 * A `PUT /api/wallet` body as the frame makes it: fresh keys, a share, and both keys' signatures over the proof text
 * for this user and project (tests of the service, which must refuse anything less).
 */
export async function provenWallet(
  userId: string,
  projectId: string,
  authShare = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(33)))),
) {
  const keys = deriveKeys(generateMasterSecret());
  const addresses = addressesOf(keys);
  const message = walletProofMessage({ userId, projectId, addresses, authShare });
  const proof = {
    eip155: await privateKeyToAccount(keys.eip155PrivateKey).signMessage({ message }),
    solana: base58.encode(ed25519.sign(new TextEncoder().encode(message), keys.solanaSeed)),
  };
  return { authShare, addresses, proof };
}
