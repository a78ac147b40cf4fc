import { describe, expect, it } from 'vitest';
import { isEnvelope, MAX_MESSAGE_BYTES, parseReply, parseRequest, randomId, REQUEST_TYPES } from './index.js';

const id = 'a'.repeat(32);
const message = (type: string, payload?: unknown) => ({ latch: 'embedded', v: 1, id, type, payload });

describe('randomId', () => {
  it('is 32 lowercase hex characters and differs each time', () => {
    const ids = new Set(Array.from({ length: 50 }, () => randomId()));
    expect(ids.size).toBe(50);
    for (const value of ids) expect(value).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('parseRequest', () => {
  it('accepts each request type of the PROTOCOL table with a valid payload', () => {
    const payloads: Record<(typeof REQUEST_TYPES)[number], unknown> = {
      'frame:hello': { projectId: 'demo', sdkVersion: '1.0.0' },
      'email:connect': { email: 'ada@example.com' },
      'email:otp': { otp: '123456' },
      'wallet:create': {},
      'wallet:recover:ready': undefined,
      'session:restore': {},
      'user:get': {},
      'rpc:request': { namespace: 'eip155', chainId: 31337, method: 'personal_sign', params: ['0x00', '0x0'] },
      signout: {},
      'social:start': { provider: 'github', returnTo: 'https://shop.example/checkout?step=2' },
      'social:wait': { intentId: 'AbC_12-xyz', code: 'c'.repeat(43) },
      'social:cancel': { intentId: 'AbC_12-xyz' },
      'farcaster:start': {},
      'farcaster:wait': { channelId: 'chan_1' },
      'farcaster:cancel': { channelId: 'chan_1' },
      'approval:cancel': { requestId: 'b'.repeat(32) },
      'account:networks': { offered: [1, 31337] },
      'account:preferred': { type: 'smartAccount' },
    };
    for (const type of REQUEST_TYPES) {
      const result = parseRequest(message(type, payloads[type]));
      expect(result, type).toMatchObject({ ok: true, message: { type, id } });
    }
  });

  it('refuses an account type or chain id the embedded wallet does not have', () => {
    expect(parseRequest(message('account:preferred', { type: 'payment' }))).toMatchObject({
      ok: false,
      error: { code: 'invalid_message', message: expect.stringContaining("The account type is 'eoa' or 'smartAccount'") },
    });
    for (const offered of [[0], [1.5], ['1'], Array(65).fill(1)]) {
      expect(parseRequest(message('account:networks', { offered })).ok, JSON.stringify(offered).slice(0, 20)).toBe(false);
    }
  });

  it('gives the host no way to add a sign-in method: a `link` on social:start is dropped, never passed on', () => {
    const result = parseRequest(message('social:start', { provider: 'google', link: true }));
    expect(result).toMatchObject({ ok: true, message: { payload: { provider: 'google' } } });
    expect((result as { message: { payload: object } }).message.payload).not.toHaveProperty('link');
  });

  it('rejects an oversized message, keeping its id for the error reply', () => {
    const result = parseRequest(message('email:connect', { email: `${'a'.repeat(MAX_MESSAGE_BYTES)}@example.com` }));
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'invalid_message',
        id,
        type: 'email:connect',
        message: expect.stringMatching(/too large \(\d+ bytes; the limit is 65536\)/),
      },
    });
  });

  it('rejects a wrong envelope without an id to answer', () => {
    for (const data of [
      null,
      'hello',
      42,
      { latch: 'other', v: 1, id, type: 'user:get' },
      { latch: 'embedded', v: 2, id, type: 'user:get' },
    ]) {
      const result = parseRequest(data);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('invalid_message');
        expect(result.error.id).toBeUndefined();
        expect(result.error.message).toMatch(/^Not a Latch embedded-wallet message/);
      }
    }
    const badId = parseRequest({ latch: 'embedded', v: 1, id: 'not-hex', type: 'user:get' });
    expect(badId).toMatchObject({ ok: false, error: { message: expect.stringContaining('id must be 32 lowercase hex') } });
  });

  it('names an unknown type', () => {
    expect(parseRequest(message('wallet:export', {}))).toEqual({
      ok: false,
      error: { code: 'invalid_message', id, type: 'wallet:export', message: 'Unknown request type "wallet:export"' },
    });
  });

  it('names the bad field of a bad payload', () => {
    expect(parseRequest(message('email:otp', { otp: '12345' }))).toMatchObject({
      ok: false,
      error: { id, message: 'Invalid request "email:otp": payload.otp: The code is 6 digits' },
    });
    expect(parseRequest(message('email:connect', { email: 'not an address' }))).toMatchObject({
      ok: false,
      error: { message: 'Invalid request "email:connect": payload.email: Invalid e-mail address' },
    });
    expect(parseRequest(message('rpc:request', { namespace: 'cosmos', chainId: 1, method: 'x' }))).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('payload.namespace') },
    });
  });

  it('refuses an unknown social provider, a non-http return page and a malformed intent id', () => {
    expect(parseRequest(message('social:start', { provider: 'myspace' }))).toMatchObject({
      ok: false,
      error: { message: 'Invalid request "social:start": payload.provider: Unknown social provider' },
    });
    // Farcaster has its own messages: it is no OAuth provider.
    expect(parseRequest(message('social:start', { provider: 'farcaster' })).ok).toBe(false);
    expect(parseRequest(message('social:start', { provider: 'x', returnTo: 'javascript:alert(1)' }))).toMatchObject({
      ok: false,
      error: { message: 'Invalid request "social:start": payload.returnTo: not an http(s) URL' },
    });
    expect(parseRequest(message('social:wait', { intentId: '../../api/wallet' }))).toMatchObject({
      ok: false,
      error: { message: 'Invalid request "social:wait": payload.intentId: not an intent or channel id' },
    });
    expect(parseRequest(message('farcaster:wait', {})).ok).toBe(false);
  });

  it('refuses data that cannot be serialised', () => {
    const cyclic: Record<string, unknown> = { ...message('user:get', {}) };
    cyclic.payload = { self: cyclic };
    expect(parseRequest(cyclic)).toMatchObject({ ok: false, error: { message: 'The message cannot be serialised as JSON' } });
  });
});

describe('parseReply', () => {
  const user = { email: 'ada@example.com', addresses: { eip155: `0x${'1'.repeat(40)}`, solana: '11111111111111111111111111111111' } };

  it('accepts success replies, error replies and frame events', () => {
    expect(parseReply(message('email:otp:success', { action: 'CONNECT', user })).ok).toBe(true);
    expect(parseReply(message('email:otp:success', { action: 'CREATE' })).ok).toBe(true);
    expect(parseReply(message('rpc:request:error', { message: 'User rejected', code: 4001 })).ok).toBe(true);
    expect(
      parseReply(message('email:connect:error', { message: 'Please try again after 30 seconds', code: 'rate_limited', retryAfter: 30 })).ok,
    ).toBe(true);
    expect(parseReply(message('frame:ready')).ok).toBe(true);
    expect(parseReply(message('session:expired', {})).ok).toBe(true);
    const social = { ...user, social: { provider: 'github', username: 'ada' } };
    expect(parseReply(message('social:wait:success', { action: 'CONNECT', user: social })).ok).toBe(true);
    expect(parseReply(message('farcaster:wait:success', { action: 'RECOVER' })).ok).toBe(true);
    expect(parseReply(message('social:start:success', { intentId: 'abc', url: 'https://wallet.example/social/start?intent=abc' })).ok).toBe(
      true,
    );
  });

  it('rejects a social user with an unknown provider and a start reply whose URL is not http(s)', () => {
    expect(parseReply(message('social:wait:success', { action: 'CONNECT', user: { ...user, social: { provider: 'myspace' } } })).ok).toBe(
      false,
    );
    expect(parseReply(message('social:start:success', { intentId: 'abc', url: 'javascript:alert(1)' })).ok).toBe(false);
  });

  it('rejects a reply with a bad payload, an unknown type and an oversized one', () => {
    expect(parseReply(message('email:otp:success', { action: 'CONNECT' }))).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^Invalid reply "email:otp:success"/) },
    });
    expect(parseReply(message('user:get:success', { user: { ...user, addresses: { eip155: 'nope', solana: 'x' } } })).ok).toBe(false);
    expect(parseReply(message('frame:exploded', {}))).toMatchObject({
      ok: false,
      error: { message: 'Unknown reply type "frame:exploded"' },
    });
    expect(parseReply(message('rpc:request:success', { result: 'x'.repeat(MAX_MESSAGE_BYTES) }))).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('too large') },
    });
  });

  it('isEnvelope checks only the envelope', () => {
    expect(isEnvelope(message('anything'))).toBe(true);
    expect(isEnvelope({ latch: 'embedded', v: 1, type: 'x' })).toBe(false);
  });
});
