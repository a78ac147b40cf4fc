import { LatchError } from '@latch/kernel';

/*
 * The session code's messages, its pairing failure, and the two small helpers its parts share (what counts as a
 * wallet's refusal; a bound on how long to wait for the library).
 */

/** A pairing counts as expired when 10 s or less of its life remain. */
export const EXPIRY_MARGIN_MS = 10_000;

export const RELAY_UNREACHABLE = 'The WalletConnect relay cannot be reached. Check your connection and try again.';
export const DECLINED = 'Connection declined';
export const EXPIRED = 'The QR code expired';
export const CANCELLED = 'Connection cancelled';
/** A wallet request outlived its session (EIP-1193 4900, provider disconnected). */
export const SESSION_ENDED = 'The WalletConnect session ended';

export type PairingFailure = 'declined' | 'expired' | 'cancelled' | 'error';

/** Why a pairing attempt ended without a session; `declined` carries EIP-1193's 4001. */
export class PairingError extends LatchError {
  constructor(
    readonly reason: PairingFailure,
    message: string,
    cause?: unknown,
  ) {
    super(message, { category: 'CONNECTOR_ERROR', ...(reason === 'declined' ? { code: 4001 } : {}), ...(cause ? { cause } : {}) });
  }
}

export function relayUnreachable(cause?: unknown): LatchError {
  return new LatchError(RELAY_UNREACHABLE, { category: 'CONNECTOR_ERROR', ...(cause ? { cause } : {}) });
}

/** Whether the library's error is the wallet refusing (WalletConnect's 5000-5002, EIP-1193's 4001, or its words). */
export function isRejection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = String((error as { message?: unknown } | null)?.message ?? error);
  return code === 5000 || code === 5001 || code === 5002 || code === 4001 || /reject|declin|denied/i.test(message);
}

/** The promise's value, or 'timeout' once `ms` passed first. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([promise, new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}
