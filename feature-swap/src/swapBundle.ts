import { type CallsStatus, LatchError, type SendCallsOptions, type WalletCallCapabilities } from '@latch/kernel';
import type { SwapCall } from './types.js';

/*
 * Approve + swap as one EIP-5792 bundle, where the wallet runs bundles atomically: one request, one confirmation, and
 * the swap never runs without its approval. A chunk of the Swap view's own, loaded when a swap needs an approval.
 */

/** What the Swap view asks the modal for an approve + swap bundle (EIP-5792, `modal.sendCalls`). */
export interface BundleModal {
  getCapabilities(): Promise<WalletCallCapabilities>;
  sendCalls(request: SendCallsOptions): Promise<{ id: string }>;
  getCallsStatus(id: string): Promise<CallsStatus>;
}

/** Whether the wallet runs call bundles atomically on `chainId` (EIP-5792 `atomic`: supported, or ready once upgraded). */
export function atomicOn(capabilities: WalletCallCapabilities, chainId: number): boolean {
  const atomic = (capabilities[`0x${chainId.toString(16)}`]?.atomic ?? capabilities['0x0']?.atomic) as { status?: unknown } | undefined;
  return atomic?.status === 'supported' || atomic?.status === 'ready';
}

/** How long a bundle may stay pending before the view gives up waiting (it may still land), and how often it asks. */
export const BUNDLE_TIMEOUT_MS = 120_000;
export const BUNDLE_POLL_MS = 1_000;

/**
 * Waits until the wallet reports the bundle done (EIP-5792 status 200 and up): `confirmed` when all of it landed,
 * else `failed` with a reason. Rejects after `timeoutMs` of "pending".
 */
export async function waitForBundle(
  modal: Pick<BundleModal, 'getCallsStatus'>,
  id: string,
  { pollMs = BUNDLE_POLL_MS, timeoutMs = BUNDLE_TIMEOUT_MS } = {},
): Promise<{ status: 'confirmed' | 'failed'; reason?: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status } = await modal.getCallsStatus(id);
    if (status === 200) return { status: 'confirmed' };
    if (status >= 400) {
      const reason =
        status === 400 ? 'The wallet could not send the swap; nothing was sent.' : 'The transaction was reverted by the contract.';
      return { status: 'failed', reason };
    }
    if (Date.now() + pollMs > deadline) {
      throw new LatchError(`The swap was not confirmed within ${Math.round(timeoutMs / 1000)} s; it may still land`, {
        category: 'RPC_ERROR',
      });
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Whether the modal's wallet runs bundles atomically on `chainId` (a modal without `getCapabilities` cannot tell). */
export async function bundleable(modal: unknown, chainId: number): Promise<boolean> {
  const bundles = modal as Partial<BundleModal>;
  if (!bundles.getCapabilities || !bundles.sendCalls) return false;
  return atomicOn(await bundles.getCapabilities().catch(() => ({})), chainId);
}

/** The approval and the swap as one atomic bundle; resolves with its id once the wallet submitted it. */
export async function sendApproveAndSwap(modal: unknown, approval: SwapCall, swap: SwapCall): Promise<string> {
  return (await (modal as BundleModal).sendCalls({ calls: [approval, swap], atomicRequired: true })).id;
}
