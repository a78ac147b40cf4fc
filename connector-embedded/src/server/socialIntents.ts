import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

/** How long a sign-in intent can be started, finished and claimed. */
export const INTENT_LIFETIME_MS = 10 * 60_000;

export type IntentStatus = 'pending' | 'started' | 'done' | 'error' | 'claimed' | 'cancelled';

/**
 * One social sign-in the frame asked for: who may claim it (the frame that holds the verifier, for this project
 * and host page) and, once the visitor is back from the provider, its outcome.
 */
export interface SocialIntentTable {
  id: string;
  project_id: string;
  host_origin: string;
  provider: string;
  /** base64url(sha256(verifier)); the verifier stays in the frame. */
  challenge: string;
  /** The redirect fallback's page on the host origin (no popup). */
  return_to: string | null;
  /** A LINK intent: the signed-in user the provider account joins. */
  link_user_id: string | null;
  status: IntentStatus;
  user_id: string | null;
  error_code: string | null;
  error_message: string | null;
  /** The short session a LINK flow runs under, revoked when the flow ends. */
  link_session_token: string | null;
  expires_at: Date;
  created_at: Date;
}

export const SOCIAL_INTENT_MIGRATION: Migration = {
  async up(db) {
    await db.schema
      .createTable('social_intent')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('host_origin', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('challenge', 'text', (c) => c.notNull())
      .addColumn('return_to', 'text')
      .addColumn('link_user_id', 'text', (c) => c.references('user.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('cascade'))
      .addColumn('error_code', 'text')
      .addColumn('error_message', 'text')
      .addColumn('link_session_token', 'text')
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('social_intent_expires_at').ifNotExists().on('social_intent').column('expires_at').execute();
  },
};

type IntentDb = Kysely<{ social_intent: SocialIntentTable }>;
export type SocialIntent = SocialIntentTable;

export const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** Whether `verifier` hashes to the intent's challenge (constant time). */
export function verifierMatches(intent: SocialIntent, verifier: string): boolean {
  const expected = Buffer.from(intent.challenge);
  const actual = Buffer.from(challengeOf(verifier));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The intents table, with every state change a single conditional UPDATE (a second claim finds nothing to change). */
export function createIntentStore(db: IntentDb, now: () => number) {
  return {
    async create(values: Pick<SocialIntent, 'project_id' | 'host_origin' | 'provider' | 'challenge' | 'return_to' | 'link_user_id'>) {
      const id = randomBytes(18).toString('base64url');
      await db
        .insertInto('social_intent')
        .values({ ...values, id, status: 'pending', expires_at: new Date(now() + INTENT_LIFETIME_MS), created_at: new Date(now()) })
        .execute();
      // Expired intents are of no use to anyone: drop them while here.
      await db
        .deleteFrom('social_intent')
        .where('expires_at', '<', new Date(now() - INTENT_LIFETIME_MS))
        .execute();
      return id;
    },
    find: (id: string) => db.selectFrom('social_intent').selectAll().where('id', '=', id).executeTakeFirst(),
    isExpired: (intent: SocialIntent) => new Date(intent.expires_at).getTime() <= now(),
    /** pending → started (once), remembering the LINK session. */
    async start(id: string, linkSessionToken: string | null) {
      const row = await db
        .updateTable('social_intent')
        .set({ status: 'started', link_session_token: linkSessionToken })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returning('id')
        .executeTakeFirst();
      return Boolean(row);
    },
    /** started|pending → done or error; returns the LINK session to revoke, if any. */
    async finish(id: string, outcome: { userId: string } | { code: string; message: string }) {
      const row = await db
        .updateTable('social_intent')
        .set(
          'userId' in outcome
            ? { status: 'done', user_id: outcome.userId, link_session_token: null }
            : { status: 'error', error_code: outcome.code, error_message: outcome.message, link_session_token: null },
        )
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'started'])
        .returning('id')
        .executeTakeFirst();
      return Boolean(row);
    },
    /** done → claimed; the user id once, for the first caller only. */
    async claim(id: string) {
      const row = await db
        .updateTable('social_intent')
        .set({ status: 'claimed' })
        .where('id', '=', id)
        .where('status', '=', 'done')
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id ?? undefined;
    },
    async cancel(id: string) {
      const row = await db
        .updateTable('social_intent')
        .set({ status: 'cancelled', link_session_token: null })
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'started', 'done', 'error'])
        .returning('id')
        .executeTakeFirst();
      return Boolean(row);
    },
  };
}

export type IntentStore = ReturnType<typeof createIntentStore>;
