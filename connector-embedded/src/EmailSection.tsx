import { usePluginContext } from '@latch/react';
import { useId, useState } from 'react';
import { alertFor, EmbeddedError, isValidEmail, toEmbeddedError } from './controller.js';
import { EMBEDDED_VIEWS } from './constants.js';
import { SocialButtons } from './SocialButtons.js';
import type { EmbeddedWalletPlugin } from './types.js';
import { findPlugin, useController, type ViewProps, ViewStyles } from './viewSupport.js';

/**
 * The Connect view's e-mail field (§2, §9 order): validated (§5), then a code is sent and the OTP view opens; the
 * social buttons the project has configured follow it. Each part shows while its feature flag is on.
 */
export default function EmailSection({ modal }: ViewProps) {
  const plugin = findPlugin(modal);
  const { router, feedback } = usePluginContext<EmbeddedWalletPlugin>();
  const { controller } = useController(plugin);
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (!plugin) return null;

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (busy || !plugin) return;
    const address = email.trim();
    if (!isValidEmail(address)) {
      setError('Enter a valid e-mail address');
      return;
    }
    setError('');
    setBusy(true);
    try {
      const c = controller ?? (await plugin.embedded.controller());
      await c.startEmail(address);
      router.push(EMBEDDED_VIEWS.otp, { pluginId: plugin.id, email: address, title: 'Confirm Email' });
    } catch (caught) {
      const failure = caught instanceof EmbeddedError ? caught : toEmbeddedError(caught);
      alertFor(feedback, failure);
      setError(failure.message);
    } finally {
      setBusy(false);
    }
  }

  // `features.email: false` hides the field; the social buttons follow `features.socials` on their own.
  const emailOn = (modal.options as { features?: { email?: boolean } }).features?.email !== false;
  return (
    <div className="emb" data-testid="latch-embedded-email">
      <ViewStyles />
      {emailOn ? (
        <form onSubmit={submit} noValidate>
          <label htmlFor={`${id}-email`}>Email</label>
          <div className="emb-row">
            <input
              id={`${id}-email`}
              className="emb-input"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              value={email}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setEmail(e.target.value)}
              readOnly={busy}
            />
          </div>
          {error ? (
            <p className="emb-error" id={`${id}-error`} role="alert" data-testid="latch-embedded-email-error">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button primary block" disabled={busy} data-testid="latch-embedded-email-submit">
            {busy ? 'Sending code…' : 'Continue with email'}
          </button>
        </form>
      ) : null}
      <SocialButtons modal={modal} router={router} plugin={plugin} controller={controller} />
    </div>
  );
}
