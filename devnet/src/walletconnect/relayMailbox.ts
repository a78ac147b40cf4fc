/** One message the relay accepted, as a test sees it in `relay.messages`. */
export interface RelayedMessage {
  readonly topic: string;
  /** The encrypted envelope (base64), exactly as published. */
  readonly message: string;
  /** Milliseconds since the epoch when the relay accepted it. */
  readonly publishedAt: number;
  readonly ttl: number;
  readonly tag?: number;
  readonly attestation?: string;
  /** The publisher's did:key (from its auth token). */
  readonly publisher: string;
  /** The JSON-RPC method that carried it: `irn_publish`, `irn_batchPublish`, `wc_proposeSession`, `wc_approveSession`. */
  readonly via: string;
}

/** What the relay pushes in `irn_subscription.params.data`. */
export interface SubscriptionData {
  topic: string;
  message: string;
  publishedAt: number;
  tag?: number;
  attestation?: string;
}

interface StoredMessage {
  readonly record: RelayedMessage;
  readonly expiresAt: number;
  /** Client ids that acknowledged the delivery (or fetched it); the relay does not deliver it to them again. */
  readonly deliveredTo: Set<string>;
}

export function subscriptionData(record: RelayedMessage): SubscriptionData {
  return {
    topic: record.topic,
    message: record.message,
    publishedAt: record.publishedAt,
    ...(record.tag === undefined ? {} : { tag: record.tag }),
    ...(record.attestation === undefined ? {} : { attestation: record.attestation }),
  };
}

/**
 * The relay's message store: every published message stays on its topic until its TTL ends, and a client gets it
 * when it subscribes (or fetches) unless it already acknowledged it. That is what lets a wallet that pairs after the
 * dapp published its proposal, or a client that reconnects, receive what it missed.
 */
export class RelayMailbox {
  private readonly stored: StoredMessage[] = [];
  readonly history: RelayedMessage[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  add(record: RelayedMessage): StoredMessage {
    const entry: StoredMessage = { record, expiresAt: record.publishedAt + record.ttl * 1000, deliveredTo: new Set([record.publisher]) };
    this.stored.push(entry);
    this.history.push(record);
    return entry;
  }

  /** Unexpired messages on the topics that the client has not acknowledged, oldest first. */
  pendingFor(clientId: string, topics: readonly string[]): StoredMessage[] {
    this.dropExpired();
    const wanted = new Set(topics);
    return this.stored.filter((entry) => wanted.has(entry.record.topic) && !entry.deliveredTo.has(clientId));
  }

  markDelivered(entry: StoredMessage, clientId: string): void {
    entry.deliveredTo.add(clientId);
  }

  private dropExpired(): void {
    const now = this.now();
    for (let index = this.stored.length - 1; index >= 0; index--) {
      if ((this.stored[index] as StoredMessage).expiresAt <= now) this.stored.splice(index, 1);
    }
  }
}

export type { StoredMessage };
