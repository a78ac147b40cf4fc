import type { CaipAddress, CaipNetworkId, ChainNamespace } from './types.js';

/*
 * CAIP-2 / CAIP-10 grammar (https://chainagnostic.org). The kernel checks the grammar, never a
 * list: a namespace it has never heard of is as good as eip155 once an adapter serves it.
 */
const NAMESPACE = /^[-a-z0-9]{3,8}$/;
const REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/;
const ACCOUNT_ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/;

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

/** Whether a value is a CAIP-2 namespace (`[-a-z0-9]{3,8}`). */
export function isCaipNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && NAMESPACE.test(value);
}

/** Parses `namespace:reference`; undefined unless both parts follow the CAIP-2 grammar. */
export function parseCaipNetworkId(id: string): ParsedCaipNetworkId | undefined {
  if (typeof id !== 'string') return undefined;
  const parts = id.split(':');
  if (parts.length !== 2) return undefined;
  const [namespace, reference] = parts as [string, string];
  if (!NAMESPACE.test(namespace) || !REFERENCE.test(reference)) return undefined;
  return { namespace, reference };
}

/** Parses `namespace:reference:address` (CAIP-10); undefined unless every part follows the grammar. */
export function parseCaipAddress(s: string): ParsedCaipAddress | undefined {
  if (typeof s !== 'string') return undefined;
  const parts = s.split(':');
  if (parts.length !== 3) return undefined;
  const [namespace, reference, address] = parts as [string, string, string];
  if (!NAMESPACE.test(namespace) || !REFERENCE.test(reference) || !ACCOUNT_ADDRESS.test(address)) return undefined;
  return { namespace, reference, address, caipNetworkId: `${namespace}:${reference}` };
}

export function isCaipNetworkId(s: string): s is CaipNetworkId {
  return parseCaipNetworkId(s) !== undefined;
}

/** Joins a CAIP-2 id and an address into a CAIP-10 account id; throws a TypeError on a malformed part. */
export function formatCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress {
  const network = parseCaipNetworkId(caipNetworkId);
  if (!network) throw new TypeError(`Invalid CAIP-2 network id "${String(caipNetworkId)}"`);
  if (typeof address !== 'string' || !ACCOUNT_ADDRESS.test(address)) {
    throw new TypeError(`Invalid CAIP-10 account address "${String(address)}" (expected 1 to 128 of [-.%a-zA-Z0-9])`);
  }
  return `${network.namespace}:${network.reference}:${address}`;
}
