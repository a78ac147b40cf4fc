import { type GrantedPermission, truncateAddress } from '@latch/kernel';
import { getInternals } from '@latch/kernel/internal';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { LatchModal } from '../../createModal.js';

/** An expiry as the visitor reads it: local date and time. */
const expiryText = (seconds: number) => new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The sessions the wallet granted this site (the `smartSessions` feature, ERC-7715): each dApp key and until when it
 * may act, with a Revoke button that asks the wallet to end it (the embedded wallet shows that in its frame for the
 * visitor's approval). A chunk of its own, loaded only when the feature is on and the account is a smart account;
 * nothing is shown while there is no session (or the wallet cannot list them).
 */
export default function SessionList({ modal, data }: { modal: LatchModal; data?: unknown }) {
  const [sessions, setSessions] = useState<readonly GrantedPermission[]>([]);
  const [busy, setBusy] = useState<string | undefined>();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement | null>(null);

  const load = useCallback(async () => {
    try {
      setSessions(await modal.getPermissions());
    } catch {
      setSessions([]);
    }
  }, [modal]);

  // `data` is the account's address: another account lists its own sessions.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the account changes.
  useEffect(() => {
    void load();
  }, [load, data]);

  async function revoke(session: GrantedPermission) {
    if (busy) return;
    setBusy(session.permissionsContext);
    try {
      await modal.revokePermissions({ permissionsContext: session.permissionsContext });
      void getInternals(modal).feedback.showSnack('Session revoked', 'success');
      await load();
      // The row (and its button) is gone: focus goes to the list's heading, not to the document.
      headingRef.current?.focus();
    } catch {
      void getInternals(modal).feedback.showSnack('The session was not revoked', 'error');
    } finally {
      setBusy(undefined);
    }
  }

  if (sessions.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="sessions" data-testid="latch-sessions">
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="muted">
        Sessions this site holds
      </h3>
      <ul>
        {sessions.map((session) => {
          const key = truncateAddress(session.signer);
          const until = expiryText(session.expiry);
          return (
            <li key={session.permissionsContext} className="row">
              <span className="name">
                Key {key}
                <span className="muted"> · until {until}</span>
              </span>
              <button
                type="button"
                className="button danger"
                aria-label={`Revoke the session of key ${session.signer} (until ${until})`}
                aria-disabled={busy !== undefined}
                data-testid="latch-session-revoke"
                onClick={() => void revoke(session)}
              >
                Revoke
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
