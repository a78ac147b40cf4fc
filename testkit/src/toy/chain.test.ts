import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startToyChain, type ToyChain } from './chain.js';
import { toyTransferMessage } from './protocol.js';
import { ALICE, ALICE_KEY, BOB, BOB_KEY, call, postRaw, signTransfer } from './toy.testSupport.js';

let chain: ToyChain;
beforeEach(async () => {
  chain = await startToyChain();
  chain.fund(ALICE, 5_000_000n);
});
afterEach(async () => {
  await chain.stop();
});

const send = (transfer: { from: string; to: string; amount: string; nonce: number }, signature = signTransfer(ALICE_KEY, transfer)) =>
  call(chain.rpcUrl, 'toy_sendTransaction', [transfer, signature]);

describe('startToyChain', () => {
  it('listens on a free loopback port and answers the toy:local chain id', async () => {
    expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(chain.caipNetworkId).toBe('toy:local');
    expect(await call(chain.rpcUrl, 'toy_chainId')).toEqual({ jsonrpc: '2.0', id: 7, result: 'local' });
  });

  it('reads balances as decimal strings of the smallest unit, and nonces from 0', async () => {
    expect((await call(chain.rpcUrl, 'toy_getBalance', [ALICE])).result).toBe('5000000');
    expect((await call(chain.rpcUrl, 'toy_getBalance', [BOB])).result).toBe('0');
    expect((await call(chain.rpcUrl, 'toy_getNonce', [ALICE])).result).toBe(0);
    chain.fund(ALICE, 1n);
    expect(chain.balanceOf(ALICE)).toBe(5_000_001n);
  });

  it('applies a signed transfer: balances, nonce, the sha256 hash and the stored transaction', async () => {
    const transfer = { from: ALICE, to: BOB, amount: '1250000', nonce: 0 };
    const signature = signTransfer(ALICE_KEY, transfer);
    const { result: hash } = await send(transfer, signature);
    expect(hash).toBe(createHash('sha256').update(toyTransferMessage(transfer)).digest('hex'));
    expect(chain.balanceOf(ALICE)).toBe(3_750_000n);
    expect(chain.balanceOf(BOB)).toBe(1_250_000n);
    expect((await call(chain.rpcUrl, 'toy_getNonce', [ALICE])).result).toBe(1);
    expect((await call(chain.rpcUrl, 'toy_getTransaction', [hash])).result).toEqual({ ...transfer, hash, signature });
    expect((await call(chain.rpcUrl, 'toy_getTransaction', ['00'.repeat(32)])).result).toBeNull();
  });

  it('rejects a tampered signature, or one by another key, with -32003', async () => {
    const transfer = { from: ALICE, to: BOB, amount: '100', nonce: 0 };
    const signature = signTransfer(ALICE_KEY, transfer);
    const tampered = (signature[0] === '0' ? '1' : '0') + signature.slice(1);
    for (const bad of [tampered, signTransfer(ALICE_KEY, { ...transfer, amount: '101' }), signTransfer(BOB_KEY, transfer)]) {
      const { error } = await send(transfer, bad);
      expect(error?.code).toBe(-32003);
      expect(error?.message).toMatch(/signature verification failed/);
    }
    expect(chain.balanceOf(ALICE)).toBe(5_000_000n);
  });

  it('rejects a replay or a skipped nonce with -32003 naming the expected nonce', async () => {
    const transfer = { from: ALICE, to: BOB, amount: '100', nonce: 0 };
    expect((await send(transfer)).error).toBeUndefined();
    const replay = await send(transfer);
    expect(replay.error).toEqual({ code: -32003, message: expect.stringMatching(/wrong nonce: .* is at nonce 1, got 0/) });
    const skipped = await send({ ...transfer, nonce: 5 });
    expect(skipped.error?.message).toMatch(/wrong nonce: .* is at nonce 1, got 5/);
    expect(chain.balanceOf(BOB)).toBe(100n);
  });

  it('rejects a transfer beyond the balance with -32003', async () => {
    const { error } = await send({ from: ALICE, to: BOB, amount: '5000001', nonce: 0 });
    expect(error).toEqual({ code: -32003, message: 'Transaction rejected: insufficient funds: balance 5000000, amount 5000001' });
    expect((await call(chain.rpcUrl, 'toy_getNonce', [ALICE])).result).toBe(0);
  });

  it('rejects malformed addresses and parameters with -32602', async () => {
    const upper = ALICE.toUpperCase();
    const wrongChecksum = `${ALICE.slice(0, -1)}${ALICE.endsWith('q') ? 'p' : 'q'}`;
    for (const address of ['toy1notanaddress', upper, wrongChecksum, 42, null]) {
      const { error } = await call(chain.rpcUrl, 'toy_getBalance', [address]);
      expect(error?.code).toBe(-32602);
      expect(error?.message).toMatch(/address is not a toy address/);
    }
    const good = { from: ALICE, to: BOB, amount: '1', nonce: 0 };
    const cases: [unknown[], RegExp][] = [
      [[{ ...good, to: 'toy1bad' }, signTransfer(ALICE_KEY, good)], /to is not a toy address/],
      [[{ ...good, amount: '01' }, signTransfer(ALICE_KEY, good)], /amount must be a positive decimal integer/],
      [[{ ...good, amount: 1 }, signTransfer(ALICE_KEY, good)], /amount must be/],
      [[{ ...good, amount: '0' }, signTransfer(ALICE_KEY, good)], /amount must be/],
      [[{ ...good, nonce: -1 }, signTransfer(ALICE_KEY, good)], /nonce must be a non-negative integer/],
      [[good, 'abcd'], /128 hex characters/],
      [['not a transfer'], /the first parameter must be a transfer/],
    ];
    for (const [params, message] of cases) {
      const { error } = await call(chain.rpcUrl, 'toy_sendTransaction', params);
      expect(error?.code, JSON.stringify(params)).toBe(-32602);
      expect(error?.message).toMatch(message);
    }
    expect((await call(chain.rpcUrl, 'toy_getTransaction', ['xyz'])).error?.code).toBe(-32602);
    expect(() => chain.fund('toy1bad', 1n)).toThrow(TypeError);
  });

  it('answers malformed JSON, invalid requests and unknown methods with the standard codes', async () => {
    expect(await postRaw(chain.rpcUrl, '{ not json')).toMatchObject({ id: null, error: { code: -32700 } });
    expect(await postRaw(chain.rpcUrl, JSON.stringify({ id: 3, method: 'toy_chainId' }))).toMatchObject({
      id: 3,
      error: { code: -32600 },
    });
    expect((await call(chain.rpcUrl, 'eth_chainId')).error).toEqual({ code: -32601, message: 'Method not found: eth_chainId' });
    const batch = await postRaw(
      chain.rpcUrl,
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'toy_chainId' },
        { jsonrpc: '2.0', id: 2, method: 'nope' },
      ]),
    );
    expect(batch).toEqual([
      { jsonrpc: '2.0', id: 1, result: 'local' },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found: nope' } },
    ]);
  });

  it('answers the CORS preflight and sends Access-Control-Allow-Origin: * on every answer', async () => {
    const preflight = await fetch(chain.rpcUrl, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:1', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    const post = await fetch(chain.rpcUrl, { method: 'POST', body: '{}' });
    expect(post.headers.get('access-control-allow-origin')).toBe('*');
    expect((await fetch(chain.rpcUrl)).status).toBe(405);
  });

  it('stops at once even while a request is still arriving, closing that connection', async () => {
    const { port } = new URL(chain.rpcUrl);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write('POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"jsonrpc"');
    await new Promise((resolve) => setTimeout(resolve, 50)); // the server is now reading the body
    const outcome = await Promise.race([chain.stop().then(() => 'stopped'), new Promise((resolve) => setTimeout(resolve, 2_000, 'hung'))]);
    expect(outcome).toBe('stopped');
    await closed;
  });

  it('stops: the port refuses connections, kept-alive ones included, and stop() is idempotent', async () => {
    expect((await call(chain.rpcUrl, 'toy_chainId')).result).toBe('local'); // leaves a keep-alive socket open
    await Promise.all([chain.stop(), chain.stop()]);
    await expect(fetch(chain.rpcUrl, { method: 'POST', body: '{}' })).rejects.toThrow();
  });
});
