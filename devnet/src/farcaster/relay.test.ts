import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilAccounts } from '@latch/testkit';
import { type FarcasterRelay, startFarcasterRelay } from './relay.js';
import { createFarcasterSigner, FarcasterSignerError } from './signer.js';

const AUTH_KEY = 'relay-key-for-tests';
const KEY = anvilAccounts()[1]?.privateKey as `0x${string}`;
const CHANNEL = { siweUri: 'https://app.example.com/login', domain: 'app.example.com' };

let relay: FarcasterRelay;
let clock = Date.now();

beforeAll(async () => {
  relay = await startFarcasterRelay({ authKey: AUTH_KEY, ttlSeconds: 60, now: () => clock });
});
afterAll(async () => {
  await relay?.close();
});

async function call(
  path: string,
  init: { method?: string; body?: unknown; raw?: string; token?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined || init.raw !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${relay.url}/v1/${path}`, {
    method: init.method ?? (init.body !== undefined || init.raw !== undefined ? 'POST' : 'GET'),
    headers,
    body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('the stand-in Farcaster auth relay', () => {
  it('opens a channel: 201 with the token, the connect URL and the nonce', async () => {
    const created = await call('channel', { body: { ...CHANNEL, nonce: 'abcdefgh12345678', requestId: 'r-1' } });
    expect(created.status).toBe(201);
    const token = created.json.channelToken as string;
    expect(token).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/);
    expect(created.json).toEqual({
      channelToken: token,
      url: `https://farcaster.xyz/~/siwf?channelToken=${token}`,
      connectUri: `https://farcaster.xyz/~/siwf?channelToken=${token}`,
      nonce: 'abcdefgh12345678',
    });
    const pending = await call('channel/status', { token });
    expect(pending.status).toBe(202);
    expect(pending.json).toMatchObject({
      state: 'pending',
      nonce: 'abcdefgh12345678',
      acceptAuthAddress: true,
      signatureParams: { ...CHANNEL, nonce: 'abcdefgh12345678', requestId: 'r-1' },
    });
    expect(pending.json).not.toHaveProperty('url');
  });

  it('makes up a nonce when none is given, and drops unknown properties as its schema does', async () => {
    const created = await call('channel', { body: { ...CHANNEL, colour: 'blue' } });
    expect(created.status).toBe(201);
    expect(created.json.nonce).toMatch(/^[a-zA-Z0-9]{8,}$/);
    const pending = await call('channel/status', { token: created.json.channelToken as string });
    expect(pending.json.signatureParams).toEqual({ ...CHANNEL, nonce: created.json.nonce });
  });

  it('answers validation errors as the real relay does', async () => {
    expect(await call('channel', { body: { domain: 'app.example.com' } })).toEqual({
      status: 400,
      json: { error: 'Validation error', message: "body must have required property 'siweUri'" },
    });
    expect((await call('channel', { body: { ...CHANNEL, domain: 'https://app.example.com' } })).json).toEqual({
      error: 'Validation error',
      message: 'body/domain must match pattern "^[a-zA-Z0-9.-]+(:[0-9]+)?$"',
    });
    expect((await call('channel', { body: { ...CHANNEL, siweUri: 'not a uri' } })).json.message).toBe(
      'body/siweUri must match format "uri"',
    );
    expect((await call('channel', { body: { ...CHANNEL, expirationTime: 'tomorrow' } })).json.message).toBe(
      'body/expirationTime must match format "date-time"',
    );
    expect(await call('channel', { body: { siweUri: 'https://farcaster.xyz', domain: 'farcaster.xyz' } })).toEqual({
      status: 400,
      json: { error: 'Domain not allowed' },
    });
    expect((await call('channel', { raw: '{oops' })).status).toBe(400);
  });

  it('refuses status and authenticate without a channel token, or with an unknown one', async () => {
    expect(await call('channel/status')).toEqual({ status: 401, json: { error: 'Unauthorized ' } });
    expect(await call('channel/status', { token: 'ZZZZZZZZ' })).toEqual({ status: 401, json: { error: 'Unauthorized' } });
    const body = { message: 'm', signature: `0x${'11'.repeat(65)}`, fid: 1 };
    expect(await call('channel/authenticate', { body, headers: { 'x-farcaster-auth-relay-key': AUTH_KEY } })).toEqual({
      status: 401,
      json: { error: 'Unauthorized ' },
    });
    expect(await call('channel/authenticate', { body, token: 'ZZZZZZZZ', headers: { 'x-farcaster-auth-relay-key': AUTH_KEY } })).toEqual({
      status: 401,
      json: { error: 'Unauthorized ' },
    });
    // The app's key is checked before the channel.
    expect(await call('channel/authenticate', { body, token: 'ZZZZZZZZ', headers: { 'x-farcaster-auth-relay-key': 'wrong' } })).toEqual({
      status: 401,
      json: { error: 'Unauthorized' },
    });
    expect((await call('channel/authenticate', { body: { ...body, signature: '0x12' }, token: 'ZZZZZZZZ' })).json).toEqual({
      error: 'Validation error',
      message: 'body/signature must match pattern "^0x[a-fA-F0-9]{130}$"',
    });
  });

  it('completes a channel once the app approves, reports it once, then forgets it', async () => {
    const created = await call('channel', { body: CHANNEL });
    const signer = createFarcasterSigner({ relayUrl: relay.url, fid: 42, username: 'alice', custodyPrivateKey: KEY, authKey: AUTH_KEY });
    const { message, signature } = await signer.approve(created.json.url as string);
    const done = await call('channel/status', { token: created.json.channelToken as string });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ state: 'completed', message, signature, fid: 42, username: 'alice', authMethod: 'custody' });
    expect(message).toContain(`${privateKeyToAccount(KEY).address}`);
    expect(await call('channel/status', { token: created.json.channelToken as string })).toEqual({
      status: 401,
      json: { error: 'Unauthorized' },
    });
  });

  it('refuses an approval without the relay key', async () => {
    const created = await call('channel', { body: CHANNEL });
    const signer = createFarcasterSigner({ relayUrl: relay.url, fid: 42, custodyPrivateKey: KEY, authKey: 'not-the-key' });
    await expect(signer.approve(created.json.url as string)).rejects.toThrow(FarcasterSignerError);
    expect((await call('channel/status', { token: created.json.channelToken as string })).status).toBe(202);
  });

  it('forgets a channel after its TTL', async () => {
    const created = await call('channel', { body: CHANNEL });
    const token = created.json.channelToken as string;
    clock += 59_000;
    expect((await call('channel/status', { token })).status).toBe(202);
    clock += 2_000;
    expect(await call('channel/status', { token })).toEqual({ status: 401, json: { error: 'Unauthorized' } });
    expect(relay.channel(token)).toBeUndefined();
    const signer = createFarcasterSigner({ relayUrl: relay.url, fid: 42, custodyPrivateKey: KEY, authKey: AUTH_KEY });
    await expect(signer.approve(created.json.url as string)).rejects.toThrow('the relay has no pending request for this URL (HTTP 401');
  });
});
