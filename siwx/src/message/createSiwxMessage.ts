import { accountNameOf } from './accountNames.js';
import { assertValidFields, splitCaipNetworkId } from './fieldRules.js';
import type { SiwxMessage } from './types.js';

/** The labelled lines after the header and statement, in CAIP-122 order. */
export function fieldLines(message: SiwxMessage, reference: string): string[] {
  const lines = [
    `URI: ${message.uri}`,
    `Version: ${message.version}`,
    `Chain ID: ${reference}`,
    `Nonce: ${message.nonce}`,
    `Issued At: ${message.issuedAt}`,
  ];
  if (message.expirationTime !== undefined) lines.push(`Expiration Time: ${message.expirationTime}`);
  if (message.notBefore !== undefined) lines.push(`Not Before: ${message.notBefore}`);
  if (message.requestId !== undefined) lines.push(`Request ID: ${message.requestId}`);
  if (message.resources !== undefined) lines.push('Resources:', ...message.resources.map((resource) => `- ${resource}`));
  return lines;
}

/**
 * The text a wallet signs: EIP-4361 on eip155 (with `scheme://` before the domain when a scheme is given), Sign In With Solana on solana (its blocks appear only
 * when present), and CAIP-122's EIP-4361 layout on every other namespace. Throws a SiwxMessageError
 * naming the field that breaks the format.
 */
export function createSiwxMessage(message: SiwxMessage): string {
  assertValidFields(message);
  const { namespace, reference } = splitCaipNetworkId(message.caipNetworkId)!;
  const origin = message.scheme === undefined ? message.domain : `${message.scheme}://${message.domain}`;
  const header = `${origin} wants you to sign in with your ${accountNameOf(namespace)} account:\n${message.address}`;
  const fields = fieldLines(message, reference).join('\n');
  if (namespace === 'solana') {
    return message.statement === undefined ? `${header}\n\n${fields}` : `${header}\n\n${message.statement}\n\n${fields}`;
  }
  return `${header}\n\n${message.statement === undefined ? '' : `${message.statement}\n`}\n${fields}`;
}
