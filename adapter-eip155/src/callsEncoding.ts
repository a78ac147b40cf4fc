import { type BundleCall, LatchError } from '@latch/kernel';
import { toHexQuantity } from './provider.js';

/*
 * What the bundle chunk (calls.ts) and its one-by-one fallback (callsFallback.ts) share: the checked encoding of a
 * bundle's calls and viem's id marker. A leaf: it imports neither of them.
 */

const HEX = /^0x[0-9a-fA-F]*$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** viem's marker ending the id of a bundle sent as single transactions (callsFallback.ts). */
export const FALLBACK_MARKER = '5792579257925792579257925792579257925792579257925792579257925792';

/** A bundle the host passed that breaks the EIP's shape. */
export const invalidBundle = (message: string) => new LatchError(message, { category: 'VALIDATION_ERROR' });

/** The calls as `wallet_sendCalls` carries them, after checking each: `to` a 0x address, `data` 0x hex, `value` ≥ 0. */
export function encodeCalls(calls: readonly BundleCall[]): { to: string; data?: string; value?: string }[] {
  if (!Array.isArray(calls) || calls.length === 0) throw invalidBundle('A call bundle needs at least one call');
  return calls.map((call, i) => {
    const at = `Call ${i + 1}`;
    if (typeof call !== 'object' || call === null) throw invalidBundle(`${at} must be an object with a "to" address`);
    if (typeof call.to !== 'string' || !call.to.startsWith('0x')) throw invalidBundle(`${at}: "to" must be an address starting with 0x`);
    if (!ADDRESS.test(call.to)) throw invalidBundle(`${at}: "to" must be a 20-byte address (0x and 40 hex digits)`);
    if (call.data !== undefined && (typeof call.data !== 'string' || !HEX.test(call.data) || call.data.length % 2 !== 0)) {
      throw invalidBundle(`${at}: "data" must be hex starting with 0x (whole bytes)`);
    }
    if (call.value !== undefined && (typeof call.value !== 'bigint' || call.value < 0n)) {
      throw invalidBundle(`${at}: "value" must be a bigint of at least 0 (the smallest unit)`);
    }
    return {
      to: call.to,
      ...(call.data === undefined ? {} : { data: call.data }),
      ...(call.value === undefined || call.value === 0n ? {} : { value: toHexQuantity(call.value) }),
    };
  });
}
