/** An EIP-1193 provider error ({ code, message }): the host's providers and the frame's signer answer with it. */
export class ProviderRpcError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.name = 'ProviderRpcError';
    this.code = code;
  }
}

/** EIP-1193 4001. */
export const USER_REJECTED = 'User rejected the request.';
