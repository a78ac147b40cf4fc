import type { AlertMessage } from '@latch/kernel';
import { CloseIcon } from './icons.js';

export function AlertBanner({ alert, onDismiss }: { alert: AlertMessage; onDismiss(): void }) {
  return (
    <div className="alert" role="alert" data-testid="latch-alert">
      <div>
        <strong>{alert.title}</strong>
        <p>{alert.description}</p>
      </div>
      <button type="button" className="icon-button" aria-label={`Dismiss ${alert.title}`} onClick={onDismiss}>
        <CloseIcon />
      </button>
    </div>
  );
}
