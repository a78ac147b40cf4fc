import type { Generated, Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

/**
 * Where a session may be used: the project and host page it was created for (a token minted for one integrator's
 * page is refused on another's), and when its owner last proved it is them again (a fresh code or provider
 * sign-in, needed to add or remove a way of signing in).
 */
export interface SessionScopeTable {
  /** better-auth's `session.id`. */
  session_id: string;
  project_id: string;
  host_origin: string;
  stepped_up_at: Date | null;
  /** A confirmation code mailed for a step-up: its hash, expiry and wrong guesses. */
  step_up_code_hash: string | null;
  step_up_expires_at: Date | null;
  step_up_attempts: number;
  created_at: Generated<Date>;
}

export const SESSION_SCOPE_MIGRATION: Migration = {
  async up(db) {
    await db.schema
      .createTable('latch_session_scope')
      .ifNotExists()
      .addColumn('session_id', 'text', (c) => c.primaryKey().references('session.id').onDelete('cascade'))
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('host_origin', 'text', (c) => c.notNull())
      .addColumn('stepped_up_at', 'timestamptz')
      .addColumn('step_up_code_hash', 'text')
      .addColumn('step_up_expires_at', 'timestamptz')
      .addColumn('step_up_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};

export interface SessionScope {
  projectId: string;
  hostOrigin: string;
}

type ScopeDb = Kysely<{ latch_session_scope: SessionScopeTable }>;

export function createSessionScopes(db: ScopeDb, now: () => number) {
  return {
    async bind(sessionId: string, scope: SessionScope) {
      await db
        .insertInto('latch_session_scope')
        .values({
          session_id: sessionId,
          project_id: scope.projectId,
          host_origin: scope.hostOrigin,
          stepped_up_at: null,
          step_up_code_hash: null,
          step_up_expires_at: null,
          step_up_attempts: 0,
        })
        .onConflict((conflict) => conflict.column('session_id').doNothing())
        .execute();
    },
    /** Whether the session was created for this project and host page (a session with no scope was not). */
    async allows(sessionId: string, scope: SessionScope): Promise<boolean> {
      const row = await db
        .selectFrom('latch_session_scope')
        .select(['project_id', 'host_origin'])
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      return row?.project_id === scope.projectId && row.host_origin === scope.hostOrigin;
    },
    async stepUp(sessionId: string) {
      await db
        .updateTable('latch_session_scope')
        .set({ stepped_up_at: new Date(now()), step_up_code_hash: null, step_up_expires_at: null, step_up_attempts: 0 })
        .where('session_id', '=', sessionId)
        .execute();
    },
    /** Keeps a new confirmation code's hash (a new code replaces the old one and its count of wrong guesses). */
    async setStepUpCode(sessionId: string, codeHash: string, expiresAt: Date) {
      await db
        .updateTable('latch_session_scope')
        .set({ step_up_code_hash: codeHash, step_up_expires_at: expiresAt, step_up_attempts: 0 })
        .where('session_id', '=', sessionId)
        .execute();
    },
    /** The pending confirmation code of a session, counting this guess (single conditional update). */
    async takeStepUpGuess(sessionId: string) {
      return db
        .updateTable('latch_session_scope')
        .set((eb) => ({ step_up_attempts: eb('step_up_attempts', '+', 1) }))
        .where('session_id', '=', sessionId)
        .where('step_up_code_hash', 'is not', null)
        .returning(['step_up_code_hash', 'step_up_expires_at', 'step_up_attempts'])
        .executeTakeFirst();
    },
    /** Whether the owner proved it is them within `withinMs`. */
    async steppedUp(sessionId: string, withinMs: number): Promise<boolean> {
      const row = await db.selectFrom('latch_session_scope').select('stepped_up_at').where('session_id', '=', sessionId).executeTakeFirst();
      return Boolean(row?.stepped_up_at && new Date(row.stepped_up_at).getTime() > now() - withinMs);
    },
  };
}

export type SessionScopes = ReturnType<typeof createSessionScopes>;
