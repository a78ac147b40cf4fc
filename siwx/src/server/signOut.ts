import type { SiwxNamespaceAccount } from '../session.js';
import { SiwxVerificationError } from './SiwxVerificationError.js';

const MAX_ACCOUNTS = 64;
const NAMESPACE = /^[-a-z0-9]{3,8}$/;

const isAccount = (value: unknown): value is SiwxNamespaceAccount => {
  const { namespace, address } = (value ?? {}) as Partial<Record<string, unknown>>;
  return (
    typeof namespace === 'string' && NAMESPACE.test(namespace) && typeof address === 'string' && address.length > 0 && address.length <= 128
  );
};

/** A sign-out's body: `{}` (every session of the cookie) or `{ accounts: [{ namespace, address }] }` (those accounts' sessions). */
export function readSignOut(body: unknown): { accounts?: readonly SiwxNamespaceAccount[] } {
  const accounts = (body as { accounts?: unknown } | null)?.accounts;
  if (accounts === undefined && typeof body === 'object' && body !== null && !Array.isArray(body)) return {};
  if (Array.isArray(accounts) && accounts.length <= MAX_ACCOUNTS && accounts.every(isAccount)) {
    return { accounts: accounts.map(({ namespace, address }) => ({ namespace, address })) };
  }
  throw new SiwxVerificationError('MALFORMED_MESSAGE', `Send {} or { accounts: [{ namespace, address }] } (at most ${MAX_ACCOUNTS})`);
}
