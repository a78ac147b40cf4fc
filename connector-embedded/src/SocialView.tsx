import type { SocialProvider } from '@latch/kernel';
import { usePluginContext } from '@latch/react';
import { useEffect, useRef, useState } from 'react';
import { alertFor, type EmbeddedController, type EmbeddedError, initFailed, toEmbeddedError } from './controller.js';
import { PROVIDER_NAMES } from './protocol/constants.js';
import type { OAuthProvider } from './protocol/schemas.js';
import type { EmbeddedWalletPlugin } from './types.js';
import { openSignInWindow, resumeSocialSignIn, type SocialAttempt, startSocialSignIn } from './SocialButtons.js';
import {
  afterSignIn,
  findPlugin,
  ProviderIcon,
  useCancelOnLeave,
  useController,
  useFocusIn,
  type ViewProps,
  ViewStyles,
} from './viewSupport.js';

/** What opens the view: a sign-in just started from a button, or (`resume`) one coming back from a redirect. */
export interface SocialViewData {
  pluginId: string;
  provider?: OAuthProvider;
  attempt?: SocialAttempt;
  resume?: unknown;
}

/** §2 "Continue in the sign-in window": the provider's icon, a spinner, Cancel; its failures with Retry. */
export default function SocialView({ modal, data }: ViewProps) {
  const { pluginId, provider, attempt: started, resume } = (data ?? {}) as Partial<SocialViewData>;
  const plugin = findPlugin(modal, pluginId);
  const context = usePluginContext<EmbeddedWalletPlugin>();
  const { router } = context;
  const { controller } = useController(plugin);
  const [attempt, setAttempt] = useState<SocialAttempt | undefined>(started);
  const [error, setError] = useState<EmbeddedError>();
  const settled = useRef(new WeakSet<SocialAttempt>());
  const cancel = useRef<HTMLButtonElement>(null);
  const retry = useRef<HTMLButtonElement>(null);
  useFocusIn(cancel, !error);
  useFocusIn(retry, error);

  // Back from a redirect: the parameter is read and removed, the frame claims the sign-in.
  useEffect(() => {
    if (!resume || !controller || attempt) return;
    const resumed = resumeSocialSignIn(controller);
    // Nothing to finish (the parameter was already used): the visitor starts again from Connect.
    if (resumed) setAttempt(resumed);
    else router.reset('Connect');
  }, [resume, controller, attempt, router]);

  useEffect(() => {
    if (!attempt || !plugin) return;
    let live = true;
    attempt.result.then(
      (action) => {
        settled.current.add(attempt);
        if (live) void afterSignIn(context, plugin, action).catch((caught: unknown) => setError(toEmbeddedError(caught)));
      },
      (caught: unknown) => {
        settled.current.add(attempt);
        const failure = toEmbeddedError(caught);
        if (!live || failure.code === 'cancelled') return;
        if (failure.code === 'social_init_error') return initFailed(context, plugin);
        alertFor(context.feedback, failure);
        setError(failure);
      },
    );
    return () => {
      live = false;
    };
  }, [attempt, plugin, context]);

  useCancelOnLeave(() => {
    if (attempt && !settled.current.has(attempt)) attempt.cancel();
  }, 0);

  if (!plugin) return <p className="empty">The embedded wallet is not registered in this modal.</p>;
  const name = provider ? PROVIDER_NAMES[provider] : undefined;

  function again(c: EmbeddedController, p: OAuthProvider) {
    // Opened inside this click, like the first one.
    const popup = openSignInWindow();
    setError(undefined);
    setAttempt(startSocialSignIn(c, p, popup));
  }

  return (
    <div className="emb emb-center" data-testid="latch-embedded-social" data-state={error ? 'error' : 'waiting'}>
      <ViewStyles />
      {provider ? <ProviderIcon provider={provider as SocialProvider} size={56} /> : null}
      {error ? (
        <>
          <h3>{name ? `${name} sign-in did not finish` : 'The sign-in did not finish'}</h3>
          <p className="emb-error" role="alert" data-testid="latch-embedded-social-error">
            {error.message}
          </p>
          <button
            type="button"
            ref={retry}
            className="button primary block"
            onClick={() => (controller && provider ? again(controller, provider) : router.reset('Connect'))}
          >
            Retry
          </button>
        </>
      ) : (
        <>
          <h3>{resume ? 'Finishing your sign-in' : 'Continue in the sign-in window'}</h3>
          <p className="emb-note" role="status">
            <span className="spinner" aria-hidden="true" />{' '}
            {resume ? 'Checking the sign-in…' : `Sign in with ${name ?? 'your account'} in the window that opened.`}
          </p>
          <button type="button" ref={cancel} className="button block" onClick={() => router.goBack()}>
            Cancel
          </button>
        </>
      )}
    </div>
  );
}
