import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { LatchError, invalidOption, isLatchError, readErrorCode, readErrorMessage, toLatchError } from '../primitives.js';
import { httpStatusError } from './sharedCodes.js';
import { ProviderRpcError } from './ProviderRpcError.js';
import { UNKNOWN_ERROR_MESSAGE } from './messages.js';
import { valueImports } from '../../../scripts/test-support/sourceGraph.js';

describe('the primitives module (LatchError, CAIP ids, amounts)', () => {
  // Every page's first load holds it and lazy chunks share it: an import here of another shared module (the message
  // catalogue did) makes the bundler ship that module as a chunk of its own that every page preloads.
  it('imports nothing', () => {
    expect(valueImports('kernel/src/primitives.ts')).toEqual([]);
  });

  it("falls back to the catalogue's unknown-error text, which it writes out rather than imports", () => {
    expect(readErrorMessage(undefined)).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(toLatchError({}).message).toBe(UNKNOWN_ERROR_MESSAGE);
  });
});

describe('LatchError', () => {
  it('is an Error named LatchError with the default category', () => {
    const error = new LatchError('Adapter not found');
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(LatchError);
    expect(error.name).toBe('LatchError');
    expect(error.message).toBe('Adapter not found');
    expect(error.category).toBe('INTERNAL_SDK_ERROR');
    expect(error.code).toBeUndefined();
    expect('cause' in error).toBe(false);
  });

  it('carries category, code and the standard cause', () => {
    const cause = new Error('boom');
    const error = new LatchError('Failed to fetch transactions', {
      category: 'API_ERROR',
      code: -32603,
      cause,
    });
    expect(error.category).toBe('API_ERROR');
    expect(error.code).toBe(-32603);
    expect(error.cause).toBe(cause);
  });
});

describe('readErrorMessage', () => {
  it.each([
    ['an Error', new TypeError('bad input'), 'bad input'],
    ['a string', 'plain text', 'plain text'],
    ['a { message } object', { message: 'from object' }, 'from object'],
    ['a JSON-RPC error reply', { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'nope' } }, 'nope'],
  ])('reads %s', (_label, input, expected) => {
    expect(readErrorMessage(input)).toBe(expected);
  });

  it.each([
    ['an empty string', ''],
    ['a blank string', '   '],
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['an object without a message', { status: 500 }],
    ['an Error with an empty message', new Error('')],
    ['a non-string message', { message: 7 }],
  ])('falls back to "Unknown error" for %s', (_label, input) => {
    expect(readErrorMessage(input)).toBe('Unknown error');
  });
});

describe('readErrorCode', () => {
  it('reads a top-level or JSON-RPC code and ignores non-integers', () => {
    expect(readErrorCode({ code: 4001 })).toBe(4001);
    expect(readErrorCode({ error: { code: -32602, message: 'x' } })).toBe(-32602);
    expect(readErrorCode({ code: 'ACTION_REJECTED' })).toBeUndefined();
    expect(readErrorCode({ code: 1.5 })).toBeUndefined();
    expect(readErrorCode('4001')).toBeUndefined();
  });
});

describe('toLatchError', () => {
  it('returns a LatchError unchanged, whatever category is asked for', () => {
    const original = new LatchError('Signature declined', { category: 'CONNECTOR_ERROR' });
    const result = toLatchError(original, 'API_ERROR');
    expect(result).toBe(original);
    expect(result.category).toBe('CONNECTOR_ERROR');
  });

  it('wraps an Error, keeping it as cause, with the default category', () => {
    const original = new Error('socket hang up');
    const result = toLatchError(original);
    expect(result).toBeInstanceOf(LatchError);
    expect(result.message).toBe('socket hang up');
    expect(result.category).toBe('INTERNAL_SDK_ERROR');
    expect(result.cause).toBe(original);
  });

  it('uses the given category', () => {
    expect(toLatchError('down', 'API_ERROR').category).toBe('API_ERROR');
  });

  it('keeps the numeric code of a provider or JSON-RPC error', () => {
    expect(toLatchError({ code: 4001, message: 'User rejected the request.' }).code).toBe(4001);
    const rpc = toLatchError({ error: { code: -32000, message: 'header not found' } }, 'RPC_ERROR');
    expect(rpc).toMatchObject({ message: 'header not found', code: -32000, category: 'RPC_ERROR' });
  });

  it('says "Unknown error" when nothing is readable', () => {
    for (const input of ['', null, undefined, 12, {}]) {
      expect(toLatchError(input).message).toBe('Unknown error');
    }
  });

  it('survives hostile values: throwing getters and revoked proxies', () => {
    const throwingGetter = Object.defineProperty({}, 'message', {
      get() {
        throw new Error('getter exploded');
      },
    });
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(toLatchError(throwingGetter).message).toBe('Unknown error');
    expect(toLatchError(proxy).message).toBe('Unknown error');
    expect(isLatchError(proxy)).toBe(false);
  });

  it('never throws and always yields a LatchError with a readable message (property)', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withNullPrototype: true,
          withMap: true,
          withSet: true,
          withDate: true,
        }),
        (input) => {
          const result = toLatchError(input);
          expect(result).toBeInstanceOf(LatchError);
          expect(result.message.trim()).not.toBe('');
          expect(readErrorMessage(input)).toBe(result.message);
        },
      ),
    );
  });
});

describe('ProviderRpcError', () => {
  it('is the EIP-1193 provider error: a LatchError with a numeric code, a message and optional data', () => {
    const error = new ProviderRpcError(4001, 'User rejected the request.', { data: { reason: 'closed' } });
    expect(error).toBeInstanceOf(LatchError);
    expect(isLatchError(error)).toBe(true);
    expect(error.name).toBe('ProviderRpcError');
    expect(error.code).toBe(4001);
    expect(error.message).toBe('User rejected the request.');
    expect(error.data).toEqual({ reason: 'closed' });
    expect(error.category).toBe('RPC_ERROR');
    expect(toLatchError(error)).toBe(error);
    expect(readErrorCode(error)).toBe(4001);
  });

  it('takes a cause and another category; without data it carries none', () => {
    const cause = new Error('socket closed');
    const error = new ProviderRpcError(4900, 'Disconnected', { cause, category: 'CONNECTOR_ERROR' });
    expect(error.cause).toBe(cause);
    expect(error.category).toBe('CONNECTOR_ERROR');
    expect(error.data).toBeUndefined();
  });
});

describe('a package error extending LatchError', () => {
  it('keeps its own name and string code, and is caught as a LatchError', () => {
    class RateLimited extends LatchError {
      override readonly name: string = 'RateLimited';
      constructor(readonly retryAfter: number) {
        super(`Please try again after ${retryAfter} seconds`, { category: 'API_ERROR', code: 'rate_limited' });
      }
    }
    const error = new RateLimited(27);
    expect(isLatchError(error)).toBe(true);
    expect(error.name).toBe('RateLimited');
    expect(error.code).toBe('rate_limited');
    expect(String(error)).toBe('RateLimited: Please try again after 27 seconds');
  });
});

describe('the shared codes', () => {
  it('invalidOption: VALIDATION_ERROR, code INVALID_OPTION, the message as given', () => {
    expect(invalidOption('ttlMs must be positive')).toMatchObject({
      name: 'LatchError',
      category: 'VALIDATION_ERROR',
      code: 'INVALID_OPTION',
      message: 'ttlMs must be positive',
    });
  });

  it('httpStatusError: API_ERROR, code HTTP_STATUS, the status in the message', () => {
    expect(httpStatusError(503)).toMatchObject({ category: 'API_ERROR', code: 'HTTP_STATUS', message: 'HTTP status code: 503' });
  });
});
