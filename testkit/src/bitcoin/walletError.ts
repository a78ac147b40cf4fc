/** Why a mock Bitcoin wallet refused a request; each front end (sats-connect, Wallet Standard) gives it its own code. */
export type BitcoinWalletErrorKind = 'rejected' | 'unauthorised' | 'invalidParams' | 'methodNotFound' | 'internal';

/** sats-connect's `RpcErrorCode` for each kind (USER_REJECTION is -32000 there, not 4001). */
export const SATS_CONNECT_CODES: Readonly<Record<BitcoinWalletErrorKind, number>> = {
  rejected: -32000,
  unauthorised: -32002,
  invalidParams: -32602,
  methodNotFound: -32601,
  internal: -32603,
};

/** EIP-1193-style codes, as Wallet Standard wallets throw them. */
export const STANDARD_CODES: Readonly<Record<BitcoinWalletErrorKind, number>> = {
  rejected: 4001,
  unauthorised: 4100,
  invalidParams: -32602,
  methodNotFound: 4200,
  internal: -32603,
};

export class BitcoinWalletError extends Error {
  override readonly name = 'BitcoinWalletError';
  constructor(
    readonly kind: BitcoinWalletErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export const userRejected = () => new BitcoinWalletError('rejected', 'User rejected the request.');
export const unauthorised = () => new BitcoinWalletError('unauthorised', 'Access denied: this site is not connected to the wallet.');
export const invalidParams = (detail: string) => new BitcoinWalletError('invalidParams', `Invalid parameters: ${detail}`);

/** Any failure as a Wallet Standard error: an Error with the kind's code. */
export function toStandardError(error: unknown): Error & { code: number } {
  const kind = error instanceof BitcoinWalletError ? error.kind : 'internal';
  const message = error instanceof Error ? error.message : String(error);
  return Object.assign(new Error(message), { code: STANDARD_CODES[kind] });
}
