import { type ErrorCategory, LatchError } from '../primitives.js';

export interface ProviderRpcErrorOptions {
  /** Extra detail a JSON-RPC error carries (its `data` member). */
  data?: unknown;
  cause?: unknown;
  /** `RPC_ERROR` unless given. */
  category?: ErrorCategory;
}

/**
 * An EIP-1193 provider error: a numeric `code` (4001 user rejected, 4100 unauthorized, 4200 unsupported method,
 * 4900 disconnected, 4901 chain disconnected, 4902 unknown chain, or a JSON-RPC code such as -32603), a `message`
 * and optional `data`. What Latch's EIP-1193 providers and wallet bridges reject with.
 */
export class ProviderRpcError extends LatchError {
  override readonly name: string = 'ProviderRpcError';
  declare readonly code: number;
  readonly data?: unknown;

  constructor(code: number, message: string, options: ProviderRpcErrorOptions = {}) {
    super(message, { category: options.category ?? 'RPC_ERROR', code, ...('cause' in options ? { cause: options.cause } : {}) });
    if ('data' in options) this.data = options.data;
  }
}
