import {
  type ApprovalDetails,
  type ApprovalKind,
  type FrameChannelMessage,
  ProviderRpcError as RpcError,
  randomId,
  USER_REJECTED,
} from '@latch/connector-embedded/protocol';
import type { FrameChannel } from './walletFlows.js';

/*
 * Key-using requests wait here for the visitor (PROTOCOL §2): each gets a random id the host shows as the approval
 * page (`/frame/approve?request=<id>`, on this origin); that page asks for its request over the same-origin
 * channel, shows this frame's own copy, and sends back the visitor's answer. The frame signs a request only after
 * that answer, once. Nothing the host page posts can approve anything.
 */

/** A request nobody answered for this long is dropped (the host stopped showing it). */
export const APPROVAL_LIFETIME_MS = 10 * 60_000;

type Outcome = 'approved' | 'rejected' | 'cancelled' | 'failed';

interface Pending {
  details: ApprovalDetails;
  resolve(): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

export interface ApprovalsOptions {
  channel: FrameChannel;
  /** Tells the host page (frame → host events). */
  emit(type: 'approval:required', payload: { requestId: string; kind: ApprovalKind }): void;
  emit(type: 'approval:settled', payload: { requestId: string }): void;
  lifetimeMs?: number;
}

export function createApprovals(options: ApprovalsOptions) {
  const pending = new Map<string, Pending>();
  /** Requests answered and not yet finished (being signed): their page is told how it ended. */
  const answered = new Set<string>();

  function settle(requestId: string, outcome: Outcome) {
    answered.delete(requestId);
    options.channel.postMessage({ kind: 'approval:done', requestId, outcome });
    options.emit('approval:settled', { requestId });
  }

  function drop(requestId: string, outcome: 'rejected' | 'cancelled', message = USER_REJECTED) {
    const entry = pending.get(requestId);
    if (!entry) return false;
    pending.delete(requestId);
    clearTimeout(entry.timer);
    entry.reject(new RpcError(4001, message));
    settle(requestId, outcome);
    return true;
  }

  return {
    /** Waits for the visitor's answer in the approval page: resolves once approved, rejects with 4001 otherwise. */
    ask(details: ApprovalDetails): { requestId: string; approved: Promise<void> } {
      const requestId = randomId();
      const approved = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => drop(requestId, 'cancelled', 'The request expired before it was approved'),
          options.lifetimeMs ?? APPROVAL_LIFETIME_MS,
        );
        pending.set(requestId, { details, resolve, reject, timer });
      });
      options.emit('approval:required', { requestId, kind: details.kind });
      return { requestId, approved };
    },
    /** The signing of an approved request ended (signed, or failed). */
    finish(requestId: string, outcome: 'approved' | 'failed') {
      if (answered.has(requestId)) settle(requestId, outcome);
    },
    /** The host left the view, or the session ended: the request fails with 4001, nothing is signed. */
    cancel: (requestId: string) => drop(requestId, 'cancelled'),
    cancelAll() {
      for (const requestId of [...pending.keys()]) drop(requestId, 'cancelled');
    },
    /** The approval page's messages. */
    onChannel(message: FrameChannelMessage) {
      if (message.kind === 'approval:hello') {
        const entry = pending.get(message.requestId);
        if (entry) options.channel.postMessage({ kind: 'approval:show', requestId: message.requestId, details: entry.details });
      } else if (message.kind === 'approval:decide') {
        const entry = pending.get(message.requestId);
        if (!entry) return;
        if (!message.approved) return void drop(message.requestId, 'rejected');
        pending.delete(message.requestId);
        clearTimeout(entry.timer);
        answered.add(message.requestId);
        entry.resolve();
      }
    },
  };
}

export type Approvals = ReturnType<typeof createApprovals>;
