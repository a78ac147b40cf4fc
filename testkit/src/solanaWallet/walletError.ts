/** An error a wallet throws back to the app: the message plus the EIP-1193-style code dapps switch on. */
export class SolanaWalletError extends Error {
  override readonly name = 'SolanaWalletError';
  readonly code: number;
  readonly data?: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    if (data !== undefined) this.data = data;
  }
}

export const userRejected = () => new SolanaWalletError(4001, 'User rejected the request.');

export const notAuthorized = () =>
  new SolanaWalletError(4100, 'The requested account and/or method has not been authorized by the user.');

export const invalidInput = (message: string) => new SolanaWalletError(-32602, message);
