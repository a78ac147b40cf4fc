/**
 * Readers for Blockscout REST API v2 replies, which are untrusted input. Field names are those of
 * blockscout/blockscout (apps/block_scout_web/lib/block_scout_web/views/api/v2/transaction_view.ex,
 * token_transfer_view.ex, token_view.ex, address_view.ex, and their OpenAPI schemas in
 * schemas/api/v2/transaction.ex, token_transfer.ex, token.ex, token_instance.ex, address.ex):
 *
 * - list replies: `{ items: [...], next_page_params: { block_number, index, items_count, … } | null }`
 * - transaction: `hash`, `block_number` (null while pending), `timestamp` (ISO 8601), `from`/`to`/
 *   `created_contract` (`{ hash, … }`), `value` (wei, decimal string), `status` ('ok' | 'error' | null),
 *   `result` ('success' | 'pending' | 'awaiting_internal_transactions' | 'dropped/replaced' | an error text),
 *   `method`
 * - token transfer: `transaction_hash`, `block_number`, `timestamp`, `from`, `to`, `type` ('token_minting',
 *   'token_burning', 'token_spawning', 'token_transfer'), `token` (`address_hash`, `name`, `symbol`,
 *   `decimals`, `type` ('ERC-20' | 'ERC-721' | 'ERC-1155' | 'ERC-404' | …), `icon_url`, `reputation`
 *   ('ok' | 'scam' | null)), `total` (`{ value, decimals }` or `{ token_id, value?, decimals?, token_instance }`)
 * - NFT (`/addresses/{hash}/nft`): `id`, `token_type`, `value`, `metadata`, `image_url`, `token`
 */
export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function read(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) current = isRecord(current) ? current[key] : undefined;
  return current;
}

export function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function addressOf(value: unknown): string | undefined {
  const hash = read(value, 'hash');
  return typeof hash === 'string' && /^0x[0-9a-fA-F]{40}$/.test(hash) ? hash : undefined;
}

export function isHash(value: unknown): value is string {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value);
}

export function blockOf(item: unknown): number | undefined {
  const block = read(item, 'block_number');
  return typeof block === 'number' && Number.isSafeInteger(block) && block >= 0 ? block : undefined;
}

/** ISO 8601, normalised; undefined for anything Date cannot read. */
export function isoTimeOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** A non-negative integer sent as a decimal string (Blockscout's IntegerString). */
export function integerOf(value: unknown): bigint | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  return typeof value === 'string' && /^\d{1,78}$/.test(value) ? BigInt(value) : undefined;
}

export function decimalsOf(value: unknown): number | undefined {
  const decimals = integerOf(value);
  return decimals !== undefined && decimals <= 255n ? Number(decimals) : undefined;
}

/** An http(s) or inline image URL: the modal decides whether to load it (its `imageHosts`). */
export function imageUrlOf(value: unknown): string | undefined {
  const url = textOf(value);
  return url && /^(https?:\/\/|data:image\/)/i.test(url) ? url : undefined;
}
