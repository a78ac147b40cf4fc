import { isUserRejection, readErrorMessage, type ChainNamespace } from '@latch/kernel';
import { useEffect, useRef, useState } from 'react';
import type { ViewProps } from '../modal/views.js';
import { namespaceLabel } from '../parts/NetworkList.js';
import { WalletIcon } from '../parts/WalletIcon.js';
import { getInternals } from '@latch/kernel/internal';

export interface ConnectingData {
  name: string;
  icon?: string;
  targets: { id: string; namespace: ChainNamespace }[];
}

type Phase = { kind: 'pending' } | { kind: 'declined' } | { kind: 'failed'; message: string };

/** Waits for the wallet to approve; shows a declined or failed state with a retry. */
export default function ConnectingExternalView({ modal, data }: ViewProps) {
  const wallet = data as ConnectingData;
  const [phase, setPhase] = useState<Phase>({ kind: 'pending' });
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  useEffect(() => {
    if (started.current === attempt) return; // React StrictMode runs effects twice in development.
    started.current = attempt;
    let live = true;
    setPhase({ kind: 'pending' });
    void (async () => {
      try {
        // One wallet may serve several namespaces (§3 merged connector); the kernel closes once.
        const { failed } = await modal.connectMany(wallet.targets.map((t) => ({ connectorId: t.id, namespace: t.namespace })));
        const declined = failed[0];
        if (declined)
          void getInternals(modal).feedback.showSnack(
            `${namespaceLabel(declined.namespace)} not connected: ${readErrorMessage(declined.error)}`,
            'error',
          );
      } catch (err) {
        if (!live) return;
        setPhase(isUserRejection(err) ? { kind: 'declined' } : { kind: 'failed', message: readErrorMessage(err) });
      }
    })();
    return () => {
      live = false;
    };
  }, [attempt, modal, wallet]);

  const retry = (
    <button type="button" className="button primary" data-autofocus onClick={() => setAttempt((n) => n + 1)}>
      Try again
    </button>
  );
  return (
    <div className="center" data-testid="latch-connecting" data-phase={phase.kind}>
      <div className={phase.kind === 'pending' ? 'pending' : 'pending error'}>
        {phase.kind === 'pending' ? (
          <svg className="ring" viewBox="0 0 100 100" aria-hidden="true">
            <circle
              cx="50"
              cy="50"
              r="46"
              fill="none"
              stroke="var(--latch-color-accent)"
              strokeWidth="4"
              strokeDasharray="70 220"
              strokeLinecap="round"
            />
          </svg>
        ) : null}
        <WalletIcon name={wallet.name} icon={wallet.icon} large />
      </div>
      <div role="status" aria-live="polite">
        {phase.kind === 'pending' ? (
          <>
            <h3>Continue in {wallet.name}</h3>
            <p>Accept the connection request in the wallet.</p>
          </>
        ) : phase.kind === 'declined' ? (
          <>
            <h3 className="error-text">Connection declined</h3>
            <p>The request was declined in {wallet.name}. You can try again.</p>
          </>
        ) : (
          <>
            <h3 className="error-text">Connection failed</h3>
            <p>{phase.message}</p>
          </>
        )}
      </div>
      {phase.kind === 'pending' ? null : retry}
    </div>
  );
}
