import { getInternals, modalAtom, routerAtom } from '@latch/kernel/internal';
import { useEffect, useRef } from 'react';
import type { ApprovalDetails } from './controller.js';
import { findPlugin, useController, useFocusIn, type ViewProps, ViewStyles } from './viewSupport.js';

/** A typed-data value as text (nested structs as JSON). */
const show = (value: unknown) =>
  typeof value === 'string' ? value : JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));

function Details({ details }: { details: ApprovalDetails }) {
  switch (details.kind) {
    case 'message':
      return (
        <>
          <h3>Sign this message</h3>
          <p className="emb-note">Network: {details.network}</p>
          <pre data-testid="latch-embedded-approve-message">{details.text}</pre>
        </>
      );
    case 'typedData':
      return (
        <>
          <h3>Sign typed data{details.primaryType ? `: ${details.primaryType}` : ''}</h3>
          <dl aria-label="Domain">
            {Object.entries(details.domain).map(([key, value]) => (
              <div key={key} style={{ display: 'contents' }}>
                <dt>{key}</dt>
                <dd>{show(value)}</dd>
              </div>
            ))}
          </dl>
          <dl aria-label="Fields" data-testid="latch-embedded-approve-fields">
            {Object.entries(details.fields).map(([key, value]) => (
              <div key={key} style={{ display: 'contents' }}>
                <dt>{key}</dt>
                <dd>{show(value)}</dd>
              </div>
            ))}
          </dl>
        </>
      );
    case 'transaction':
      return (
        <>
          <h3>{details.send ? 'Send this transaction' : 'Sign this transaction'}</h3>
          <dl data-testid="latch-embedded-approve-transaction">
            <dt>To</dt>
            <dd>{details.to}</dd>
            <dt>Value</dt>
            <dd>{details.value}</dd>
            <dt>Data</dt>
            <dd>{details.dataBytes === 0 ? 'None' : `${details.dataBytes} bytes`}</dd>
            <dt>Network</dt>
            <dd>{details.network}</dd>
          </dl>
        </>
      );
    case 'solanaTransaction':
      return (
        <>
          <h3>{details.send ? 'Send this transaction' : 'Sign this transaction'}</h3>
          <p className="emb-note">Network: {details.network}</p>
          <ul className="emb-instructions" aria-label="Instructions" data-testid="latch-embedded-approve-instructions">
            {details.instructions.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the instructions' order is the transaction's.
              <li key={index}>{line}</li>
            ))}
          </ul>
        </>
      );
  }
}

/** §2 ApproveTransaction: what the embedded wallet is asked to sign, plainly, with Approve and Reject. */
export default function ApproveTransactionView({ modal, data }: ViewProps) {
  const { pluginId } = (data ?? {}) as { pluginId?: string };
  const plugin = findPlugin(modal, pluginId);
  const { controller, state } = useController(plugin);
  const approval = state.approval;
  const approveButton = useRef<HTMLButtonElement>(null);
  useFocusIn(approveButton, approval);

  // Leaving the view without answering (Back) rejects the request, so the app is never left waiting. Checked after
  // the unmount settles: a remount (React's StrictMode) keeps ApproveTransaction on top and rejects nothing.
  useEffect(() => {
    if (!approval) return;
    const internals = getInternals(modal);
    return () => {
      setTimeout(() => {
        const history = internals.store.get(routerAtom).history;
        if (!internals.store.get(modalAtom).open || history[history.length - 1]?.view !== 'ApproveTransaction') approval.reject();
      }, 0);
    };
  }, [approval, modal]);

  // Nothing (left) to approve: back to the view it opened over (a send in progress), or the modal closes.
  useEffect(() => {
    if (!controller || approval) return;
    const internals = getInternals(modal);
    if (internals.store.get(routerAtom).history.length > 1) internals.router.goBack();
    else modal.close({ force: true });
  }, [controller, approval, modal]);

  if (!approval) return <p className="emb-note">No request is waiting for your approval.</p>;
  return (
    <div className="emb" data-testid="latch-embedded-approve" data-kind={approval.details.kind}>
      <ViewStyles />
      <Details details={approval.details} />
      <p className="emb-note">Only approve requests from sites you trust.</p>
      <div className="emb-row">
        <button type="button" className="button" onClick={() => approval.reject()} data-testid="latch-embedded-reject">
          Reject
        </button>
        <button
          type="button"
          className="button primary"
          ref={approveButton}
          onClick={() => approval.approve()}
          data-autofocus
          data-testid="latch-embedded-approve-button"
        >
          Approve
        </button>
      </div>
    </div>
  );
}
