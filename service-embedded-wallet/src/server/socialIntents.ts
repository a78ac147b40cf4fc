import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

/** How long a sign-in intent can be started, finished and claimed. */
export const INTENT_LIFETIME_MS = 5 * 60_000;

export type IntentStatus = 'pending' | 'started' | 'done' | 'error' | 'claimed' | 'cancelled';

/**
 * What the visitor does at the provider: sign in; add this provider account to the signed-in user (`link`); or
 * prove again that they own one already linked (`reauth`, before changing their sign-in methods).
 */
export type IntentKind = 'sign-in' | 'link' | 'reauth';

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
  /** `link` and `reauth`: the signed-in user the provider account joins, or must already belong to. */
  link_user_id: string | null;
  kind: IntentKind;
  /** A popup intent starts only with this token, which the frame hands to the popup by postMessage (sha256). */
  start_token_hash: string | null;
  /** The browser that started it holds this secret in a cookie (sha256); a redirect intent's claim must show it. */
  browser_hash: string | null;
  /** The owner confirmed linking a provider account whose e-mail differs from theirs. */
  allow_different_email: boolean;
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

/** Binds each intent to the browser that started it (popup: start token; redirect: a cookie secret) and adds its kind. */
export const SOCIAL_INTENT_BINDING_MIGRATION: Migration = {
  async up(db) {
    await db.schema
      .alterTable('social_intent')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('sign-in'))
      .addColumn('start_token_hash', 'text')
      .addColumn('browser_hash', 'text')
      .addColumn('allow_different_email', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
  },
};

type IntentDb = Kysely<{ social_intent: SocialIntentTable }>;
export type SocialIntent = SocialIntentTable;

export const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** Whether `secret` hashes to `hash` (base64url sha256), in constant time; false when there is no hash. */
export function secretMatches(hash: string | null, secret: string | undefined): boolean {
  if (!hash || secret === undefined) return false;
  const expected = Buffer.from(hash);
  const actual = Buffer.from(challengeOf(secret));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Whether `verifier` hashes to the intent's challenge (constant time). */
export const verifierMatches = (intent: SocialIntent, verifier: string) => secretMatches(intent.challenge, verifier);

/** A fresh random secret (base64url, 32 bytes) and its hash as stored. */
export function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: challengeOf(secret) };
}

/** The intents table, with every state change a single conditional UPDATE (a second claim finds nothing to change). */
export function createIntentStore(db: IntentDb, now: () => number) {
  return {
    async create(
      values: Pick<
        SocialIntent,
        | 'project_id'
        | 'host_origin'
        | 'provider'
        | 'challenge'
        | 'return_to'
        | 'link_user_id'
        | 'kind'
        | 'start_token_hash'
        | 'allow_different_email'
      >,
    ) {
      const id = randomBytes(18).toString('base64url');
      await db
        .insertInto('social_intent')
        .values({
          ...values,
          id,
          status: 'pending',
          browser_hash: null,
          expires_at: new Date(now() + INTENT_LIFETIME_MS),
          created_at: new Date(now()),
        })
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
    /** pending → started (once), remembering the LINK session and the starting browser's secret. */
    async start(id: string, linkSessionToken: string | null, browserHash: string) {
      const row = await db
        .updateTable('social_intent')
        .set({ status: 'started', link_session_token: linkSessionToken, browser_hash: browserHash })
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
