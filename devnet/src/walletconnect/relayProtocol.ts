import { createHash } from 'node:crypto';
import type { WebSocket } from 'ws';
import { type RelayedMessage, RelayMailbox, type StoredMessage, subscriptionData } from './relayMailbox.js';

/** Tags the hosted relay stamps on the session-proposal flow's relay-level methods (WalletConnect 2.25). */
export const SESSION_PROPOSAL_TAG = 1100;
export const SESSION_PROPOSAL_RESPONSE_TAG = 1101;
export const SESSION_SETTLE_REQUEST_TAG = 1102;

/** Longest TTL the relay keeps a message (30 days), like the hosted relay. */
const MAX_TTL_SECONDS = 30 * 24 * 60 * 60;
const TOPIC_PATTERN = /^[0-9a-f]{64}$/;

type JsonRpcId = number | string | null;

/** A JSON-RPC error the relay answers with; the connection stays open. */
export class RelayRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const invalidParams = (message: string) => new RelayRpcError(-32602, `Invalid params: ${message}`);

export interface RelayConnection {
  readonly socket: WebSocket;
  /** The client's did:key from its auth token. */
  readonly clientId: string;
  /** topic → subscription id */
  readonly subscriptions: Map<string, string>;
  /** irn_subscription request id → the stored message it carries, until the client acknowledges it. */
  readonly awaitingAck: Map<number, StoredMessage>;
}

interface PublishParams {
  topic: string;
  message: string;
  ttl: number;
  tag?: number;
  attestation?: string;
}

function field(params: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(params, name) ? params[name] : undefined;
}

function paramsObject(params: unknown): Record<string, unknown> {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw invalidParams('params must be an object');
  return params as Record<string, unknown>;
}

function topicParam(value: unknown, name = 'topic'): string {
  if (typeof value !== 'string' || !TOPIC_PATTERN.test(value)) throw invalidParams(`${name} must be 64 lowercase hex characters`);
  return value;
}

function topicList(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) throw invalidParams('topics must be a non-empty array');
  return value.map((topic) => topicParam(topic));
}

function messageParam(value: unknown, name = 'message'): string {
  if (typeof value !== 'string' || value.length === 0) throw invalidParams(`${name} must be a non-empty string`);
  return value;
}

function ttlParam(value: unknown, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0 || value > MAX_TTL_SECONDS) {
    throw invalidParams(`ttl must be an integer number of seconds between 1 and ${MAX_TTL_SECONDS}`);
  }
  return value;
}

function optionalTag(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw invalidParams('tag must be a non-negative integer');
  return value;
}

function optionalString(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidParams(`${name} must be a string`);
  return value;
}

function publishParams(raw: unknown): PublishParams {
  const params = paramsObject(raw);
  const tag = optionalTag(field(params, 'tag'));
  const attestation = optionalString(field(params, 'attestation'), 'attestation');
  return {
    topic: topicParam(field(params, 'topic')),
    message: messageParam(field(params, 'message')),
    ttl: ttlParam(field(params, 'ttl')),
    ...(tag === undefined ? {} : { tag }),
    ...(attestation === undefined ? {} : { attestation }),
  };
}

/** The id the hosted relay gives a subscription: sha256(topic + client id), hex; clients compute the same value. */
function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256')
    .update(topic + clientId)
    .digest('hex');
}

let lastPayloadId = 0;
/** Payload ids in WalletConnect's style: milliseconds × 1000 plus a counter, unique and increasing. */
function nextPayloadId(): number {
  lastPayloadId = Math.max(lastPayloadId + 1, Date.now() * 1000);
  return lastPayloadId;
}

/** The relay's routing: subscriptions per connection, the message store, delivery and acknowledgements. */
export class RelayRouter {
  readonly connections = new Set<RelayConnection>();
  readonly mailbox = new RelayMailbox();
  /** Every JSON-RPC method name clients called, in order (for assertions). */
  readonly methodsCalled: string[] = [];
  /** While a request is handled: the deliveries its publishes cause, sent after its reply. */
  private deferred: (() => void)[] | undefined;

  private readonly methods: Record<string, (connection: RelayConnection, params: unknown) => unknown> = {
    irn_publish: (connection, params) => {
      this.publish(connection, publishParams(params), 'irn_publish');
      return true;
    },
    irn_batchPublish: (connection, raw) => {
      const messages = field(paramsObject(raw), 'messages');
      if (!Array.isArray(messages) || messages.length === 0) throw invalidParams('messages must be a non-empty array');
      const parsed = messages.map(publishParams);
      for (const message of parsed) this.publish(connection, message, 'irn_batchPublish');
      return true;
    },
    irn_subscribe: (connection, raw) => this.subscribe(connection, [topicParam(field(paramsObject(raw), 'topic'))])[0],
    irn_batchSubscribe: (connection, raw) => this.subscribe(connection, topicList(field(paramsObject(raw), 'topics'))),
    irn_unsubscribe: (connection, raw) => {
      connection.subscriptions.delete(topicParam(field(paramsObject(raw), 'topic')));
      return true;
    },
    irn_batchUnsubscribe: (connection, raw) => {
      const subscriptions = field(paramsObject(raw), 'subscriptions');
      if (!Array.isArray(subscriptions) || subscriptions.length === 0) throw invalidParams('subscriptions must be a non-empty array');
      const topics = subscriptions.map((entry) => topicParam(field(paramsObject(entry), 'topic')));
      for (const topic of topics) connection.subscriptions.delete(topic);
      return true;
    },
    irn_batchFetchMessages: (connection, raw) => {
      const topics = topicList(field(paramsObject(raw), 'topics'));
      const pending = this.mailbox.pendingFor(connection.clientId, topics);
      for (const entry of pending) this.mailbox.markDelivered(entry, connection.clientId);
      return { messages: pending.map((entry) => subscriptionData(entry.record)), hasMore: false };
    },
    // Relay-level session proposal (2.25): the relay publishes the proposal on the pairing topic and subscribes the dapp.
    wc_proposeSession: (connection, raw) => {
      const params = paramsObject(raw);
      const pairingTopic = topicParam(field(params, 'pairingTopic'), 'pairingTopic');
      const message = messageParam(field(params, 'sessionProposal'), 'sessionProposal');
      const ttl = ttlParam(field(params, 'ttl'), 300);
      const attestation = optionalString(field(params, 'attestation'), 'attestation');
      this.subscribe(connection, [pairingTopic]);
      const proposal = { topic: pairingTopic, message, ttl, tag: SESSION_PROPOSAL_TAG };
      this.publish(connection, attestation === undefined ? proposal : { ...proposal, attestation }, 'wc_proposeSession');
      return true;
    },
    // Relay-level approval: the proposal response goes to the pairing topic, the settle request to the new session
    // topic, which the relay subscribes the wallet to.
    wc_approveSession: (connection, raw) => {
      const params = paramsObject(raw);
      const sessionTopic = topicParam(field(params, 'sessionTopic'), 'sessionTopic');
      const pairingTopic = topicParam(field(params, 'pairingTopic'), 'pairingTopic');
      const response = messageParam(field(params, 'sessionProposalResponse'), 'sessionProposalResponse');
      const settle = messageParam(field(params, 'sessionSettlementRequest'), 'sessionSettlementRequest');
      const ttl = ttlParam(field(params, 'ttl'), 300);
      this.subscribe(connection, [sessionTopic]);
      this.publish(connection, { topic: pairingTopic, message: response, ttl, tag: SESSION_PROPOSAL_RESPONSE_TAG }, 'wc_approveSession');
      this.publish(connection, { topic: sessionTopic, message: settle, ttl, tag: SESSION_SETTLE_REQUEST_TAG }, 'wc_approveSession');
      return true;
    },
  };

  /** Answers one text frame from a client; never throws, never closes the connection. */
  handleFrame(connection: RelayConnection, text: string): void {
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      this.send(connection, { id: null, jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: frame is not JSON' } });
      return;
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      this.send(connection, { id: null, jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request: expected a JSON-RPC object' } });
      return;
    }
    const { id, method, params } = payload as { id?: unknown; method?: unknown; params?: unknown };
    const requestId: JsonRpcId = typeof id === 'number' || typeof id === 'string' ? id : null;
    if (method === undefined && typeof id === 'number' && ('result' in payload || 'error' in payload)) {
      this.acknowledge(connection, id, 'result' in payload);
      return;
    }
    if (typeof method !== 'string' || requestId === null) {
      this.send(connection, {
        id: requestId,
        jsonrpc: '2.0',
        error: { code: -32600, message: 'Invalid Request: id and method are required' },
      });
      return;
    }
    this.methodsCalled.push(method);
    const handler = Object.hasOwn(this.methods, method) ? this.methods[method] : undefined;
    if (!handler) {
      this.send(connection, { id: requestId, jsonrpc: '2.0', error: { code: -32601, message: `Method not found: ${method}` } });
      return;
    }
    const deliveries: (() => void)[] = [];
    this.deferred = deliveries;
    try {
      const result = handler(connection, params);
      this.send(connection, { id: requestId, jsonrpc: '2.0', result });
    } catch (error) {
      const rpcError = error instanceof RelayRpcError ? error : new RelayRpcError(-32603, `Internal error: ${String(error)}`);
      this.send(connection, { id: requestId, jsonrpc: '2.0', error: { code: rpcError.code, message: rpcError.message } });
      return;
    } finally {
      this.deferred = undefined;
    }
    // The hosted relay acknowledges a publish once it stored the message, and delivers it after: the publisher
    // always holds its ack before a subscriber can answer. Delivering first (in the same tick, at loopback speed)
    // let an answer overtake the ack, which WalletConnect clients are not written for (they record the request
    // in their history only once the publish resolved).
    for (const deliver of deliveries) deliver();
    this.flushPending(connection);
  }

  /** Subscribes and remembers which stored messages the connection is owed; they follow the JSON-RPC result. */
  private subscribe(connection: RelayConnection, topics: readonly string[]): string[] {
    return topics.map((topic) => {
      const id = subscriptionId(topic, connection.clientId);
      connection.subscriptions.set(topic, id);
      return id;
    });
  }

  private flushPending(connection: RelayConnection): void {
    const topics = [...connection.subscriptions.keys()];
    const alreadySent = new Set(connection.awaitingAck.values());
    for (const entry of this.mailbox.pendingFor(connection.clientId, topics)) {
      if (!alreadySent.has(entry)) this.deliver(connection, entry);
    }
  }

  private publish(connection: RelayConnection, params: PublishParams, via: string): void {
    const record: RelayedMessage = { ...params, publishedAt: Date.now(), publisher: connection.clientId, via };
    const entry = this.mailbox.add(record);
    for (const subscriber of this.connections) {
      if (subscriber.clientId === connection.clientId || !subscriber.subscriptions.has(params.topic)) continue;
      if (this.deferred) this.deferred.push(() => this.deliver(subscriber, entry));
      else this.deliver(subscriber, entry);
    }
  }

  private deliver(connection: RelayConnection, entry: StoredMessage): void {
    const subscription = connection.subscriptions.get(entry.record.topic);
    if (subscription === undefined) return;
    const id = nextPayloadId();
    connection.awaitingAck.set(id, entry);
    this.send(connection, {
      id,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: { id: subscription, data: subscriptionData(entry.record) },
    });
  }

  private acknowledge(connection: RelayConnection, id: number, accepted: boolean): void {
    const entry = connection.awaitingAck.get(id);
    if (!entry) return;
    connection.awaitingAck.delete(id);
    if (accepted) this.mailbox.markDelivered(entry, connection.clientId);
  }

  private send(connection: RelayConnection, payload: object): void {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(JSON.stringify(payload));
  }
}
