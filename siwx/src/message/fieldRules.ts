import { SiwxMessageError } from './SiwxMessageError.js';
import type { SiwxMessage } from './types.js';

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const DOMAIN = new RegExp(`^${LABEL}(?:\\.${LABEL})*(?::[0-9]{1,5})?$`);
const CAIP2 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/;
const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*$/;
const NONCE = /^[a-zA-Z0-9]{8,}$/;
const URI = /^[a-zA-Z][a-zA-Z0-9+.-]*:[^\s]+$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const ADDRESS: Readonly<Record<string, { pattern: RegExp; words: string }>> = {
  eip155: { pattern: /^0x[0-9a-fA-F]{40}$/, words: '0x and 40 hex digits' },
  solana: { pattern: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/, words: '32 to 44 base58 characters' },
};
const CAIP10_ADDRESS = { pattern: /^[-.%a-zA-Z0-9]{1,128}$/, words: '1 to 128 of a-z, A-Z, 0-9, -, ., %' };

function fail(field: string, reason: string, value: unknown): never {
  throw new SiwxMessageError(field, `Invalid ${field}: ${reason} (got ${JSON.stringify(value)})`);
}

function check(field: string, ok: boolean, reason: string, value: unknown): void {
  if (!ok) fail(field, reason, value);
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isOneLine = (value: unknown) => isText(value) && value.length > 0 && !/[\r\n]/.test(value);
const isDateTime = (value: unknown) => isText(value) && DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));

/** The namespace and reference of a CAIP-2 id, or undefined. */
export function splitCaipNetworkId(id: string): { namespace: string; reference: string } | undefined {
  const match = CAIP2.exec(id);
  return match ? { namespace: match[1]!, reference: match[2]! } : undefined;
}

/** Throws a SiwxMessageError naming the first field that breaks CAIP-122 (or its namespace's profile). */
export function assertValidFields(message: SiwxMessage): void {
  if (message.scheme !== undefined)
    check('scheme', isText(message.scheme) && SCHEME.test(message.scheme), 'must be an RFC 3986 URI scheme (http, https…)', message.scheme);
  check('domain', isText(message.domain) && DOMAIN.test(message.domain), 'must be an RFC 3986 authority (host[:port])', message.domain);
  const network = isText(message.caipNetworkId) ? splitCaipNetworkId(message.caipNetworkId) : undefined;
  if (!network) fail('caipNetworkId', "must be a CAIP-2 id '<namespace>:<reference>'", message.caipNetworkId);
  if (network.namespace === 'eip155') {
    check('caipNetworkId', /^[1-9][0-9]*$/.test(network.reference), 'an eip155 chain id is a decimal number', message.caipNetworkId);
  }
  const address = ADDRESS[network.namespace] ?? CAIP10_ADDRESS;
  check(
    'address',
    isText(message.address) && address.pattern.test(message.address),
    `a ${network.namespace} address is ${address.words}`,
    message.address,
  );
  if (message.statement !== undefined) check('statement', isOneLine(message.statement), 'must be one non-empty line', message.statement);
  check('uri', isText(message.uri) && URI.test(message.uri), 'must be an RFC 3986 URI', message.uri);
  check('version', message.version === '1', "must be '1'", message.version);
  check('nonce', isText(message.nonce) && NONCE.test(message.nonce), 'must be at least 8 letters or digits', message.nonce);
  check('issuedAt', isDateTime(message.issuedAt), 'must be an RFC 3339 date-time', message.issuedAt);
  for (const field of ['expirationTime', 'notBefore'] as const) {
    if (message[field] !== undefined) check(field, isDateTime(message[field]), 'must be an RFC 3339 date-time', message[field]);
  }
  if (message.requestId !== undefined) check('requestId', isOneLine(message.requestId), 'must be one non-empty line', message.requestId);
  if (message.resources !== undefined) {
    check('resources', Array.isArray(message.resources), 'must be a list of URIs', message.resources);
    for (const resource of message.resources)
      check('resources', isText(resource) && URI.test(resource), 'every resource must be an RFC 3986 URI', resource);
  }
}
