import { randomBytes } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';
import type { WalletDatabase } from './database.js';

export type FarcasterRequestState = 'pending' | 'verifying' | 'claimed' | 'invalid';

/** One Sign In With Farcaster request: in the database, so any instance can answer the frame's next poll. */
export interface FarcasterRequestTable {
  /** The request id the frame polls (also the SIWE message's request id). */
  channel_id: string;
  /** The relay's channel token (a bearer secret of the relay's). */
  channel_token: string;
  nonce: string;
  /** base64url(sha256(verifier)): only the frame that opened the request can claim or cancel it. */
  challenge: string;
  project_id: string;
  host_origin: string;
  /** When the request ends, in ms since 1970. */
  expires_at: string;
  state: FarcasterRequestState;
  /** While `verifying`: the instance checking the answer, and until when (another may take over after). */
  lease_token: string | null;
  lease_until: string | null;
  /** The relay's completed answer, kept as soon as it is read (the relay tells it once). */
  answer: string | null;
}

export const FARCASTER_REQUEST_MIGRATION: Migration = {
  async up(db) {
    await db.schema
      .createTable('latch_farcaster_request')
      .ifNotExists()
      .addColumn('channel_id', 'text', (c) => c.primaryKey())
      .addColumn('channel_token', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('challenge', 'text', (c) => c.notNull())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('host_origin', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('lease_token', 'text')
      .addColumn('lease_until', 'bigint')
      .addColumn('answer', 'text')
      .execute();
  },
};

export interface FarcasterRequest {
  channelId: string;
  channelToken: string;
  nonce: string;
  challenge: string;
  projectId: string;
  hostOrigin: string;
  expiresAt: number;
  state: FarcasterRequestState;
  /** The relay's completed answer (JSON), once read. */
  answer?: string;
}

/** How long one instance may take to check an answer (the relay and the RPC each time out in 10 s). */
export const VERIFY_LEASE_MS = 30_000;

/**
 * The Farcaster requests of every instance. A check of the relay's answer is leased: one instance at a time,
 * and if that one dies mid-check, another takes over once the lease ends. A request is claimed once, by a
 * conditional update, never twice.
 */
export function createFarcasterRequests(db: Kysely<WalletDatabase>, now: () => number, keepMs: number) {
  const fromRow = (row: FarcasterRequestTable): FarcasterRequest => ({
    channelId: row.channel_id,
    channelToken: row.channel_token,
    nonce: row.nonce,
    challenge: row.challenge,
    projectId: row.project_id,
    hostOrigin: row.host_origin,
    expiresAt: Number(row.expires_at),
    state: row.state,
    ...(row.answer === null ? {} : { answer: row.answer }),
  });

  return {
    async create(request: Omit<FarcasterRequest, 'state'>): Promise<void> {
      // Claimed and failed entries stay until `keepMs` after their expiry, so a second claim is refused, not unknown.
      await db
        .deleteFrom('latch_farcaster_request')
        .where('expires_at', '<=', String(now() - keepMs))
        .execute();
      await db
        .insertInto('latch_farcaster_request')
        .values({
          channel_id: request.channelId,
          channel_token: request.channelToken,
          nonce: request.nonce,
          challenge: request.challenge,
          project_id: request.projectId,
          host_origin: request.hostOrigin,
          expires_at: String(request.expiresAt),
          state: 'pending',
        })
        .execute();
    },

    async get(channelId: string): Promise<FarcasterRequest | undefined> {
      const row = await db
        .selectFrom('latch_farcaster_request')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('expires_at', '>', String(now() - keepMs))
        .executeTakeFirst();
      return row && fromRow(row);
    },

    /** Takes the check of a pending request (or of one whose checker's lease ended): a lease token, or undefined. */
    async lease(channelId: string): Promise<string | undefined> {
      const token = randomBytes(12).toString('base64url');
      const at = now();
      const row = await db
        .updateTable('latch_farcaster_request')
        .set({ state: 'verifying', lease_token: token, lease_until: String(at + VERIFY_LEASE_MS) })
        .where('channel_id', '=', channelId)
        .where((eb) => eb.or([eb('state', '=', 'pending'), eb.and([eb('state', '=', 'verifying'), eb('lease_until', '<', String(at))])]))
        .returning('channel_id')
        .executeTakeFirst();
      return row ? token : undefined;
    },

    /** Keeps the relay's answer while holding the lease: an instance that takes over checks it without the relay. */
    async keepAnswer(channelId: string, token: string, answer: string): Promise<void> {
      await db
        .updateTable('latch_farcaster_request')
        .set({ answer })
        .where('channel_id', '=', channelId)
        .where('lease_token', '=', token)
        .execute();
    },

    /** Ends a leased check: back to pending, or invalid, or claimed. False when the lease was lost meanwhile. */
    async settle(channelId: string, token: string, state: Exclude<FarcasterRequestState, 'verifying'>): Promise<boolean> {
      const row = await db
        .updateTable('latch_farcaster_request')
        .set({ state, lease_token: null, lease_until: null })
        .where('channel_id', '=', channelId)
        .where('state', '=', 'verifying')
        .where('lease_token', '=', token)
        .returning('channel_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async delete(channelId: string): Promise<void> {
      await db.deleteFrom('latch_farcaster_request').where('channel_id', '=', channelId).execute();
    },
  };
}

export type FarcasterRequests = ReturnType<typeof createFarcasterRequests>;
