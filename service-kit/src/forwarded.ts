import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/** The comma-separated entries of a forwarding header, trimmed, in the order proxies wrote them. */
export function forwardedEntries(header: string | string[] | undefined): string[] {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * The address a request comes from, behind `trustedProxies` reverse proxies. With none trusted, the socket's peer.
 * Each trusted proxy appends the address it saw to `X-Forwarded-For`, so counting from the right, the socket's peer
 * is the nearest proxy and the entry `trustedProxies` steps from the right end of [..X-Forwarded-For, socket] is what
 * the outermost trusted proxy saw: the client. Entries further left were written by the client and are never used
 * (they would let anyone pick their own address). With fewer entries than proxies, the left-most one is the best
 * there is.
 */
export function clientAddress(request: IncomingMessage, trustedProxies: number): string {
  const socket = request.socket.remoteAddress ?? 'unknown';
  if (trustedProxies <= 0) return socket;
  // Nearest first: the socket's peer (the nearest proxy), then what each proxy appended, right to left.
  const hops = [socket, ...forwardedEntries(request.headers['x-forwarded-for']).reverse()];
  return hops[Math.min(trustedProxies, hops.length - 1)] as string;
}

/**
 * The origin the request was sent to, as the client saw it: `Host` and the socket's scheme, or, behind trusted
 * proxies, what the nearest proxy put in `X-Forwarded-Host` / `X-Forwarded-Proto` (right-most entry). Undefined when
 * the request names no host.
 */
export function requestOrigin(request: IncomingMessage, trustedProxies: number): string | undefined {
  const forwarded = (name: string) => (trustedProxies > 0 ? forwardedEntries(request.headers[name]).at(-1) : undefined);
  const host = forwarded('x-forwarded-host') ?? request.headers.host;
  if (!host) return undefined;
  const encrypted = Boolean((request.socket as TLSSocket).encrypted);
  const proto = forwarded('x-forwarded-proto') ?? (encrypted ? 'https' : 'http');
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return undefined;
  }
}
