import { LatchError, readErrorMessage } from '@latch/kernel';
import type { CaipNetworkId } from '@latch/kernel';
import { isRecord } from './wire.js';

/** §9: a request gives up after 10 s. */
const REQUEST_TIMEOUT_MS = 10_000;

/** Each network's Blockscout base URL, e.g. `{ 'eip155:1': 'https://explorer.example.com' }` (no `/api/v2`). */
export type BlockscoutInstances = Readonly<Partial<Record<CaipNetworkId, string>>>;

export interface BlockscoutOptions {
  instances: BlockscoutInstances;
  /** Replaces the global `fetch` (a proxy, a test double). */
  fetch?: typeof fetch;
}

/** Blockscout's keyset cursor, passed back verbatim as query parameters. */
export type PageParams = Readonly<Record<string, string | number | boolean | null>>;

export interface BlockscoutPage {
  items: unknown[];
  next?: PageParams;
}

/** The base URLs, checked once at creation so a typo fails where it is written, not on the first page. */
export function readInstances(instances: BlockscoutInstances): ReadonlyMap<string, string> {
  const bases = new Map<string, string>();
  for (const [caipNetworkId, base] of Object.entries(isRecord(instances) ? instances : {})) {
    let url: URL | undefined;
    try {
      url = typeof base === 'string' ? new URL(base) : undefined;
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash) {
      throw new LatchError(`Invalid Blockscout URL for ${caipNetworkId}: ${String(base)}`, { category: 'VALIDATION_ERROR' });
    }
    bases.set(caipNetworkId, url.href.replace(/\/+$/, ''));
  }
  return bases;
}

export function instanceFor(bases: ReadonlyMap<string, string>, caipNetworkId: string): string {
  const base = bases.get(caipNetworkId);
  if (!base) throw new LatchError(`No Blockscout instance is configured for ${caipNetworkId}`, { category: 'VALIDATION_ERROR' });
  return base;
}

/** A cursor object is only ever flat primitives; an empty one would restart the list, so it ends it. */
export function readPageParams(value: unknown): PageParams | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value);
  const flat = entries.every(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v));
  return flat && entries.length > 0 ? (value as PageParams) : undefined;
}

function apiError(message: string, cause?: unknown): LatchError {
  return new LatchError(message, { category: 'API_ERROR', ...(cause === undefined ? {} : { cause }) });
}

async function fetchJson(url: URL, doFetch: typeof fetch, signal: AbortSignal | undefined): Promise<unknown> {
  const controller = new AbortController();
  const abort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', abort, { once: true });
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    // No cookies, and no redirect: requests stay on the base URL the integrator configured.
    const response = await doFetch(url.href, {
      signal: controller.signal,
      headers: { accept: 'application/json' },
      credentials: 'omit',
      redirect: 'error',
    });
    if (!response.ok) throw apiError(`HTTP status code: ${response.status}`);
    const text = await response.text();
    try {
      return JSON.parse(text);
    } catch (err) {
      throw apiError('Blockscout answered with something that is not JSON', err);
    }
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    if (err instanceof LatchError) throw err;
    if (controller.signal.aborted) throw apiError('Blockscout did not answer in time', err);
    throw apiError(`Blockscout request failed: ${readErrorMessage(err)}`, err);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

/** GET `{base}{path}` with `query` (the previous page's `next_page_params` included): one list page. */
export async function getBlockscoutPage(
  base: string,
  path: string,
  query: Readonly<Record<string, string | number | boolean | null>>,
  options: { fetch?: typeof fetch; signal?: AbortSignal },
): Promise<BlockscoutPage> {
  options.signal?.throwIfAborted();
  const url = new URL(`${base}${path}`);
  // null is sent as the literal 'null', as Blockscout's own front end does for nullable keyset fields.
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  const doFetch = options.fetch ?? globalThis.fetch;
  const reply = await fetchJson(url, doFetch, options.signal);
  const items = isRecord(reply) ? reply.items : undefined;
  if (!Array.isArray(items)) throw apiError('Blockscout answered without an items list');
  const next = readPageParams(isRecord(reply) ? reply.next_page_params : undefined);
  return next ? { items, next } : { items };
}
