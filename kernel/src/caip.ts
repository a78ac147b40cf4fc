import { CHAIN_NAMESPACES } from './types.js';
import type { CaipAddress, CaipNetworkId, ChainNamespace } from './types.js';

/** A CAIP-2 chain id split into its parts. */
export interface ParsedCaipNetworkId {
  namespace: ChainNamespace;
  reference: string;
}

/** A CAIP-10 account id split into its parts. */
export interface ParsedCaipAddress extends ParsedCaipNetworkId {
  address: string;
  caipNetworkId: CaipNetworkId;
}

export function isChainNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && (CHAIN_NAMESPACES as readonly string[]).includes(value);
}

function isCaipPart(part: string | undefined): part is string {
  return part !== undefined && part !== '' && !part.includes(':');
}

/** Parses `namespace:reference`; undefined unless there are exactly 2 non-empty parts and a known namespace. */
export function parseCaipNetworkId(id: string): ParsedCaipNetworkId | undefined {
  if (typeof id !== 'string') return undefined;
  const parts = id.split(':');
  if (parts.length !== 2) return undefined;
  const [namespace, reference] = parts;
  if (!isChainNamespace(namespace) || !isCaipPart(reference)) return undefined;
  return { namespace, reference };
}

/** Parses `namespace:reference:address` (§5: exactly 3 non-empty parts, known namespace). */
export function parseCaipAddress(s: string): ParsedCaipAddress | undefined {
  if (typeof s !== 'string') return undefined;
  const parts = s.split(':');
  if (parts.length !== 3) return undefined;
  const [namespace, reference, address] = parts;
  if (!isChainNamespace(namespace) || !isCaipPart(reference) || !isCaipPart(address)) return undefined;
  return { namespace, reference, address, caipNetworkId: `${namespace}:${reference}` };
}

export function isCaipNetworkId(s: string): s is CaipNetworkId {
  return parseCaipNetworkId(s) !== undefined;
}

export function isCaipAddress(s: string): s is CaipAddress {
  return parseCaipAddress(s) !== undefined;
}

function assertCaipPart(part: string, name: string): void {
  if (typeof part !== 'string' || part === '') throw new TypeError(`CAIP ${name} must be a non-empty string`);
  if (part.includes(':')) throw new TypeError(`CAIP ${name} must not contain ':' (got "${part}")`);
}

export function formatCaipNetworkId(namespace: ChainNamespace, reference: string): CaipNetworkId {
  if (!isChainNamespace(namespace)) {
    throw new TypeError(
      `Unknown chain namespace "${String(namespace)}"; expected one of ${CHAIN_NAMESPACES.join(', ')}`,
    );
  }
  assertCaipPart(reference, 'reference');
  return `${namespace}:${reference}`;
}

export function formatCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress {
  const network = parseCaipNetworkId(caipNetworkId);
  if (!network) throw new TypeError(`Invalid CAIP-2 network id "${String(caipNetworkId)}"`);
  assertCaipPart(address, 'address');
  return `${network.namespace}:${network.reference}:${address}`;
}
