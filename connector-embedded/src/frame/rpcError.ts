/** An EIP-1193-coded error (4001 rejected, 4200 unsupported, -32602 invalid params, …). */
export class RpcError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
  }
}
