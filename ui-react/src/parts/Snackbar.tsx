import { useEffect } from 'react';
import type { LatchModal } from '../createModal.js';
import { getInternals, snackAtom } from '@latch/kernel/internal';
import { useAtomValueRawSync } from 'jotai/react';

/** How long a snack stays before it hides itself (loading snacks stay until replaced). */
export const SNACK_VISIBLE_MS = 2500;

export function Snackbar({ modal }: { modal: LatchModal }) {
  const snack = useAtomValueRawSync(snackAtom, { store: getInternals(modal).store });
  useEffect(() => {
    if (!snack.open || snack.variant === 'loading') return;
    const timer = setTimeout(() => getInternals(modal).feedback.hideSnack(), SNACK_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [snack, modal]);
  return (
    <div role={snack.variant === 'error' ? 'alert' : 'status'} aria-live={snack.variant === 'error' ? 'assertive' : 'polite'}>
      {snack.open ? (
        <div className="snackbar" data-variant={snack.variant} data-testid="latch-snackbar">
          {snack.variant === 'loading' ? <span className="spinner" aria-hidden="true" /> : <span className="dot" aria-hidden="true" />}
          <span>{snack.message}</span>
        </div>
      ) : null}
    </div>
  );
}
