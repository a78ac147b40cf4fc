import { isLatchError } from '@latch/kernel';
import { createSignInMessageText } from '@latch/testkit';
import fc from 'fast-check';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { createSiwxMessage } from './createSiwxMessage.js';
import { parseSiwxMessage } from './parseSiwxMessage.js';
import { SiwxMessageError } from './SiwxMessageError.js';
import type { SiwxMessage } from './types.js';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const chars = (alphabet: string, minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet.split('')), minLength, maxLength });

const dateTime = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());
const oneLine = fc.string({ minLength: 1, maxLength: 60 }).filter((s) => !/[\r\n]/.test(s));
const uri = fc.webUrl({ withQueryParameters: true }).filter((s) => !/\s/.test(s));
const domain = fc
  .tuple(fc.domain(), fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }))
  .map(([host, port]) => (port ? `${host}:${port}` : host));

const account = fc.oneof(
  fc
    .tuple(fc.integer({ min: 1, max: 2 ** 40 }), chars('0123456789abcdefABCDEF', 40, 40))
    .map(([id, hex]) => ({ caipNetworkId: `eip155:${id}`, address: `0x${hex}` })),
  fc.tuple(chars(BASE58, 32, 32), chars(BASE58, 32, 44)).map(([ref, address]) => ({ caipNetworkId: `solana:${ref}`, address })),
  fc
    .tuple(chars('0123456789abcdef', 32, 32), chars(BASE58, 46, 48))
    .map(([ref, address]) => ({ caipNetworkId: `polkadot:${ref}`, address })),
  fc
    .tuple(chars('0123456789abcdef', 32, 32), chars('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 39, 59))
    .map(([ref, tail]) => ({ caipNetworkId: `bip122:${ref}`, address: `bc1${tail}` })),
  fc
    .tuple(chars(ALPHANUMERIC, 3, 20), chars('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 38, 38))
    .map(([ref, tail]) => ({ caipNetworkId: `cosmos:${ref}`, address: `cosmos1${tail}` })),
  fc
    .tuple(chars('abcdefghijklmnopqrstuvwxyz', 3, 8), chars(ALPHANUMERIC, 1, 64))
    .map(([ns, address]) => ({ caipNetworkId: `${ns}:testnet`, address })),
);

const message: fc.Arbitrary<SiwxMessage> = fc
  .record(
    {
      account,
      scheme: fc.constantFrom('http', 'https', 'chrome-extension', 'web+app'),
      domain,
      statement: oneLine,
      uri,
      nonce: chars(ALPHANUMERIC, 8, 32),
      issuedAt: dateTime,
      expirationTime: dateTime,
      notBefore: dateTime,
      requestId: oneLine,
      resources: fc.array(uri, { maxLength: 3 }),
    },
    { requiredKeys: ['account', 'domain', 'uri', 'nonce', 'issuedAt'] },
  )
  .map(({ account: { caipNetworkId, address }, ...rest }) => ({ ...rest, caipNetworkId, address, version: '1' as const }));

/** What a text parses to, or the error it is refused with. */
function readsAs(text: string): SiwxMessage | SiwxMessageError {
  try {
    return parseSiwxMessage(text);
  } catch (error) {
    expect(error).toBeInstanceOf(SiwxMessageError);
    expect(isLatchError(error)).toBe(true);
    return error as SiwxMessageError;
  }
}

function reasonOf(text: string): string {
  try {
    parseSiwxMessage(text);
  } catch (error) {
    expect(error).toBeInstanceOf(SiwxMessageError);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${text}`);
}

const example: SiwxMessage = {
  domain: 'app.example.com',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  statement: 'Sign in to Example.',
  uri: 'https://app.example.com/login',
  version: '1',
  caipNetworkId: 'eip155:1',
  nonce: 'k3X9f2Qa7Lm0',
  issuedAt: '2026-01-01T00:00:00.000Z',
};

describe('createSiwxMessage / parseSiwxMessage', () => {
  it('parses back to the same fields, on every namespace', () => {
    fc.assert(
      fc.property(message, (fields) => {
        expect(parseSiwxMessage(createSiwxMessage(fields))).toEqual(fields);
      }),
      { numRuns: 500 },
    );
  });

  it('writes EIP-4361 on eip155, as viem writes it and reads it', () => {
    fc.assert(
      fc.property(message, (fields) => {
        if (!fields.caipNetworkId.startsWith('eip155:')) return;
        const { caipNetworkId, issuedAt, expirationTime, notBefore, ...rest } = fields;
        const eip155 = { ...fields, address: example.address };
        const viemText = createSiweMessage({
          ...rest,
          address: example.address as `0x${string}`,
          chainId: Number(caipNetworkId.slice('eip155:'.length)),
          issuedAt: new Date(issuedAt),
          ...(expirationTime ? { expirationTime: new Date(expirationTime) } : {}),
          ...(notBefore ? { notBefore: new Date(notBefore) } : {}),
          resources: fields.resources ? [...fields.resources] : undefined,
        });
        expect(createSiwxMessage(eip155)).toBe(viemText);
        expect(parseSiweMessage(createSiwxMessage(eip155)).nonce).toBe(fields.nonce);
      }),
      { numRuns: 300 },
    );
  });

  it('writes the Sign In With Solana text on solana, as the test wallet writes it', () => {
    fc.assert(
      fc.property(message, (fields) => {
        if (!fields.caipNetworkId.startsWith('solana:') || fields.scheme) return;
        const reference = fields.caipNetworkId.slice('solana:'.length);
        const { caipNetworkId, resources, ...rest } = fields;
        expect(createSiwxMessage(fields)).toBe(
          createSignInMessageText({ ...rest, chainId: reference, ...(resources ? { resources: [...resources] } : {}) }),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('names each namespace in the header and the CAIP-2 reference as the Chain ID', () => {
    const solana = createSiwxMessage({
      ...example,
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
    });
    expect(solana.split('\n').slice(0, 2)).toEqual([
      'app.example.com wants you to sign in with your Solana account:',
      '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
    ]);
    expect(solana).toContain('\nChain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\n');
    const bitcoin = createSiwxMessage({
      ...example,
      caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
    expect(bitcoin.split('\n')[0]).toBe('app.example.com wants you to sign in with your Bitcoin account:');
    expect(
      createSiwxMessage({ ...example, caipNetworkId: 'cosmos:cosmoshub-4', address: 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02' }),
    ).toMatch(/^app\.example\.com wants you to sign in with your Cosmos account:\n/);
    expect(
      createSiwxMessage({
        ...example,
        caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
        address: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5',
      }),
    ).toContain('your Polkadot account:');
  });

  it('rejects any one-character change that would be read as the original', () => {
    fc.assert(
      fc.property(message, fc.nat(), fc.string({ minLength: 1, maxLength: 1 }), (fields, at, char) => {
        const text = createSiwxMessage(fields);
        const position = at % text.length;
        const tampered = text.slice(0, position) + char + text.slice(position + 1);
        if (tampered === text) return;
        expect(readsAs(tampered)).not.toEqual(fields);
      }),
      { numRuns: 1000 },
    );
  });

  it('rejects dropped, repeated, reordered and unknown lines with the reason', () => {
    fc.assert(
      fc.property(message, fc.nat(), (fields, at) => {
        const lines = createSiwxMessage(fields).split('\n');
        const index = at % lines.length;
        if (lines[index] === '') return;
        // Dropping an optional line gives another valid message, never the original.
        expect(readsAs(lines.filter((_, i) => i !== index).join('\n'))).not.toEqual(fields);
        // A repeated resource is another valid message; any other repeated line is refused.
        const repeated = readsAs([...lines.slice(0, index + 1), lines[index], ...lines.slice(index + 1)].join('\n'));
        if (lines[index]!.startsWith('- ')) expect(repeated).not.toEqual(fields);
        else expect(repeated).toBeInstanceOf(SiwxMessageError);
      }),
      { numRuns: 300 },
    );
    const lines = createSiwxMessage(example).split('\n');
    expect(reasonOf(lines.filter((line) => !line.startsWith('Nonce: ')).join('\n'))).toBe(
      'Line 9 must be \'Nonce: …\', not "Issued At: 2026-01-01T00:00:00.000Z"',
    );
    const swapped = [...lines];
    [swapped[5], swapped[6]] = [swapped[6]!, swapped[5]!];
    expect(reasonOf(swapped.join('\n'))).toBe('Line 6 must be \'URI: …\', not "Version: 1"');
    expect(reasonOf(`${lines.join('\n')}\nPaid: yes`)).toBe('Unexpected line 11: "Paid: yes"');
  });

  it('reads and writes the scheme EIP-4361 allows before the domain (https when absent)', () => {
    const text = createSiwxMessage({ ...example, scheme: 'http', domain: '127.0.0.1:5173' });
    expect(text.split('\n')[0]).toBe('http://127.0.0.1:5173 wants you to sign in with your Ethereum account:');
    expect(parseSiwxMessage(text)).toEqual({ ...example, scheme: 'http', domain: '127.0.0.1:5173' });
    // viem's reader agrees on both parts.
    expect(parseSiweMessage(text)).toMatchObject({ scheme: 'http', domain: '127.0.0.1:5173' });
    expect(parseSiwxMessage(createSiwxMessage(example))).not.toHaveProperty('scheme');
    expect(reasonOf(text.replace('http://', '1http://'))).toBe(
      'Invalid domain: must be an RFC 3986 authority (host[:port]) (got "1http://127.0.0.1:5173")',
    );
    expect(() => createSiwxMessage({ ...example, scheme: 'ht tp' })).toThrow(
      'Invalid scheme: must be an RFC 3986 URI scheme (http, https…) (got "ht tp")',
    );
  });

  it('says which field is wrong', () => {
    const text = createSiwxMessage(example);
    expect(reasonOf(text.replace('Nonce: k3X9f2Qa7Lm0', 'Nonce: short'))).toBe(
      'Invalid nonce: must be at least 8 letters or digits (got "short")',
    );
    expect(reasonOf(text.replace('Issued At: 2026-01-01T00:00:00.000Z', 'Issued At: yesterday'))).toBe(
      'Invalid issuedAt: must be an RFC 3339 date-time (got "yesterday")',
    );
    expect(reasonOf(text.replace('Chain ID: 1', 'Chain ID: one'))).toBe(
      'Invalid caipNetworkId: an eip155 chain id is a decimal number (got "eip155:one")',
    );
    expect(reasonOf(text.replace('Version: 1', 'Version: 2'))).toBe('Invalid version: must be \'1\' (got "2")');
    expect(reasonOf(text.replace('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0xf39F'))).toBe(
      'Invalid address: a eip155 address is 0x and 40 hex digits (got "0xf39F")',
    );
    expect(reasonOf(text.replace('your Ethereum account', 'your Ether account'))).toBe("'Ether' names no namespace");
    expect(reasonOf(text.replace('wants you to', 'would like you to'))).toMatch(/^The first line must read/);
    expect(reasonOf(text.replaceAll('\n', '\r\n'))).toBe('Lines must end with \\n only');
    expect(reasonOf(`${text}\n`)).toBe('Unexpected line 11: ""');
    expect(reasonOf('')).toBe('A sign-in message must be non-empty text');
  });

  it('refuses to write a message with a bad field', () => {
    expect(() => createSiwxMessage({ ...example, statement: 'two\nlines' })).toThrow(
      'Invalid statement: must be one non-empty line (got "two\\nlines")',
    );
    expect(() => createSiwxMessage({ ...example, domain: 'https://app.example.com' })).toThrow(
      /^Invalid domain: must be an RFC 3986 authority/,
    );
    expect(() => createSiwxMessage({ ...example, caipNetworkId: 'eip155' })).toThrow(/^Invalid caipNetworkId/);
    expect(() => createSiwxMessage({ ...example, caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).toThrow(
      /^Invalid address: a solana address is 32 to 44 base58/,
    );
    expect(() => createSiwxMessage({ ...example, resources: ['not a uri'] })).toThrow(/^Invalid resources/);
  });
});
