import { invalidOption, readUntrustedProperty, parseCaipNetworkId } from '@latch/kernel';
import type { CaipNetwork, CaipNetworkId } from '@latch/kernel';
import { toChecksumAddress, isEvmAddress } from './address.js';

/** The EIP-1193 surface the adapter relies on; `on`/`removeListener` are optional in the wild. */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>;
  on?(event: string, listener: (...args: never[]) => void): unknown;
  removeListener?(event: string, listener: (...args: never[]) => void): unknown;
  off?(event: string, listener: (...args: never[]) => void): unknown;
}

export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return typeof readUntrustedProperty(value, 'request') === 'function';
}

/** Subscribes to a provider event and returns the matching unsubscribe (no-op when unsupported). */
export function listen(provider: Eip1193Provider, event: string, listener: (payload: unknown) => void): () => void {
  if (typeof provider.on !== 'function') return () => {};
  const handler = listener as (...args: never[]) => void;
  provider.on(event, handler);
  return () => {
    if (typeof provider.removeListener === 'function') provider.removeListener(event, handler);
    else if (typeof provider.off === 'function') provider.off(event, handler);
  };
}

export function toHexQuantity(value: bigint | number): `0x${string}` {
  return `0x${BigInt(value).toString(16)}`;
}

/** The decimal EIP-155 chain id of an eip155 network. */
export function chainIdOf(network: CaipNetwork): number {
  const reference = parseCaipNetworkId(network.caipNetworkId)?.reference;
  const chainId = Number(reference ?? network.id);
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw invalidOption(`Not an eip155 network: ${network.caipNetworkId}`);
  return chainId;
}

/** Wallets report chain ids as hex ('0x1'); a few send a decimal string or a number. */
export function toCaipNetworkId(chainId: unknown): CaipNetworkId | undefined {
  let parsed: bigint | undefined;
  try {
    if (typeof chainId === 'number' && Number.isSafeInteger(chainId)) parsed = BigInt(chainId);
    else if (typeof chainId === 'string' && /^(0x[0-9a-fA-F]+|\d+)$/.test(chainId)) parsed = BigInt(chainId);
  } catch {
    parsed = undefined;
  }
  return parsed !== undefined && parsed > 0n ? `eip155:${parsed.toString()}` : undefined;
}

/** EIP-55 checksummed addresses out of an untrusted accounts reply; anything else is dropped. */
export function toChecksummedAccounts(reply: unknown): `0x${string}`[] {
  if (!Array.isArray(reply)) return [];
  return reply
    .filter((account): account is string => typeof account === 'string' && isEvmAddress(account.toLowerCase()))
    .map((account) => toChecksumAddress(account));
}

export function utf8ToHex(text: string): `0x${string}` {
  let hex = '0x';
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0');
  return hex as `0x${string}`;
}
