import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';
import type { TLSSocket } from 'node:tls';

/** The comma-separated entries of a forwarding header, trimmed, in the order proxies wrote them. */
function entries(header: string | string[] | undefined): string[] {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** An IPv6 address as its eight groups (`::` expanded), or undefined when it is not one. */
function ipv6Groups(withZone: string): string[] | undefined {
  const address = withZone.replace(/%.*$/, '');
  if (!isIPv6(address) || address.includes('.')) return undefined;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}

/** How a client is counted: its IPv4 address, or its IPv6 /64 (one subscriber's prefix holds many addresses). */
function countingKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1] as string;
  const groups = ipv6Groups(address);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : address;
}

/**
 * The client a request comes from, for per-client limits. With no proxy trusted, the socket's peer. Behind
 * `trustedProxies` reverse proxies that each append the address they saw to `X-Forwarded-For`, the entry the
 * outermost trusted proxy wrote: counted from the right, never the first entry (a client writes whatever it
 * likes there). With fewer entries than proxies, the left-most one.
 */
export function clientAddress(request: IncomingMessage, trustedProxies: number): string {
  const socket = request.socket.remoteAddress ?? 'unknown';
  if (trustedProxies <= 0) return countingKey(socket);
  // Nearest first: the socket's peer (the nearest proxy), then what each proxy appended, right to left.
  const hops = [socket, ...entries(request.headers['x-forwarded-for']).reverse()];
  return countingKey(hops[Math.min(trustedProxies, hops.length - 1)] as string);
}

/**
 * The origin the request was sent to, as the client saw it: `Host` and the socket's scheme, or, behind
 * trusted proxies, what the nearest proxy put in `X-Forwarded-Host` / `X-Forwarded-Proto` (right-most entry).
 * Undefined when the request names no host.
 */
export function requestOrigin(request: IncomingMessage, trustedProxies: number): string | undefined {
  const forwarded = (name: string) => (trustedProxies > 0 ? entries(request.headers[name]).at(-1) : undefined);
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
