/** A JSON-RPC error as a Solana RPC node answers it: the numeric code, the node's message and optional data. */
export class SolanaRpcError extends Error {
  override readonly name = 'SolanaRpcError';
  readonly code: number;
  readonly data?: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    if (data !== undefined) this.data = data;
  }
}

export const parseError = () => new SolanaRpcError(-32700, 'Parse error');
export const invalidRequest = () => new SolanaRpcError(-32600, 'Invalid request');
export const methodNotFound = () => new SolanaRpcError(-32601, 'Method not found');
export const invalidParams = (message: string) => new SolanaRpcError(-32602, message);
export const internalError = (message = 'Internal error') => new SolanaRpcError(-32603, message);

export const signatureVerificationFailure = () => new SolanaRpcError(-32003, 'Transaction signature verification failure');

export const preflightFailure = (reason: string, simulation: unknown) =>
  new SolanaRpcError(-32002, `Transaction simulation failed: ${reason}`, simulation);

export const unsupportedTransactionVersion = (version: number) =>
  new SolanaRpcError(
    -32015,
    `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
  );

export const minContextSlotNotReached = (contextSlot: bigint) =>
  new SolanaRpcError(-32016, 'Minimum context slot has not been reached', { contextSlot });
