import { LatchError } from '@latch/kernel';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';

/*
 * The recovery share as text the visitor can copy and type back: `latch1-` + base58 with a 4-byte
 * double-SHA-256 checksum, so a mistyped character is caught before any network request.
 */

const RECOVERY_PREFIX = 'latch1-';
const base58check = createBase58check(sha256);

/** The visitor typed something that is not a recovery secret; the message says what to fix. */
const invalidSecret = (message: string) => new LatchError(message, { category: 'VALIDATION_ERROR', code: 'INVALID_RECOVERY_SECRET' });

/** The recovery share as the text the visitor saves: `latch1-` + base58 with a 4-byte checksum. */
export function encodeRecoverySecret(share: Uint8Array): string {
  return RECOVERY_PREFIX + base58check.encode(share);
}

/** Parses a typed recovery secret (spaces ignored); throws a LatchError (code `'INVALID_RECOVERY_SECRET'`) whose message tells the visitor what is wrong. */
export function decodeRecoverySecret(text: string): Uint8Array {
  const compact = text.replace(/\s+/g, '');
  if (!compact) throw invalidSecret('Enter your recovery secret');
  if (!compact.startsWith(RECOVERY_PREFIX)) throw invalidSecret(`A recovery secret starts with "${RECOVERY_PREFIX}"`);
  const body = compact.slice(RECOVERY_PREFIX.length);
  const wrong = body.match(/[^1-9A-HJ-NP-Za-km-z]/);
  if (wrong) throw invalidSecret(`"${wrong[0]}" is not a character of a recovery secret; check for typos`);
  let share: Uint8Array;
  try {
    share = base58check.decode(body);
  } catch {
    throw invalidSecret('This recovery secret has a typo: check each character');
  }
  if (share.length !== 33) throw invalidSecret('This recovery secret is incomplete: check that you copied all of it');
  return share;
}
