/** An error a toy wallet answers with: an `Error` with a numeric code, as EIP-1193 wallets do. */
export class ToyWalletError extends Error {
  override readonly name = 'ToyWalletError';
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

export const userRejected = () => new ToyWalletError(4001, 'User rejected the request.');
export const unauthorised = () => new ToyWalletError(4100, 'This site is not authorised: connect first.');
export const badInput = (detail: string) => new ToyWalletError(-32602, `Invalid request: ${detail}`);
