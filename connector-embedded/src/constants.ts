/* The connector's view names: a leaf module, so the entry (which loads the views lazily) and the views share them without importing each other. */

/** The views it brings, by name. */
export const EMBEDDED_VIEWS = {
  email: 'EmbeddedEmail',
  otp: 'EmbeddedOtp',
  recovery: 'EmbeddedRecovery',
  approve: 'ApproveTransaction',
  social: 'SocialSignIn',
  socials: 'SignInOptions',
  farcaster: 'ConnectingFarcaster',
  logins: 'EmbeddedLogins',
} as const;
