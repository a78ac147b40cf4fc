/** A JSON-RPC 2.0 error: the standard code and a readable message. Thrown by the toy chain and by its client. */
export class ToyRpcError extends Error {
  override readonly name = 'ToyRpcError';
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

export const parseError = () => new ToyRpcError(-32700, 'Parse error: the body is not JSON');
export const invalidRequest = (detail = 'not a JSON-RPC 2.0 request') => new ToyRpcError(-32600, `Invalid request: ${detail}`);
export const methodNotFound = (method: string) => new ToyRpcError(-32601, `Method not found: ${method}`);
export const invalidParams = (detail: string) => new ToyRpcError(-32602, `Invalid params: ${detail}`);
export const internalError = (detail: string) => new ToyRpcError(-32603, `Internal error: ${detail}`);
/** The transaction is well-formed but the chain refuses it (signature, nonce, funds). */
export const transactionRejected = (detail: string) => new ToyRpcError(-32003, `Transaction rejected: ${detail}`);
