import { usePluginContext } from '@latch/react';
import { useEffect, useRef, useState } from 'react';
import { alertFor, toEmbeddedError } from './controller.js';
import type { EmbeddedWalletPlugin } from './types.js';
import { findPlugin, useController, useFrameTheme, type ViewProps, ViewStyles } from './viewSupport.js';

/** What opens the recovery view: a new account saves its secret, a new device enters it. */
export interface RecoveryViewData {
  pluginId: string;
  mode: 'save' | 'enter';
  /** The modal's title over the step: the frame's own heading is for screen readers only, so it shows once. */
  title: string;
}

/**
 * §4 the recovery secret, only ever inside the recovery frame on the service's origin (the host page never sees
 * it): "Save your recovery secret" for a new account, "Enter your recovery secret" on a new device.
 */
export default function RecoveryView({ modal, data }: ViewProps) {
  const { pluginId, mode } = (data ?? {}) as Partial<RecoveryViewData>;
  const plugin = findPlugin(modal, pluginId);
  const { feedback } = usePluginContext<EmbeddedWalletPlugin>();
  const { controller } = useController(plugin);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);
  const view = useRef<HTMLDivElement>(null);
  const theme = useFrameTheme(view);
  const save = mode !== 'enter';

  useEffect(() => {
    if (!controller || !plugin || started.current === attempt) return;
    started.current = attempt;
    setError('');
    (save ? controller.createWallet() : controller.recoverWallet())
      .then(() => modal.connect(plugin.id))
      .catch((caught: unknown) => {
        const failure = toEmbeddedError(caught);
        alertFor(feedback, failure);
        setError(failure.message);
      });
  }, [controller, plugin, attempt, save, modal, feedback]);

  if (!plugin) return <p className="empty">The embedded wallet is not registered in this modal.</p>;
  return (
    <div ref={view} className="emb" data-testid="latch-embedded-recovery" data-mode={save ? 'save' : 'enter'}>
      <ViewStyles />
      {/* The wallet's page says how to keep the secret; a new device is told why it is asked for one. */}
      {save ? null : (
        <p className="emb-note">This device has no key for your wallet yet. Type the recovery secret you saved when you created it.</p>
      )}
      {controller && theme ? (
        <iframe
          className="emb-recovery"
          title={save ? 'Your recovery secret' : 'Enter your recovery secret'}
          src={controller.recoveryUrl(theme)}
          // allow-forms: the secret is typed into a form (its submit event never fires without it); the frame's own
          // CSP (form-action 'none') still keeps it from going anywhere.
          sandbox="allow-scripts allow-same-origin allow-forms"
          referrerPolicy="no-referrer"
          data-testid="latch-embedded-recovery-frame"
        />
      ) : null}
      {error ? (
        <>
          <p className="emb-error" role="alert">
            {error}
          </p>
          <button type="button" className="button primary block" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </>
      ) : null}
    </div>
  );
}
