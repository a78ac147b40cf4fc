/** §8 messages of the sign-in flow (and its 'Signature declined' snack); part of the catalogue in messages.ts. */
export const SIGNATURE_DECLINED_MESSAGE = 'Signature declined';
/** The snack when a sign-in with a smart account fails for any reason but the visitor declining. */
export const SMART_ACCOUNTS_UNSUPPORTED_MESSAGE = 'This application might not support Smart Accounts';
export const SIWX_NOT_ENABLED_MESSAGE = 'SIWX is not enabled';
export const NO_ACTIVE_CAIP_ADDRESS_MESSAGE = 'No ActiveCaipAddress found';
export const NO_ACTIVE_CAIP_NETWORK_OR_CLIENT_MESSAGE = 'No ActiveCaipNetwork or client found';

/** A wallet's own sign-in (`<namespace>:signIn`) returned a text for another site or account: it is not sent. */
export const walletSignedAnotherMessage = (
  expected: { domain: string; address: string },
  got: { domain?: string; address?: string },
): string =>
  `The wallet signed a sign-in message for ${got.domain ?? 'an unreadable site'} and ${got.address ?? 'no account'}, not for ${expected.domain} and ${expected.address}; nothing was sent`;
