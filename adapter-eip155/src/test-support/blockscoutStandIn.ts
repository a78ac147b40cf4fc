import { startLoopbackServer, type LoopbackReply } from './loopbackServer.js';

/**
 * A stand-in for a Blockscout instance's REST API v2 on 127.0.0.1, in its wire format (field sets of
 * blockscout/blockscout's schemas/api/v2/{transaction,token_transfer,token,token_instance,address}.ex)
 * with keyset paging by `next_page_params` like the real one.
 */
export const address = (hash: string) => ({
  hash,
  is_contract: false,
  name: null,
  is_scam: false,
  reputation: 'ok',
  proxy_type: null,
  implementations: [],
  is_verified: false,
  ens_domain_name: null,
  metadata: null,
  private_tags: [],
  watchlist_names: [],
  public_tags: [],
});

export const token = (
  fields: { address: string; name: string; symbol: string; type: string; decimals?: string | null } & Record<string, unknown>,
) => ({
  address_hash: fields.address,
  circulating_market_cap: null,
  circulating_supply: null,
  exchange_rate: null,
  holders_count: '42',
  icon_url: null,
  reputation: 'ok',
  total_supply: '1000000',
  volume_24h: null,
  ...fields,
  decimals: fields.decimals ?? null,
});

export const txHash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const time = (block: number) => new Date(Date.UTC(2025, 0, 1) + block * 12_000).toISOString().replace('.000Z', '.000000Z');

export function transaction(
  fields: { n: number; block: number | null; from: string; to: string | null; value?: string } & Record<string, unknown>,
) {
  const { n, block, from, to, value = '0', ...rest } = fields;
  return {
    hash: txHash(n),
    result: block === null ? 'pending' : 'success',
    status: block === null ? null : 'ok',
    block_number: block,
    timestamp: block === null ? null : time(block),
    from: address(from),
    to: to === null ? null : address(to),
    created_contract: null,
    confirmations: 3,
    confirmation_duration: [0, 12000],
    value,
    fee: { type: 'actual', value: '21000000000000' },
    gas_price: '1000000000',
    type: 2,
    gas_used: '21000',
    gas_limit: '21000',
    max_fee_per_gas: '2000000000',
    max_priority_fee_per_gas: '1000000000',
    base_fee_per_gas: '1000000000',
    priority_fee: '21000000000000',
    transaction_burnt_fee: '21000000000000',
    nonce: n,
    position: n % 7,
    revert_reason: null,
    raw_input: '0x',
    decoded_input: null,
    token_transfers: null,
    token_transfers_overflow: null,
    exchange_rate: null,
    historic_exchange_rate: null,
    method: null,
    transaction_types: ['coin_transfer'],
    transaction_tag: null,
    has_error_in_internal_transactions: false,
    authorization_list: [],
    is_pending_update: false,
    fhe_operations_count: 0,
    ...rest,
  };
}

export function tokenTransfer(
  fields: { n: number; block: number; logIndex: number; from: string; to: string; token: object; total: object } & Record<string, unknown>,
) {
  const { n, block, logIndex, from, to, ...rest } = fields;
  return {
    transaction_hash: txHash(n),
    from: address(from),
    to: address(to),
    type: 'token_transfer',
    timestamp: time(block),
    method: 'transfer',
    block_hash: `0x${'b'.repeat(64)}`,
    block_number: block,
    log_index: logIndex,
    token_type: (fields.token as { type?: string }).type,
    ...rest,
  };
}

export function tokenInstance(fields: { id: string; token: object; name?: string; image?: string } & Record<string, unknown>) {
  const { id, name, image, ...rest } = fields;
  return {
    id,
    metadata: name ? { name, description: `${name}, described`, image } : null,
    owner: null,
    external_app_url: null,
    animation_url: null,
    image_url: image ?? null,
    is_unique: true,
    thumbnails: null,
    media_type: null,
    media_url: null,
    token_type: (fields.token as { type?: string }).type,
    value: '1',
    ...rest,
  };
}

export interface Feed {
  items: Record<string, unknown>[];
  /** Keyset of an item, as `next_page_params` carries it. */
  keyOf: (item: Record<string, unknown>) => Record<string, string | number>;
  /** True when `item` comes after the keyset in `params` (strictly older); every item on a first page. */
  after: (item: Record<string, unknown>, params: URLSearchParams) => boolean;
}

export const byBlockAndIndex = (indexField: string): Pick<Feed, 'keyOf' | 'after'> => ({
  keyOf: (item) => ({ block_number: item.block_number as number, index: item[indexField] as number }),
  after: (item, params) => {
    if (!params.has('block_number')) return true;
    const block = Number(params.get('block_number'));
    const index = Number(params.get('index'));
    const itemBlock = (item.block_number as number | null) ?? Number.POSITIVE_INFINITY;
    return itemBlock < block || (itemBlock === block && (item[indexField] as number) < index);
  },
});

/** Serves `feeds` at their paths, `perPage` items a page; `override` may answer a request instead. */
export async function startBlockscoutStandIn(
  feeds: Record<string, Feed>,
  { perPage = 50, override }: { perPage?: number; override?: (url: URL) => LoopbackReply | 'hang' | undefined } = {},
) {
  return startLoopbackServer((url) => {
    const special = override?.(url);
    if (special === 'hang') return undefined;
    if (special) return special;
    const feed = feeds[url.pathname];
    if (!feed) return { status: 404, body: { message: 'Not found' } };
    const rest = feed.items.filter((item) => feed.after(item, url.searchParams));
    const items = rest.slice(0, perPage);
    const last = items[items.length - 1];
    const next = rest.length > perPage && last ? { ...feed.keyOf(last), items_count: perPage } : null;
    return { body: { items, next_page_params: next } };
  });
}
