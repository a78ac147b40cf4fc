import { SOCIAL_PROVIDER_NAMES, type SocialProvider } from './socialProviders.js';

/** §8: the sign-in could not even start (the provider's discovery failed, a bad configuration…). */
export const SOCIAL_INIT_ERROR = 'A problem occurred while trying initialize authentication';
const STATE_MISMATCH = 'The sign-in could not be verified. Please try again.';

/** better-auth's state errors: a tampered, replayed, expired or other browser's state. */
const STATE_ERRORS = new Set([
  'state_mismatch',
  'state_security_mismatch',
  'state_not_found',
  'state_invalid',
  'please_restart_the_process',
  'invalid_callback_request',
]);
const ALREADY_LINKED = new Set(['account_already_linked_to_different_user', 'account_ownership_conflict']);

/** better-auth's own codes for what went wrong after the provider answered, in words a visitor reads. */
const INTERNAL_ERRORS: Record<string, (name: string) => { code: string; message: string }> = {
  email_does_not_match: (name) => ({
    code: 'email_does_not_match',
    message: `This ${name} account uses another e-mail address than your wallet`,
  }),
  unable_to_link_account: (name) => ({ code: 'link_failed', message: `This ${name} account could not be added to your wallet` }),
  unable_to_get_user_info: (name) => ({
    code: 'provider_error',
    message: `${name} sign-in failed: ${name} did not share your account details`,
  }),
  invalid_code: (name) => ({ code: 'provider_error', message: `${name} sign-in failed: ${name} did not accept the sign-in` }),
  no_code: (name) => ({ code: 'provider_error', message: `${name} sign-in failed: ${name} sent no sign-in code back` }),
};

/** A better-auth / provider error on the callback → the PROTOCOL.md §1 code and the §8 text. */
export function socialOutcomeOf(provider: SocialProvider, error: string, description?: string | null) {
  const name = SOCIAL_PROVIDER_NAMES[provider];
  if (STATE_ERRORS.has(error)) return { code: 'state_mismatch', message: STATE_MISMATCH };
  if (ALREADY_LINKED.has(error))
    return { code: 'account_already_linked', message: `This ${name} account is already linked to another wallet` };
  const internal = INTERNAL_ERRORS[error];
  if (internal && !description) return internal(name);
  return { code: 'provider_error', message: `${name} sign-in failed: ${description || error}` };
}
