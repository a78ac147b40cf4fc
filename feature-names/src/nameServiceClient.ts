import {
  createTtlCache,
  ERROR_FETCHING_NAME_SUGGESTIONS_MESSAGE,
  ERROR_FETCHING_NAMES_FOR_ADDRESS_MESSAGE,
  errorRegisteringName,
  httpStatusError,
  LatchError,
  NAME_CACHE_TTL_MS,
  type NameService,
} from '@latch/kernel';
import type { NamesSettings } from './settings.js';

/** A name service reply of the §7 lookup: the name's address per coin type. */
interface NameRecord {
  name: string;
  addresses: Record<string, { address: string }>;
}

const isRecord = (value: unknown): value is NameRecord =>
  typeof (value as NameRecord)?.name === 'string' &&
  typeof (value as NameRecord).addresses === 'object' &&
  (value as NameRecord).addresses !== null;

/** The first reason the service gave (`{ reasons: [{ description }] }`), if it gave one. */
async function firstReason(response: Response): Promise<string | undefined> {
  const body = (await response.json().catch(() => undefined)) as { reasons?: { description?: unknown }[] } | undefined;
  const description = Array.isArray(body?.reasons) ? body.reasons[0]?.description : undefined;
  return typeof description === 'string' && description.trim() ? description : undefined;
}

/** What the name service's HTTP API answers, as the kernel's `NameService`; lookups cached 5 min (§9). */
export function createNameServiceClient(
  settings: NamesSettings,
  options: { fetch?: typeof fetch; now?: () => number } = {},
): Required<NameService> {
  const fetcher = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const names = createTtlCache<Promise<string[]>>({ ttlMs: NAME_CACHE_TTL_MS, maxEntries: 256, now: options.now });
  const reverse = createTtlCache<Promise<string[]>>({ ttlMs: NAME_CACHE_TTL_MS, maxEntries: 256, now: options.now });
  const url = (path: string, query: Record<string, string> = {}) => {
    const target = new URL(`${settings.serviceUrl}/v1${path}`);
    for (const [key, value] of Object.entries({ ...query, ...(settings.projectId ? { projectId: settings.projectId } : {}) })) {
      target.searchParams.set(key, value);
    }
    return target.toString();
  };
  /** A failed read is not cached: the next ask tries again. */
  const cached = (cache: typeof names, key: string, read: () => Promise<string[]>) => {
    const hit = cache.get(key);
    if (hit) return hit;
    const pending = read();
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
    return pending;
  };

  return {
    resolveName(name) {
      const key = name.trim().toLowerCase();
      return cached(names, key, async () => {
        const response = await fetcher(url(`/names/${encodeURIComponent(key)}`));
        if (response.status === 404) return [];
        if (!response.ok) throw httpStatusError(response.status);
        const record = (await response.json()) as unknown;
        if (!isRecord(record)) throw new LatchError('The name service sent no addresses', { category: 'API_ERROR' });
        return Object.values(record.addresses)
          .map((entry) => entry?.address)
          .filter((address): address is string => typeof address === 'string');
      });
    },
    lookupAddress(address) {
      // §9: names are an eip155 feature; another namespace's account has none here.
      if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return Promise.resolve([]);
      return cached(reverse, address.toLowerCase(), async () => {
        try {
          const response = await fetcher(url(`/addresses/${encodeURIComponent(address)}/names`));
          if (!response.ok) throw httpStatusError(response.status);
          const body = (await response.json()) as { names?: unknown };
          return (Array.isArray(body.names) ? body.names : []).filter(isRecord).map((record) => record.name);
        } catch (cause) {
          throw new LatchError(ERROR_FETCHING_NAMES_FOR_ADDRESS_MESSAGE, { category: 'API_ERROR', cause });
        }
      });
    },
    async getSuggestions(name) {
      try {
        const response = await fetcher(url('/suggestions', { name }));
        if (!response.ok) throw httpStatusError(response.status);
        const body = (await response.json()) as { suggestions?: unknown };
        return (Array.isArray(body.suggestions) ? body.suggestions : [])
          .map((suggestion) => (suggestion as { name?: unknown })?.name)
          .filter((suggestion): suggestion is string => typeof suggestion === 'string');
      } catch (cause) {
        throw new LatchError(ERROR_FETCHING_NAME_SUGGESTIONS_MESSAGE, { category: 'API_ERROR', cause });
      }
    },
    async registerName(request) {
      const name = (JSON.parse(request.message) as { name: string }).name;
      let response: Response;
      try {
        response = await fetcher(url('/names'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(request),
        });
      } catch (cause) {
        throw new LatchError(errorRegisteringName(name), { category: 'API_ERROR', cause });
      }
      // Whatever the outcome, what was cached about this name and address may be stale now (taken meanwhile…).
      names.delete(name.toLowerCase());
      reverse.delete(request.address.toLowerCase());
      // §8: the service's own reason when it gave one.
      if (!response.ok) throw new LatchError((await firstReason(response)) ?? errorRegisteringName(name), { category: 'API_ERROR' });
    },
  };
}
