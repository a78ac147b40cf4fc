import { ProviderRpcError } from '@latch/kernel';
import type { ApprovedNamespace } from './namespaces.js';

/** What a namespace bridge needs from the session: its approval, wallet requests over the relay, and reads. */
export interface SessionChannel {
  /** The namespace as approved now (follows session updates); undefined once the session is gone. */
  approved(): ApprovedNamespace | undefined;
  /** A wallet request over the session; `chainId` is CAIP-2. */
  request(method: string, params: unknown, chainId: string): Promise<unknown>;
  /** A JSON-RPC read on the configured node of `chainId` (never through the session or a hosted RPC). */
  read(method: string, params: unknown, chainId: string): Promise<unknown>;
}

/** The kernel's EIP-1193 provider error: `code` 4001 for a rejection, 4200 unsupported, 4902 unknown chain. */
export { ProviderRpcError };

const WALLETCONNECT_USER_REJECTED = 5000;

/** A wallet's JSON-RPC error as a provider error: WalletConnect's 5000 (and 4001) become 4001. */
export function toProviderError(error: unknown): Error {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : error;
  const text = typeof message === 'string' && message !== '' ? message : 'The wallet answered with an error';
  if (code === WALLETCONNECT_USER_REJECTED || code === 4001 || /rejected|denied|declined/i.test(text)) {
    return new ProviderRpcError(4001, 'User rejected the request.');
  }
  return error instanceof Error ? error : new ProviderRpcError(typeof code === 'number' ? code : -32603, text);
}

/**
 * A wallet request on a method the session approved (else refused with `notApprovedCode`, 4200 by default);
 * the wallet's refusal or error comes back as a provider error (`toError`, by default `toProviderError`).
 */
export async function requestApproved(
  channel: SessionChannel,
  method: string,
  params: unknown,
  chainId: string,
  notApprovedCode = 4200,
  toError: (error: unknown) => Error = toProviderError,
): Promise<unknown> {
  if (!channel.approved()?.methods.includes(method)) {
    throw new ProviderRpcError(notApprovedCode, `${method} is not approved in this WalletConnect session`);
  }
  try {
    return await channel.request(method, params, chainId);
  } catch (error) {
    throw toError(error);
  }
}

/** `requestApproved`, whose answer must be a JSON object (the result of a signing method). */
export async function requestApprovedObject(channel: SessionChannel, method: string, params: unknown, chainId: string) {
  const reply = await requestApproved(channel, method, params, chainId);
  if (typeof reply !== 'object' || reply === null) throw new ProviderRpcError(-32603, `The wallet answered ${method} without a result`);
  return reply as Record<string, unknown>;
}
