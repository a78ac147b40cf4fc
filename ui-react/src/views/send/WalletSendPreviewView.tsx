import {
  formatExactAmount,
  isLatchError,
  isUserRejection,
  parseAmountInput,
  readErrorMessage,
  SIGNATURE_DECLINED_MESSAGE,
  truncateAddress,
  type SendFee,
  type TokenBalance,
} from '@latch/kernel';
import { activeAccountAtom, activeNamespaceAtom, activeNetworkAtom, getInternals } from '@latch/kernel/internal';
import { useEffect, useRef, useState } from 'react';
import { useAtomValueRawSync } from 'jotai/react';
import type { ViewProps } from '../../modal/views.js';
import { NetworkBadge } from '../../parts/NetworkList.js';
import { ACCOUNT_CSS } from '../../theme/accountStyles.js';
import { ViewStyles } from '../../theme/ViewStyles.js';
import { fiatOf } from './fiat.js';
import type { SendResultData } from './WalletSendResultView.js';

export interface SendPreviewData {
  to: string;
  /** The name the visitor typed, when `to` was resolved from it. */
  name?: string;
  amount: string;
  token: TokenBalance;
  /** The fee Max left room for: shown and sent as it is, not quoted again. */
  fee?: SendFee;
}

type Phase = { step: 'review'; error?: string } | { step: 'confirm' };

type FeeState = { state: 'loading' } | { state: 'quoted'; fee: SendFee } | { state: 'unavailable'; refusal?: string };

/** §2 send flow, step 2: what will be sent, the fee and the network; then the wallet, then the result (its own view). */
export default function WalletSendPreviewView({ modal, data }: ViewProps) {
  const internals = getInternals(modal);
  const account = useAtomValueRawSync(activeAccountAtom, { store: internals.store });
  const namespace = useAtomValueRawSync(activeNamespaceAtom, { store: internals.store });
  const network = useAtomValueRawSync(activeNetworkAtom, { store: internals.store });
  const request = data as SendPreviewData | undefined;
  const [fee, setFee] = useState<FeeState>(request?.fee ? { state: 'quoted', fee: request.fee } : { state: 'loading' });
  const [phase, setPhase] = useState<Phase>({ step: 'review' });
  const heading = useRef<HTMLHeadingElement>(null);
  const transfer = request && { to: request.to, amount: request.amount, token: request.token.address, namespace };
  const quoted = fee.state === 'quoted' ? fee.fee : undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: estimate once per request.
  useEffect(() => {
    if (!transfer || request?.fee) return;
    let live = true;
    modal.estimateSendFee(transfer).then(
      (estimate) => live && setFee(estimate ? { state: 'quoted', fee: estimate } : { state: 'unavailable' }),
      // A refusal (the chain's rule the adapter knows) stops here; any other failure leaves the judging to the send.
      (err: unknown) =>
        live &&
        setFee({ state: 'unavailable', ...(isLatchError(err) && err.category === 'VALIDATION_ERROR' ? { refusal: err.message } : {}) }),
    );
    return () => {
      live = false;
    };
  }, [modal, request]);

  // Each new step after the first is announced: focus moves to its heading.
  const mounted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes, which is what `phase.step` says.
  useEffect(() => {
    if (mounted.current) heading.current?.focus();
    mounted.current = true;
  }, [phase.step]);

  if (!request || !transfer || !account?.address) return <p className="empty">Nothing to send. Go back and fill in the form.</p>;
  const { token, amount } = request;
  const fiat = fiatOf(modal, token, amount);
  // Exactly what will be sent, every digit the visitor typed (§9's 3 decimals are for balances).
  const parsed = parseAmountInput(amount, Number(token.quantity.decimals));
  const amountText = parsed.ok
    ? formatExactAmount(parsed.units, Number(token.quantity.decimals), token.symbol)
    : `${amount} ${token.symbol}`;
  const feeText = (quote: SendFee) => formatExactAmount(quote.quote.fee, network?.nativeCurrency.decimals ?? 0, quote.symbol);
  const refusal = fee.state === 'unavailable' ? fee.refusal : undefined;

  async function send() {
    if (!transfer) return;
    setPhase({ step: 'confirm' });
    let sent: { hash: string; explorerUrl?: string };
    try {
      sent = await modal.sendTransfer(quoted ? { ...transfer, fee: quoted } : transfer);
    } catch (err) {
      const message = isUserRejection(err) ? SIGNATURE_DECLINED_MESSAGE : readErrorMessage(err);
      if (isUserRejection(err)) void internals.feedback.showSnack(SIGNATURE_DECLINED_MESSAGE, 'error');
      setPhase({ step: 'review', error: message });
      return;
    }
    // The result is a view of its own with nothing to go back to: the transfer is out.
    const result: SendResultData = {
      ...sent,
      namespace,
      amountText,
      receiver: request?.name ?? truncateAddress(transfer.to),
    };
    internals.router.reset('WalletSendResult', result);
  }

  if (phase.step === 'confirm') {
    return (
      <div className="center" data-testid="latch-send-progress" aria-busy="true">
        <ViewStyles css={ACCOUNT_CSS} />
        <span className="spinner large" aria-hidden="true" />
        <h3 ref={heading} tabIndex={-1}>
          Confirm in your wallet
        </h3>
        <p role="status">{`Approve sending ${amountText} in ${account.connectedWalletInfo?.name ?? 'your wallet'}.`}</p>
      </div>
    );
  }

  return (
    <div data-testid="latch-send-preview">
      <ViewStyles css={ACCOUNT_CSS} />
      <h3 ref={heading} tabIndex={-1} className="sr-only">
        Review send
      </h3>
      <p className="big-amount" data-testid="latch-send-amount">
        {amountText}
        {fiat ? <span className="hint">{fiat}</span> : null}
      </p>
      <div className="summary">
        <div className="line">
          <span>From</span>
          <span title={account.address}>{truncateAddress(account.address)}</span>
        </div>
        <div className="line">
          <span>To</span>
          <span title={request.to} data-testid="latch-send-to">
            {request.name ? `${request.name} (${truncateAddress(request.to)})` : truncateAddress(request.to)}
          </span>
        </div>
        {network ? (
          <div className="line">
            <span>Network</span>
            <span className="network-name">
              <NetworkBadge network={network} /> {network.name}
            </span>
          </div>
        ) : null}
        <div className="line">
          <span>Network fee</span>
          <span data-testid="latch-send-fee" aria-live="polite">
            {fee.state === 'loading' ? 'Estimating…' : fee.state === 'unavailable' ? 'Not available' : feeText(fee.fee)}
          </span>
        </div>
      </div>
      {quoted?.warning ? (
        <p className="hint warning note" data-testid="latch-send-warning">
          {quoted.warning}
        </p>
      ) : null}
      {refusal ? (
        <p className="hint error note" role="alert" data-testid="latch-send-refusal">
          {refusal}
        </p>
      ) : null}
      {phase.error ? (
        <p className="hint error note" role="alert" data-testid="latch-send-error">
          {phase.error}
        </p>
      ) : null}
      <div className="button-row">
        <button type="button" className="button" onClick={() => internals.router.goBack()}>
          Back
        </button>
        <button
          type="button"
          className="button primary"
          data-testid="latch-send-confirm"
          // While the fee is still being quoted a send quotes it itself; only a refusal stops it.
          disabled={refusal !== undefined}
          onClick={() => void send()}
        >
          {phase.error ? 'Try again' : 'Send'}
        </button>
      </div>
    </div>
  );
}
