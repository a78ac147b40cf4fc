/** An error the shared-session wallet answers a proposal with: an `Error` with a numeric code, like a wallet's. */
export class SharedWalletError extends Error {
  override readonly name = 'SharedWalletError';
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

/** The user declined the proposal on the phone (EIP-1193's 4001, so `isUserRejection` holds on the dapp's side). */
export const proposalRejected = () => new SharedWalletError(4001, 'User rejected the request.');

/** WalletConnect's UNSUPPORTED_NAMESPACE_KEY: none of the proposed namespaces is one this wallet serves. */
export const UNSUPPORTED_NAMESPACES_CODE = 5104;

export const unsupportedNamespaces = (walletName: string, proposed: readonly string[], served: readonly string[]) =>
  new SharedWalletError(
    UNSUPPORTED_NAMESPACES_CODE,
    `${walletName} serves none of the proposed namespaces (${proposed.join(', ') || 'none proposed'}); it serves ${served.join(', ')}.`,
  );
