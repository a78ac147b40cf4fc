import type { IncomingMessage } from 'node:http';

/**
 * The client's IP behind `trustedHops` reverse proxies. Each proxy appends the address it saw to
 * `X-Forwarded-For`, so reading from the right, the socket's peer is the nearest proxy and the entry `trustedHops`
 * steps from the right end of [..X-Forwarded-For, socket] is what the outermost trusted proxy saw: the client.
 * Entries further left were written by the client and are never used (they would let anyone pick their own IP).
 * With fewer entries than hops, the left-most one is the best there is.
 */
export function clientAddress(request: IncomingMessage, trustedHops: number): string {
  const socket = request.socket.remoteAddress ?? 'unknown';
  if (trustedHops <= 0) return socket;
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [...forwarded, socket];
  return chain[Math.max(0, chain.length - 1 - trustedHops)] as string;
}
