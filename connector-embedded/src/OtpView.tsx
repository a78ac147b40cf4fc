import { usePluginContext } from '@latch/react';
import { useEffect, useId, useRef, useState } from 'react';
import { alertFor, type EmbeddedController, RESEND_COOLDOWN_MS, toEmbeddedError } from './controller.js';
import { EMBEDDED_VIEWS } from './constants.js';
import type { EmbeddedWalletPlugin } from './types.js';
import { findPlugin, recoveryStep, useController, useFocusIn, type ViewProps, ViewStyles } from './viewSupport.js';

/** What opens the OTP view. */
export interface OtpViewData {
  pluginId: string;
  email: string;
}

type Say = (message: string) => void;

/**
 * Sending a new code: the whole seconds until one may be sent (the cooldown after the last one, counting down each
 * second; 0 or less once it may), and the resend itself, which says how it went.
 */
function useResend(
  controller: EmbeddedController | undefined,
  email: string | undefined,
  sentAt: number | undefined,
  setError: Say,
  setNote: Say,
) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  async function resend() {
    if (!controller) return;
    setError('');
    setNote('');
    try {
      await controller.resend();
      setNote(`A new code was sent to ${email ?? 'your e-mail address'}.`);
    } catch (caught) {
      setError(toEmbeddedError(caught).message);
    }
  }

  return [Math.ceil(((sentAt ?? 0) + RESEND_COOLDOWN_MS - now) / 1000), resend] as const;
}

/** §2/§4 the one-time code: paste or type 6 digits (submitted on the 6th), wrong/expired codes, resend after 30 s. */
export default function OtpView({ modal, data }: ViewProps) {
  const { pluginId, email } = (data ?? {}) as Partial<OtpViewData>;
  const plugin = findPlugin(modal, pluginId);
  const { router, feedback } = usePluginContext<EmbeddedWalletPlugin>();
  const { controller, state } = useController(plugin);
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const submitted = useRef('');
  const field = useRef<HTMLInputElement>(null);
  // Focus moves into the view when it opens (the dialog keeps focus only where it already was).
  useFocusIn(field, true);

  const [left, resend] = useResend(controller, email, state.sentAt, setError, setNote);
  const complete = /^\d{6}$/.test(code);

  async function verify(otp: string) {
    if (!controller || !plugin || submitted.current === otp) return;
    submitted.current = otp;
    setBusy(true);
    setError('');
    setNote('');
    try {
      const action = await controller.verifyOtp(otp);
      if (action === 'CONNECT') await modal.connect(plugin.id);
      else router.push(EMBEDDED_VIEWS.recovery, recoveryStep(plugin, action));
    } catch (caught) {
      const failure = toEmbeddedError(caught);
      alertFor(feedback, failure);
      setError(failure.message);
      setCode('');
      submitted.current = '';
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    if (complete) void verify(code);
  });

  return (
    <div className="emb" data-testid="latch-embedded-otp">
      <ViewStyles />
      <p className="emb-note">
        Enter the 6-digit code sent to <strong>{email}</strong>.
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (complete) void verify(code);
          else setError('Enter the 6-digit code');
        }}
        noValidate
      >
        <label htmlFor={`${id}-otp`}>Code</label>
        <input
          id={`${id}-otp`}
          className="emb-input emb-otp"
          name="otp"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          ref={field}
          value={code}
          readOnly={busy}
          data-autofocus
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-status`}
          data-testid="latch-embedded-otp-input"
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          onPaste={(e) => {
            const pasted = e.clipboardData.getData('text').replace(/\D/g, '');
            if (pasted.length >= 6) {
              e.preventDefault();
              setCode(pasted.slice(0, 6));
            }
          }}
        />
        <div id={`${id}-status`} role="status" aria-live="polite">
          {busy ? <p className="emb-note">Checking the code…</p> : null}
          {note ? <p className="emb-note">{note}</p> : null}
        </div>
        {error ? (
          <p className="emb-error" role="alert" data-testid="latch-embedded-otp-error">
            {error}
          </p>
        ) : null}
        <button type="button" className="button block" onClick={resend} disabled={busy} data-testid="latch-embedded-resend">
          Resend code
        </button>
        {left > 0 ? <p className="emb-note">You can request a new code in {left} s.</p> : null}
      </form>
    </div>
  );
}
