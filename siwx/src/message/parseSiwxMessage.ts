import { namespaceOfAccountName } from './accountNames.js';
import { createSiwxMessage } from './createSiwxMessage.js';
import { assertValidFields } from './fieldRules.js';
import { SiwxMessageError } from './SiwxMessageError.js';
import type { SiwxMessage } from './types.js';

// EIP-4361's grammar: an optional `scheme://` before the domain (https when absent).
const HEADER = /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):\/\/)?(.+) wants you to sign in with your (.+) account:$/;

type FieldKey = 'uri' | 'version' | 'chainId' | 'nonce' | 'issuedAt' | 'expirationTime' | 'notBefore' | 'requestId';
const FIELDS: readonly (readonly [FieldKey, string, boolean])[] = [
  ['uri', 'URI', true],
  ['version', 'Version', true],
  ['chainId', 'Chain ID', true],
  ['nonce', 'Nonce', true],
  ['issuedAt', 'Issued At', true],
  ['expirationTime', 'Expiration Time', false],
  ['notBefore', 'Not Before', false],
  ['requestId', 'Request ID', false],
];

/** Where the statement is and where the labelled fields start, by the namespace's layout. */
function locateStatement(lines: readonly string[], namespace: string): { statement?: string; fieldsAt: number } {
  if (lines[2] !== '') throw new SiwxMessageError('address', 'The address must be followed by a blank line');
  if (namespace === 'solana') {
    // Sign In With Solana: the statement is a block of its own, present only when given.
    return lines[4] === '' ? { statement: lines[3]!, fieldsAt: 5 } : { fieldsAt: 3 };
  }
  if (lines[3] === '') return { fieldsAt: 4 };
  if (lines[4] !== '') throw new SiwxMessageError('statement', 'The statement must be one line followed by a blank line');
  return { statement: lines[3]!, fieldsAt: 5 };
}

/**
 * Reads a sign-in message back into its fields. Anything that is not exactly what
 * `createSiwxMessage` writes (a missing, repeated, reordered or unknown line, a field that breaks
 * CAIP-122) throws a SiwxMessageError saying what is wrong.
 */
export function parseSiwxMessage(text: string): SiwxMessage {
  if (typeof text !== 'string' || text.length === 0) throw new SiwxMessageError('message', 'A sign-in message must be non-empty text');
  if (text.includes('\r')) throw new SiwxMessageError('message', 'Lines must end with \\n only');
  const lines = text.split('\n');
  const header = HEADER.exec(lines[0]!);
  if (!header)
    throw new SiwxMessageError('header', "The first line must read '[scheme://]<domain> wants you to sign in with your <chain> account:'");
  const namespace = namespaceOfAccountName(header[3]!);
  if (!namespace) throw new SiwxMessageError('header', `'${header[3]}' names no namespace`);
  const address = lines[1];
  if (address === undefined) throw new SiwxMessageError('address', 'The second line must be the address');
  const { statement, fieldsAt } = locateStatement(lines, namespace);

  const values: Partial<Record<FieldKey, string>> = {};
  let index = fieldsAt;
  for (const [key, label, required] of FIELDS) {
    const line = lines[index];
    if (line?.startsWith(`${label}: `)) {
      values[key] = line.slice(label.length + 2);
      index += 1;
    } else if (required) {
      throw new SiwxMessageError(
        key,
        `Line ${index + 1} must be '${label}: …'${line === undefined ? '' : `, not ${JSON.stringify(line)}`}`,
      );
    }
  }
  let resources: string[] | undefined;
  if (lines[index] === 'Resources:') {
    resources = [];
    for (index += 1; lines[index]?.startsWith('- '); index += 1) resources.push(lines[index]!.slice(2));
  }
  if (index < lines.length) throw new SiwxMessageError('message', `Unexpected line ${index + 1}: ${JSON.stringify(lines[index])}`);

  const message: SiwxMessage = {
    ...(header[1] === undefined ? {} : { scheme: header[1] }),
    domain: header[2]!,
    address,
    ...(statement === undefined ? {} : { statement }),
    uri: values.uri!,
    version: values.version as '1',
    caipNetworkId: `${namespace}:${values.chainId}`,
    nonce: values.nonce!,
    issuedAt: values.issuedAt!,
    ...(values.expirationTime === undefined ? {} : { expirationTime: values.expirationTime }),
    ...(values.notBefore === undefined ? {} : { notBefore: values.notBefore }),
    ...(values.requestId === undefined ? {} : { requestId: values.requestId }),
    ...(resources === undefined ? {} : { resources }),
  };
  assertValidFields(message);
  // One text per set of fields: whatever does not rebuild byte for byte is not a message we wrote.
  if (createSiwxMessage(message) !== text) throw new SiwxMessageError('message', 'The message is not laid out as CAIP-122 writes it');
  return message;
}
