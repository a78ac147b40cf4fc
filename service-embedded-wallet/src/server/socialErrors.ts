import { SOCIAL_PROVIDER_NAMES, type SocialProvider } from './socialProviders.js';

/** §8: the sign-in could not even start (the provider's discovery failed, a bad configuration…). */
export { AUTHENTICATION_INIT_FAILED_MESSAGE as SOCIAL_INIT_ERROR } from '@latch/kernel';
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

/** Outcomes with a code and a sentence of their own (the rest are `provider_error`, '{name} sign-in failed: …'). */
const OWN_OUTCOMES: Record<string, { code: string; message: string }> = {
  email_does_not_match: { code: 'email_does_not_match', message: 'This {name} account uses another e-mail address than your wallet' },
  unable_to_link_account: { code: 'link_failed', message: 'This {name} account could not be added to your wallet' },
};

/**
 * What went wrong, in words a visitor reads, for each code the callback can end with: the OAuth codes a provider
 * sends back and better-auth's own. `{name}` is the provider's name. A code not listed gets `UNKNOWN`: the raw code
 * (and any description sent with it, written for developers) is never shown.
 */
const REASONS: Record<string, string> = {
  // The provider's answer (RFC 6749 §4.1.2.1, OpenID Connect Core §3.1.2.6).
  access_denied: 'you did not allow it',
  invalid_request: '{name} refused the request',
  unauthorized_client: 'this app is not allowed to use {name} sign-in',
  unsupported_response_type: '{name} refused the request',
  invalid_scope: '{name} refused the account details this app asks for',
  server_error: '{name} had a problem. Please try again later',
  temporarily_unavailable: '{name} is not available right now. Please try again later',
  login_required: 'you are not signed in to {name}',
  consent_required: 'you did not allow it',
  interaction_required: '{name} needs you to finish signing in there',
  account_selection_required: 'choose an account at {name} and try again',
  // better-auth's own, after the provider answered.
  no_code: '{name} sent no sign-in code back',
  invalid_code: '{name} did not accept the sign-in',
  unable_to_get_user_info: '{name} did not share your account details',
  email_not_found: '{name} did not share an e-mail address',
  email_not_verified: 'your e-mail address at {name} is not verified',
  unable_to_create_user: 'your account could not be created. Please try again',
  unable_to_create_session: 'you could not be signed in. Please try again',
  signup_disabled: 'new accounts cannot sign up with {name}',
  issuer_missing: '{name} could not be verified',
  issuer_mismatch: '{name} could not be verified',
  nonce_binding_missing: '{name} could not be verified',
  oauth_provider_not_found: '{name} sign-in is not set up on this wallet service',
  no_callback_url: 'the sign-in could not finish. Please try again',
};
const UNKNOWN = 'something went wrong. Please try again';

/** A better-auth / provider error on the callback → the PROTOCOL.md §1 code and the visitor's text. */
export function socialOutcomeOf(provider: SocialProvider, error: string) {
  const name = SOCIAL_PROVIDER_NAMES[provider];
  if (STATE_ERRORS.has(error)) return { code: 'state_mismatch', message: STATE_MISMATCH };
  if (ALREADY_LINKED.has(error))
    return { code: 'account_already_linked', message: `This ${name} account is already linked to another wallet` };
  const own = Object.hasOwn(OWN_OUTCOMES, error) ? OWN_OUTCOMES[error] : undefined;
  if (own) return { code: own.code, message: own.message.replaceAll('{name}', name) };
  const reason = (Object.hasOwn(REASONS, error) ? REASONS[error] : undefined) ?? UNKNOWN;
  return { code: 'provider_error', message: `${name} sign-in failed: ${reason.replaceAll('{name}', name)}` };
}
