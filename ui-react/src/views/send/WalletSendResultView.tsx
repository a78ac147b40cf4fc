import { readErrorMessage, type ChainNamespace, type TransferOutcome } from '@latch/kernel';
import { getInternals } from '@latch/kernel/internal';
import { useEffect, useRef, useState } from 'react';
import type { ViewProps } from '../../modal/views.js';
import { FailureIcon, SuccessIcon } from '../../parts/accountIcons.js';
import { ExternalIcon } from '../../parts/icons.js';
import { ACCOUNT_CSS } from '../../theme/accountStyles.js';
import { ViewStyles } from '../../theme/ViewStyles.js';

/** What the review hands over once the wallet submitted the transfer. */
export interface SendResultData {
  hash: string;
  explorerUrl?: string;
  namespace?: ChainNamespace;
  /** '1.5 ETH': exactly what was sent. */
  amountText: string;
  /** The name the visitor typed, or the short address. */
  receiver: string;
}

export function ExplorerLink({ url }: { url?: string }) {
  if (!url) return null;
  return (
    <a className="button" href={url} target="_blank" rel="noopener noreferrer">
      <ExternalIcon /> View on explorer<span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

type Phase = { step: 'pending' } | { step: 'done'; outcome?: TransferOutcome };

/**
 * §2 send flow, last step: a view of its own, opened as the only entry of the history, so a sent transfer has no
 * "back" into its review. It follows the transfer into the chain, then says what became of it.
 */
export default function WalletSendResultView({ modal, data }: ViewProps) {
  const result = data as SendResultData | undefined;
  const [phase, setPhase] = useState<Phase>({ step: 'pending' });
  const heading = useRef<HTMLHeadingElement>(null);
  // The outcome is announced: focus moves to its heading.
  useEffect(() => {
    if (phase.step === 'done') heading.current?.focus();
  }, [phase.step]);

  useEffect(() => {
    if (!result) return;
    let live = true;
    modal.waitForTransfer(result.hash, { namespace: result.namespace }).then(
      (outcome) => live && setPhase({ step: 'done', ...(outcome ? { outcome } : {}) }),
      (err: unknown) => live && setPhase({ step: 'done', outcome: { status: 'failed', reason: readErrorMessage(err) } }),
    );
    return () => {
      live = false;
    };
  }, [modal, result]);

  if (!result) return <p className="empty">Nothing was sent.</p>;
  const internals = getInternals(modal);
  function finish() {
    void internals.setSendState('reset');
    internals.router.reset('Account');
  }

  if (phase.step === 'pending') {
    return (
      <div className="center" data-testid="latch-send-progress" aria-busy="true">
        <ViewStyles css={ACCOUNT_CSS} />
        <span className="spinner large" aria-hidden="true" />
        <h3 tabIndex={-1} data-autofocus>
          Sending…
        </h3>
        <p role="status">Waiting for the network to include the transaction.</p>
        <ExplorerLink url={result.explorerUrl} />
      </div>
    );
  }
  const failed = phase.outcome?.status === 'failed';
  return (
    <div className="center" data-testid="latch-send-result" data-status={failed ? 'failed' : (phase.outcome?.status ?? 'submitted')}>
      <ViewStyles css={ACCOUNT_CSS} />
      <span className={`result-icon ${failed ? 'bad' : 'ok'}`}>{failed ? <FailureIcon /> : <SuccessIcon />}</span>
      <h3 ref={heading} tabIndex={-1}>
        {failed ? 'Transaction failed' : phase.outcome ? 'Sent' : 'Submitted'}
      </h3>
      <p role="status">
        {failed
          ? (phase.outcome?.reason ?? 'The network did not accept the transaction.')
          : `${result.amountText} to ${result.receiver}${phase.outcome ? '' : ' is on its way'}.`}
      </p>
      <div className="button-row full">
        <ExplorerLink url={result.explorerUrl} />
        <button type="button" className="button primary" onClick={finish}>
          Done
        </button>
      </div>
    </div>
  );
}
