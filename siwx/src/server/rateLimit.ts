import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';
import { createExpiringEntries } from './expiringEntries.js';

/** Counts each client's requests in fixed windows. Use a shared store (createKyselyRateLimitStore) when several servers answer. */
export interface SiwxRateLimitStore {
  /** Counts one request of `key` in the window that starts at `windowStart` (ms) and lasts `windowMs`; answers the count so far. */
  hit(key: string, windowStart: number, windowMs: number): number | Promise<number>;
}

export interface MemoryRateLimitStoreOptions {
  /** The most clients counted at once; an unknown client beyond counts as over its limit. Default 100 000. */
  maxKeys?: number;
  /** The clock (ms). Default `Date.now`. */
  now?: () => number;
}

/** Counts in this process's memory: each instance counts alone (several instances: createKyselyRateLimitStore). */
export function createMemoryRateLimitStore(options: MemoryRateLimitStoreOptions = {}): SiwxRateLimitStore {
  const counts = createExpiringEntries<{ windowStart: number; hits: number }>(options.maxKeys ?? 100_000, options.now ?? Date.now);
  return {
    hit(key, windowStart, windowMs) {
      const known = counts.get(key);
      const hits = known?.windowStart === windowStart ? known.hits + 1 : 1;
      return counts.set(key, { windowStart, hits }, windowStart + windowMs) ? hits : Number.POSITIVE_INFINITY;
    },
  };
}

/** An IPv6 address's /64 (one subscriber's usual share), so a client cannot dodge its limit by rotating the rest. */
function ipv6Prefix(address: string): string {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Who a request counts against: the socket's peer, or, behind `trustProxy` proxies, the right-most
 * X-Forwarded-For entry those proxies did not add (a client can write any entry left of it). IPv4
 * addresses count one by one, IPv6 ones per /64.
 */
export function clientKey(request: IncomingMessage, trustProxy: number): string {
  const peer = request.socket.remoteAddress ?? '';
  const forwarded = String(request.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Nearest hop first: the peer (the last proxy), then each entry a proxy appended, right to left.
  const hops = [peer, ...forwarded.reverse()];
  const address = (hops[Math.min(Math.max(0, trustProxy), hops.length - 1)] ?? '').replace(/^::ffff:(?=\d+\.)/i, '').replace(/%.*$/, '');
  return isIPv6(address) ? ipv6Prefix(address) : address;
}
