const BIGINT_MARKER = '__latch_bigint__';
const MARKED_BIGINT = new RegExp(`"${BIGINT_MARKER}(-?\\d+)"`, 'g');

// Solana RPC integers are u64: above 2^53 they must reach the client as bare JSON digits, never rounded doubles.
export function stringifyRpcJson(value: unknown): string {
  const json = JSON.stringify(value, (_key, entry: unknown) => {
    if (typeof entry !== 'bigint') return entry;
    return entry <= BigInt(Number.MAX_SAFE_INTEGER) && entry >= BigInt(Number.MIN_SAFE_INTEGER)
      ? Number(entry)
      : `${BIGINT_MARKER}${entry}`;
  });
  return json.replace(MARKED_BIGINT, '$1');
}
