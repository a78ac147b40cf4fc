import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { startWalletConnectRelay, type WalletConnectRelay } from './relay.js';
import { signRelayAuth } from './relayAuth.js';

interface Frame {
  id?: number | string | null;
  method?: string;
  result?: unknown;
  error?: { code: number; message: string };
  params?: { id: string; data: { topic: string; message: string; publishedAt: number; tag?: number } };
}

/** A raw relay client: one socket, every frame it received, and a way to wait for the next matching one. */
interface RawClient {
  readonly socket: WebSocket;
  readonly frames: Frame[];
  next(predicate: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  call(method: string, params: unknown): Promise<Frame>;
  close(): void;
}

let relay: WalletConnectRelay;
const clients: RawClient[] = [];
let nextId = 1;
const topic = () => randomBytes(32).toString('hex');

beforeAll(async () => {
  relay = await startWalletConnectRelay();
});
afterAll(async () => {
  await relay.stop();
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

function openSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    socket.once('error', reject);
  });
}

async function rawClient(secretKey: Uint8Array = randomBytes(32)): Promise<RawClient> {
  const socket = await openSocket(`${relay.url}/?auth=${signRelayAuth(secretKey, relay.url)}&projectId=latch-local`);
  const frames: Frame[] = [];
  const waiters: { predicate: (frame: Frame) => boolean; resolve: (frame: Frame) => void }[] = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as Frame;
    frames.push(frame);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(frame)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(frame);
      }
    }
  });
  const client: RawClient = {
    socket,
    frames,
    next(predicate, timeoutMs = 2_000) {
      const seen = frames.find(predicate);
      if (seen) {
        frames.splice(frames.indexOf(seen), 1);
        return Promise.resolve(seen);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching frame')), timeoutMs);
        waiters.push({
          predicate,
          resolve: (frame) => {
            clearTimeout(timer);
            frames.splice(frames.indexOf(frame), 1);
            resolve(frame);
          },
        });
      });
    },
    call(method, params) {
      const id = nextId++;
      socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }));
      return client.next((frame) => frame.id === id && frame.method === undefined);
    },
    close: () => socket.terminate(),
  };
  clients.push(client);
  return client;
}

const isSubscription = (frame: Frame) => frame.method === 'irn_subscription';

describe('local WalletConnect relay', () => {
  test('delivers a publish to the topic’s subscriber with its tag, and not back to the publisher', async () => {
    const [wallet, dapp] = await Promise.all([rawClient(), rawClient()]);
    const shared = topic();
    const subscribed = await wallet.call('irn_subscribe', { topic: shared });
    expect(subscribed.result).toMatch(/^[0-9a-f]{64}$/);
    await dapp.call('irn_subscribe', { topic: shared });
    expect((await dapp.call('irn_publish', { topic: shared, message: 'ZW52ZWxvcGU=', ttl: 300, tag: 1108, prompt: false })).result).toBe(
      true,
    );

    const delivered = await wallet.next(isSubscription);
    expect(delivered.params).toEqual({
      id: subscribed.result,
      data: { topic: shared, message: 'ZW52ZWxvcGU=', publishedAt: expect.any(Number), tag: 1108 },
    });
    await expect(dapp.next(isSubscription, 200)).rejects.toThrow('no matching frame');
  });

  test('acknowledges a publish before delivering it: an instant answer never overtakes the publisher’s ack', async () => {
    const [wallet, dapp] = await Promise.all([rawClient(), rawClient()]);
    const shared = topic();
    await Promise.all([wallet.call('irn_subscribe', { topic: shared }), dapp.call('irn_subscribe', { topic: shared })]);
    // The wallet answers the moment the request reaches it, as a client at loopback speed does.
    wallet.socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame;
      if (frame.method !== 'irn_subscription') return;
      wallet.socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }));
      wallet.socket.send(
        JSON.stringify({
          id: 9_001,
          jsonrpc: '2.0',
          method: 'irn_publish',
          params: { topic: shared, message: 'YW5zd2Vy', ttl: 300, tag: 1109 },
        }),
      );
    });
    const arrived: string[] = [];
    dapp.socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame;
      arrived.push(frame.method === 'irn_subscription' ? 'answer' : `reply ${String(frame.id)}`);
    });
    const id = nextId++;
    dapp.socket.send(
      JSON.stringify({
        id,
        jsonrpc: '2.0',
        method: 'irn_publish',
        params: { topic: shared, message: 'cmVxdWVzdA==', ttl: 300, tag: 1108 },
      }),
    );
    await dapp.next(isSubscription);
    expect(arrived).toEqual([`reply ${id}`, 'answer']);
  });

  test('keeps messages for a topic nobody subscribed to until its TTL and redelivers what was not acknowledged', async () => {
    const publisher = await rawClient();
    const lateTopic = topic();
    const expiringTopic = topic();
    await publisher.call('irn_batchPublish', {
      messages: [
        { topic: lateTopic, message: 'Zmlyc3Q=', ttl: 300 },
        { topic: expiringTopic, message: 'Z29uZQ==', ttl: 1 },
      ],
    });
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    const secretKey = randomBytes(32);
    const subscriber = await rawClient(secretKey);
    const ids = await subscriber.call('irn_batchSubscribe', { topics: [lateTopic, expiringTopic] });
    expect(ids.result).toHaveLength(2);
    const first = await subscriber.next(isSubscription);
    expect(first.params?.data).toMatchObject({ topic: lateTopic, message: 'Zmlyc3Q=' });
    await expect(subscriber.next(isSubscription, 200)).rejects.toThrow('no matching frame');

    // Not acknowledged: the same client (same key) gets it again when it resubscribes on a new socket.
    subscriber.close();
    const reconnected = await rawClient(secretKey);
    await reconnected.call('irn_subscribe', { topic: lateTopic });
    const again = await reconnected.next(isSubscription);
    expect(again.params?.data.message).toBe('Zmlyc3Q=');
    reconnected.socket.send(JSON.stringify({ id: again.id, jsonrpc: '2.0', result: true }));
    await reconnected.call('irn_unsubscribe', { topic: lateTopic, id: again.params?.id });

    // Acknowledged: a later subscription of that client gets nothing, and irn_batchFetchMessages is empty.
    const afterAck = await rawClient(secretKey);
    await afterAck.call('irn_subscribe', { topic: lateTopic });
    await expect(afterAck.next(isSubscription, 200)).rejects.toThrow('no matching frame');
    expect((await afterAck.call('irn_batchFetchMessages', { topics: [lateTopic] })).result).toEqual({ messages: [], hasMore: false });
  });

  test('wc_proposeSession and wc_approveSession publish with tags 1100, 1101 and 1102 and subscribe the sender', async () => {
    const [dapp, wallet] = await Promise.all([rawClient(), rawClient()]);
    const pairingTopic = topic();
    const sessionTopic = topic();
    expect((await dapp.call('wc_proposeSession', { pairingTopic, sessionProposal: 'cHJvcG9zYWw=', ttl: 300 })).result).toBe(true);
    await wallet.call('irn_subscribe', { topic: pairingTopic });
    expect((await wallet.next(isSubscription)).params?.data).toMatchObject({ topic: pairingTopic, message: 'cHJvcG9zYWw=', tag: 1100 });

    const approve = { sessionTopic, pairingTopic, sessionProposalResponse: 'cmVzcG9uc2U=', sessionSettlementRequest: 'c2V0dGxl', ttl: 300 };
    expect((await wallet.call('wc_approveSession', approve)).result).toBe(true);
    expect((await dapp.next(isSubscription)).params?.data).toMatchObject({ topic: pairingTopic, message: 'cmVzcG9uc2U=', tag: 1101 });
    await dapp.call('irn_subscribe', { topic: sessionTopic });
    expect((await dapp.next(isSubscription)).params?.data).toMatchObject({ topic: sessionTopic, message: 'c2V0dGxl', tag: 1102 });

    // The relay subscribed the wallet to the session topic: the dapp's first session message reaches it.
    await dapp.call('irn_publish', { topic: sessionTopic, message: 'cmVxdWVzdA==', ttl: 300 });
    expect((await wallet.next(isSubscription)).params?.data.message).toBe('cmVxdWVzdA==');
  });

  test('malformed frames, unknown methods and bad params get JSON-RPC errors and the connection stays open', async () => {
    const client = await rawClient();
    client.socket.send('{not json');
    expect(await client.next((frame) => frame.error?.code === -32700)).toMatchObject({
      id: null,
      error: { message: 'Parse error: frame is not JSON' },
    });
    client.socket.send('[1,2]');
    expect((await client.next((frame) => frame.error?.code === -32600)).id).toBeNull();
    client.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await client.next((frame) => frame.error?.code === -32700)).error?.message).toBe('Parse error: binary frames are not JSON-RPC');

    expect((await client.call('irn_teleport', {})).error).toEqual({ code: -32601, message: 'Method not found: irn_teleport' });
    expect((await client.call('irn_subscribe', { topic: 'short' })).error).toEqual({
      code: -32602,
      message: 'Invalid params: topic must be 64 lowercase hex characters',
    });
    expect((await client.call('irn_publish', { topic: topic(), message: 'eA==', ttl: -5 })).error?.code).toBe(-32602);
    expect((await client.call('irn_publish', { topic: topic(), message: '', ttl: 300 })).error?.message).toBe(
      'Invalid params: message must be a non-empty string',
    );
    expect((await client.call('irn_subscribe', { topic: topic() })).result).toMatch(/^[0-9a-f]{64}$/);
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
  });

  test('pings every socket so the clients’ stall detection keeps the connection', async () => {
    const pinging = await startWalletConnectRelay({ pingIntervalMs: 50 });
    try {
      const socket = await openSocket(`${pinging.url}/?auth=${signRelayAuth(randomBytes(32), pinging.url)}`);
      const pinged = new Promise<boolean>((resolve) => socket.once('ping', () => resolve(true)));
      expect(await pinged).toBe(true);
      expect(pinging.connectionCount()).toBe(1);
      socket.terminate();
    } finally {
      await pinging.stop();
    }
  });

  test('refuses a socket without a valid auth token (401) and, while paused, every socket (503)', async () => {
    await expect(openSocket(`${relay.url}/?projectId=latch-local`)).rejects.toThrow('HTTP 401');
    const forged = signRelayAuth(randomBytes(32), relay.url).replace(/\.[^.]+$/, `.${'A'.repeat(86)}`);
    await expect(openSocket(`${relay.url}/?auth=${forged}`)).rejects.toThrow('HTTP 401');

    const connected = await rawClient();
    const dropped = new Promise<number>((resolve) => connected.socket.once('close', (code) => resolve(code)));
    await relay.pause();
    expect(await dropped).toBe(1006);
    await expect(rawClient()).rejects.toThrow('HTTP 503');
    await relay.resume();
    const after = await rawClient();
    expect((await after.call('irn_subscribe', { topic: topic() })).result).toMatch(/^[0-9a-f]{64}$/);
  });
});
