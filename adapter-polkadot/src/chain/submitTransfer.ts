import { LatchError, type TransferOutcome } from '@latch/kernel';
import type { ApiPromise, SubmittableResult } from '@polkadot/api';
import type { SubmittableExtrinsic } from '@polkadot/api/types';
import { extensionSigner } from './extensionSigner.js';
import { dispatchFailure, submissionFailure } from './transferErrors.js';

/** How long a submitted transfer may take to reach a block (a relay chain makes one every 6 s). */
const INCLUSION_TIMEOUT_MS = 120_000;

export interface Submitted {
  /** The extrinsic's hash, known once the node accepted it. */
  hash: string;
  /** Settles when a block holds it: confirmed, or failed with the dispatch error in words (its fee was paid). */
  outcome: Promise<TransferOutcome>;
}

function outcomeOf(api: ApiPromise, result: SubmittableResult): TransferOutcome | undefined {
  const { status, dispatchError } = result;
  if (status.isInBlock || status.isFinalized) {
    return dispatchError ? { status: 'failed', reason: dispatchFailure(api, dispatchError).message } : { status: 'confirmed' };
  }
  if (status.isInvalid || status.isDropped || status.isUsurped) {
    return { status: 'failed', reason: `The node dropped the transfer (${status.type}); nothing was sent` };
  }
  return undefined;
}

/**
 * Signs through the extension and submits; resolves as soon as the node accepted the extrinsic (a refusal by the
 * extension or the node rejects, and nothing was paid), with the inclusion to follow in `outcome`.
 */
export function submitSigned(
  api: ApiPromise,
  extrinsic: SubmittableExtrinsic<'promise'>,
  { from, nonce, signer, walletName }: { from: string; nonce: number; signer: unknown; walletName: string },
): Promise<Submitted> {
  return new Promise((resolveSubmitted, rejectSubmitted) => {
    let accepted = false;
    let settle: (outcome: TransferOutcome | Error) => void = () => undefined;
    const outcome = new Promise<TransferOutcome>((resolve, reject) => {
      settle = (result) => (result instanceof Error ? reject(result) : resolve(result));
    });
    outcome.catch(() => undefined); // followed by waitForTransfer, if at all
    let unsubscribe: (() => void) | undefined;
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (result: TransferOutcome | Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      unsubscribe?.();
      settle(result);
    };
    extrinsic
      .signAndSend(from, { signer: extensionSigner(signer, walletName), nonce }, (result) => {
        if (!accepted) {
          accepted = true;
          timer = setTimeout(
            () => finish(new LatchError('The transfer was not included in a block in time', { category: 'RPC_ERROR' })),
            INCLUSION_TIMEOUT_MS,
          );
          resolveSubmitted({ hash: result.txHash.toHex(), outcome });
        }
        const ended = outcomeOf(api, result);
        if (ended) finish(ended);
      })
      .then(
        (off) => {
          unsubscribe = off;
          if (done) off(); // a block held it before the subscription handle came back
        },
        (err: unknown) => (accepted ? finish(submissionFailure(err)) : rejectSubmitted(submissionFailure(err))),
      );
  });
}
