import { LatchError } from '@latch/kernel';

/** Where the next page starts: the `offset`-th token (newest first) of `collection`. */
export interface NftCursor {
  collection: string;
  offset: number;
}

export function encodeNftCursor(cursor: NftCursor): string {
  return JSON.stringify({ c: cursor.collection, o: cursor.offset });
}

/** The cursor comes back through the UI: anything we did not write is refused, not guessed at. */
export function decodeNftCursor(cursor: string | undefined): NftCursor | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(cursor);
  } catch {
    parsed = undefined;
  }
  const { c, o } = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as { c?: unknown; o?: unknown };
  if (typeof c !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(c) || typeof o !== 'number' || !Number.isSafeInteger(o) || o < 0) {
    throw new LatchError('Invalid NFT page cursor', { category: 'VALIDATION_ERROR' });
  }
  return { collection: c, offset: o };
}
