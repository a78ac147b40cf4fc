import { describe, expect, it } from 'vitest';
import { socialOutcomeOf } from './socialErrors.js';

describe('socialOutcomeOf: what a failed social sign-in tells the visitor', () => {
  it("words better-auth's internal codes", () => {
    expect(socialOutcomeOf('google', 'unable_to_get_user_info')).toEqual({
      code: 'provider_error',
      message: 'Google sign-in failed: Google did not share your account details',
    });
    expect(socialOutcomeOf('github', 'email_not_found').message).toBe('GitHub sign-in failed: GitHub did not share an e-mail address');
    expect(socialOutcomeOf('x', 'unable_to_create_user').message).toBe(
      'X sign-in failed: your account could not be created. Please try again',
    );
    expect(socialOutcomeOf('discord', 'oauth_provider_not_found').message).toBe(
      'Discord sign-in failed: Discord sign-in is not set up on this wallet service',
    );
  });

  it("words the provider's OAuth error codes", () => {
    expect(socialOutcomeOf('apple', 'access_denied').message).toBe('Apple sign-in failed: you did not allow it');
    expect(socialOutcomeOf('facebook', 'temporarily_unavailable').message).toBe(
      'Facebook sign-in failed: Facebook is not available right now. Please try again later',
    );
  });

  it('gives an unknown code a generic sentence, never the code itself', () => {
    for (const code of ['weird_internal_failure', 'toString', '__proto__', 'constructor']) {
      const outcome = socialOutcomeOf('google', code);
      expect(outcome).toEqual({ code: 'provider_error', message: 'Google sign-in failed: something went wrong. Please try again' });
      expect(outcome.message).not.toContain(code);
    }
  });

  it('keeps the outcomes that have a code of their own', () => {
    expect(socialOutcomeOf('google', 'email_does_not_match')).toEqual({
      code: 'email_does_not_match',
      message: 'This Google account uses another e-mail address than your wallet',
    });
    expect(socialOutcomeOf('google', 'unable_to_link_account').code).toBe('link_failed');
    expect(socialOutcomeOf('google', 'state_mismatch').code).toBe('state_mismatch');
    expect(socialOutcomeOf('google', 'account_already_linked_to_different_user').code).toBe('account_already_linked');
  });
});
