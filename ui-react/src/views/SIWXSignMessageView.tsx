import { isUserRejection, readErrorMessage, truncateAddress } from '@latch/kernel';
import { getInternals, type SignInRequest } from '@latch/kernel/internal';
import { useEffect, useState } from 'react';
import type { ViewProps } from '../modal/views.js';

type Phase = { kind: 'preparing' } | { kind: 'ready' } | { kind: 'signing' } | { kind: 'declined' } | { kind: 'failed'; message: string };

/** §4 sign-in: who asks, the message's domain and statement in plain words, then the wallet signs. */
export default function SIWXSignMessageView({ modal }: ViewProps) {
  const internals = getInternals(modal);
  const [request, setRequest] = useState<SignInRequest>();
  const [phase, setPhase] = useState<Phase>({ kind: 'preparing' });

  useEffect(() => {
    let live = true;
    internals.siwx.prepare().then(
      (prepared) => {
        if (!live) return;
        setRequest(prepared);
        setPhase({ kind: 'ready' });
      },
      (err: unknown) => live && setPhase({ kind: 'failed', message: readErrorMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, [internals]);

  async function signIn() {
    if (phase.kind === 'signing') return;
    const reuse = phase.kind === 'ready' ? request : undefined;
    setPhase({ kind: 'signing' });
    try {
      // A refused attempt may have spent the nonce: a retry signs a fresh message.
      const next = reuse ?? (await internals.siwx.prepare());
      setRequest(next);
      await internals.siwx.signIn(next);
    } catch (err) {
      setPhase(isUserRejection(err) ? { kind: 'declined' } : { kind: 'failed', message: readErrorMessage(err) });
    }
  }

  const appName = modal.options.metadata?.name ?? request?.domain ?? 'This app';
  return (
    <div className="center" data-testid="latch-siwx" data-phase={phase.kind}>
      <h3>{appName} wants you to sign in</h3>
      <p>Sign a message in your wallet to prove this account is yours. It is free and sends no transaction.</p>
      {request ? (
        <dl className="siwx-details">
          <dt className="muted">Domain</dt>
          <dd>{request.domain}</dd>
          {request.statement ? (
            <>
              <dt className="muted">Message</dt>
              <dd>{request.statement}</dd>
            </>
          ) : null}
          <dt className="muted">Account</dt>
          <dd title={request.address}>{truncateAddress(request.address)}</dd>
        </dl>
      ) : null}
      <div role="status" aria-live="polite">
        {phase.kind === 'preparing' ? <p>Preparing the message…</p> : null}
        {phase.kind === 'signing' ? <p>Continue in your wallet.</p> : null}
        {phase.kind === 'declined' ? <p className="error-text">Signature declined</p> : null}
        {phase.kind === 'failed' ? <p className="error-text">{phase.message}</p> : null}
      </div>
      <button
        type="button"
        className="button primary block"
        data-autofocus
        aria-disabled={phase.kind === 'signing'}
        onClick={() => void signIn()}
      >
        {phase.kind === 'declined' || phase.kind === 'failed' ? 'Try again' : 'Sign in'}
      </button>
      <button type="button" className="button block" onClick={() => void internals.siwx.cancel()}>
        {modal.options.siwx?.required ? 'Disconnect' : 'Cancel'}
      </button>
    </div>
  );
}
