import { base58 } from '@scure/base';

const BASE58_32_TO_44 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const SOLANA_PUBLIC_KEY_BYTES = 32;

/** §5: 32 to 44 base58 characters that decode to a 32-byte public key. */
export function isSolanaAddress(address: string): boolean {
  if (typeof address !== 'string' || !BASE58_32_TO_44.test(address)) return false;
  try {
    return base58.decode(address).length === SOLANA_PUBLIC_KEY_BYTES;
  } catch {
    return false;
  }
}
