import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';
import { clientAddress } from '@latch/service-kit';

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
 * The client a request comes from, for per-client limits: the address the outermost trusted proxy saw (the
 * right-most X-Forwarded-For rule shared by the Latch services, `@latch/service-kit`), counted by `countingKey`.
 */
export function clientKey(request: IncomingMessage, trustedProxies: number): string {
  return countingKey(clientAddress(request, trustedProxies));
}
