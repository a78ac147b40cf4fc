import { LatchError } from '@latch/kernel';

/*
 * A page's `next` is the block number the following page starts below: every page covers a range of
 * whole blocks, newest first, so paging visits every block exactly once, with Otterscan or with logs.
 */

export function encodeCursor(before: bigint): string {
  return before.toString(10);
}

/** The block the page starts below, or undefined for the first page. */
export function decodeCursor(cursor: string | undefined): bigint | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  if (!/^[1-9][0-9]{0,19}$/.test(cursor)) throw new LatchError('Invalid activity cursor', { category: 'VALIDATION_ERROR' });
  return BigInt(cursor);
}
