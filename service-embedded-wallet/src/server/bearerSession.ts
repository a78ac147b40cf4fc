import { SOMETHING_WENT_WRONG_MESSAGE } from '@latch/kernel';
import { createHmac } from 'node:crypto';
import { ServiceError } from './http.js';

/** What minting a session needs of better-auth's context (`auth.$context`). */
export interface SessionMinter {
  internalAdapter: { createSession(userId: string): Promise<{ id: string; token: string } | null> };
  secret: string;
}

/**
 * A new bearer session for `userId`, for a sign-in the service completed itself (a social intent's claim, a
 * Farcaster channel's), in the form better-auth's bearer plugin hands out in `set-auth-token`
 * (`<token>.<HMAC-SHA256(secret, token) in base64>`, as its signed session cookie). `bind` ties it to the
 * project and host page that asked for it before the token is handed out.
 */
export async function createBearerSession(
  context: SessionMinter,
  userId: string,
  bind: (sessionId: string) => Promise<void>,
): Promise<string> {
  const session = await context.internalAdapter.createSession(userId);
  if (!session) throw new ServiceError(500, 'internal_error', SOMETHING_WENT_WRONG_MESSAGE);
  await bind(session.id);
  return signSessionToken(context.secret, session.token);
}

/** A session token in the signed form the bearer plugin accepts (`<token>.<HMAC-SHA256(secret, token), base64>`). */
export function signSessionToken(secret: string, token: string): string {
  return `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
}
