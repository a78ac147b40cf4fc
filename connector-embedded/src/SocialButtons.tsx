import { type PluginRouter, SOCIAL_PROVIDERS, type SocialProvider } from '@latch/kernel';
import { usePluginContext } from '@latch/react';
import { useEffect, useRef, useState } from 'react';
import { EmbeddedError, type EmbeddedController, type ProjectConfig } from './controller.js';
import { EMBEDDED_VIEWS } from './constants.js';
import type { EmbeddedWalletPlugin } from './types.js';
import { PROVIDER_NAMES } from './protocol/constants.js';
import type { OAuthProvider } from './protocol/schemas.js';
import {
  findPlugin,
  type ModalLike,
  MoreIcon,
  ProviderIcon,
  useController,
  useFocusIn,
  type ViewProps,
  ViewStyles,
} from './viewSupport.js';

/*
 * The provider picker: the Connect view's social buttons, the sign-in they start and, as this module's view,
 * the "More" list. One module, one chunk: each chunk costs the entry its name in the preload list.
 */

/*
 * A social sign-in on the host page (§2, §4): the popup is opened synchronously in the click handler (popup
 * blockers), pointed at the service's start URL once the frame made the intent, and watched; where popups are
 * blocked the page itself goes to the provider and comes back with `latch_social` (the redirect fallback).
 */

export const POPUP_CLOSED = 'The sign-in window was closed before you finished';
/** How often the popup is checked for being closed, and how long its last result may take after that. */
const POPUP_POLL_MS = 500;
const CLOSED_GRACE_MS = 2_000;
/** The query parameters the service adds when the visitor comes back from a redirect sign-in: the intent, and the
 * code only the browser that signed in received (the frame must show it to claim the session). */
export const RETURN_PARAMETER = 'latch_social';
export const RETURN_CODE_PARAMETER = 'latch_code';

type Outcome = 'CONNECT' | 'CREATE' | 'RECOVER';

export interface SocialAttempt {
  /** The provider, when known (a sign-in resumed after a redirect names none). */
  readonly provider?: OAuthProvider;
  /** The sign-in's outcome, as a code's: connected, or the recovery step next. */
  readonly result: Promise<Outcome>;
  /** The visitor left: close the popup, tell the frame (which tells the service). */
  cancel(): void;
}

/** Must run inside the click handler: a popup opened later is blocked. Null where popups are blocked. */
export function openSignInWindow(): Window | null {
  try {
    return window.open('', 'latch-social', 'popup,width=500,height=640');
  } catch {
    return null;
  }
}

/** Whether `data` is the service's done page telling the opener this intent has its outcome. */
function isDoneMessage(data: unknown, intentId: string): boolean {
  const message = data as { latch?: unknown; intentId?: unknown } | null;
  return typeof message === 'object' && message !== null && message.latch === 'embedded-social' && message.intentId === intentId;
}

export function startSocialSignIn(controller: EmbeddedController, provider: OAuthProvider, popup: Window | null): SocialAttempt {
  let intentId: string | undefined;
  let left = false;
  let stop = () => {};

  async function run(): Promise<Outcome> {
    if (!popup) {
      // Redirect fallback: the next page load resumes it (resumeSocialSignIn).
      const { url } = await controller.startSocial(provider, { returnTo: location.href });
      if (!left) location.assign(url);
      return new Promise<never>(() => {});
    }
    let started: { intentId: string; url: string };
    try {
      started = await controller.startSocial(provider);
    } catch (error) {
      popup.close();
      throw error;
    }
    intentId = started.intentId;
    if (left) {
      void controller.cancelSocial(started.intentId).catch(() => undefined);
      throw new EmbeddedError('The sign-in was cancelled', { code: 'cancelled' });
    }
    popup.location.href = started.url;
    const closed = new Promise<never>((_, reject) => {
      let reported = false;
      const onMessage = (event: MessageEvent) => {
        if (event.origin === controller.settings.serviceOrigin && isDoneMessage(event.data, started.intentId)) reported = true;
      };
      window.addEventListener('message', onMessage);
      let grace: ReturnType<typeof setTimeout> | undefined;
      const timer = setInterval(() => {
        if (!popup.closed || grace || reported) return;
        // The popup closes itself once the outcome is recorded; a close before that is the visitor's.
        grace = setTimeout(() => {
          if (!reported) reject(new EmbeddedError(POPUP_CLOSED, { code: 'popup_closed' }));
        }, CLOSED_GRACE_MS);
      }, POPUP_POLL_MS);
      stop = () => {
        clearInterval(timer);
        clearTimeout(grace);
        window.removeEventListener('message', onMessage);
      };
    });
    try {
      return await Promise.race([controller.waitSocial(started.intentId), closed]);
    } catch (error) {
      if (error instanceof EmbeddedError && error.code === 'popup_closed')
        void controller.cancelSocial(started.intentId).catch(() => undefined);
      throw error;
    } finally {
      stop();
    }
  }

  return {
    provider,
    result: run(),
    cancel() {
      if (left) return;
      left = true;
      stop();
      popup?.close();
      if (intentId) void controller.cancelSocial(intentId).catch(() => undefined);
    },
  };
}

/** After a redirect sign-in: takes its parameters off the address (§5, removed after use) and waits for its outcome. */
export function resumeSocialSignIn(controller: EmbeddedController): SocialAttempt | undefined {
  const url = new URL(location.href);
  const intentId = url.searchParams.get(RETURN_PARAMETER);
  if (!intentId) return undefined;
  const code = url.searchParams.get(RETURN_CODE_PARAMETER) ?? undefined;
  url.searchParams.delete(RETURN_PARAMETER);
  url.searchParams.delete(RETURN_CODE_PARAMETER);
  history.replaceState(history.state, '', url.href);
  return {
    result: controller.waitSocial(intentId, code),
    cancel: () => void controller.cancelSocial(intentId).catch(() => undefined),
  };
}

/** §2 collapse: up to this many providers show (one full-width, the rest as icons); beyond, 3 icons and "More". */
const SHOWN_WITHOUT_MORE = 5;
const ICONS_WITH_MORE = 3;

/** Where the page runs, for the §5 Telegram filter. */
export interface BrowserEnvironment {
  readonly userAgent: string;
  readonly maxTouchPoints: number;
  readonly inTelegram: boolean;
}

function currentEnvironment(): BrowserEnvironment {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const userAgent = nav?.userAgent ?? '';
  const inTelegram = 'TelegramWebviewProxy' in globalThis || 'Telegram' in globalThis || /\bTelegram\b/i.test(userAgent);
  return { userAgent, maxTouchPoints: nav?.maxTouchPoints ?? 0, inTelegram };
}

/**
 * §5 Telegram social filter: inside Telegram's in-app browser, iOS removes google, a Mac removes x, Android
 * removes facebook and x (those providers refuse sign-in from that webview).
 */
export function telegramHiddenProviders({ userAgent, maxTouchPoints, inTelegram }: BrowserEnvironment): readonly SocialProvider[] {
  if (!inTelegram) return [];
  if (/iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && maxTouchPoints > 1)) return ['google'];
  if (/macintosh/i.test(userAgent)) return ['x'];
  if (/android/i.test(userAgent)) return ['facebook', 'x'];
  return [];
}

/** `features.socials` (§9 order) that the service has configured, less the §5 Telegram filter; none when the feature is off. */
export function shownProviders(modal: ModalLike, config: ProjectConfig, environment = currentEnvironment()): SocialProvider[] {
  const features = (modal.options as { features?: { socials?: readonly SocialProvider[] | false } }).features;
  const wanted = features?.socials ?? SOCIAL_PROVIDERS;
  if (!wanted) return [];
  const hidden = telegramHiddenProviders(environment);
  return wanted.filter(
    (p, i) =>
      wanted.indexOf(p) === i && !hidden.includes(p) && (p === 'farcaster' ? config.farcaster : (config.socials as string[]).includes(p)),
  );
}

/** Picks a provider: Farcaster's QR view, or a sign-in window opened right now, inside the click (popup blockers). */
export function chooseSocial(router: PluginRouter, plugin: EmbeddedWalletPlugin, controller: EmbeddedController, provider: SocialProvider) {
  if (provider === 'farcaster') {
    router.push(EMBEDDED_VIEWS.farcaster, { pluginId: plugin.id, title: 'Sign in with Farcaster' });
    return;
  }
  const attempt = startSocialSignIn(controller, provider, openSignInWindow());
  router.push(EMBEDDED_VIEWS.social, { pluginId: plugin.id, provider, attempt, title: `Sign in with ${PROVIDER_NAMES[provider]}` });
}

/** The configured providers, fetched when the section first shows; cached by the controller for the page. */
export function useShownProviders(modal: ModalLike, controller: EmbeddedController | undefined): SocialProvider[] {
  const [providers, setProviders] = useState<SocialProvider[]>([]);
  useEffect(() => {
    if (!controller) return;
    let live = true;
    controller.projectConfig().then(
      (config) => live && setProviders(shownProviders(modal, config)),
      // No settings, no buttons: the e-mail field reports the service's failure when the visitor uses it.
      () => live && setProviders([]),
    );
    return () => {
      live = false;
    };
  }, [controller, modal]);
  return providers;
}

export const continueWith = (provider: SocialProvider) => `Continue with ${PROVIDER_NAMES[provider]}`;

/** The Connect view's social buttons, after the e-mail field (§2, §9). */
export function SocialButtons(props: {
  modal: ModalLike;
  router: PluginRouter;
  plugin: EmbeddedWalletPlugin;
  controller: EmbeddedController | undefined;
}) {
  const { modal, router, plugin, controller } = props;
  const providers = useShownProviders(modal, controller);
  const [first, ...rest] = providers;
  if (!first || !controller) return null;
  const pick = (provider: SocialProvider) => chooseSocial(router, plugin, controller, provider);
  const more = providers.length > SHOWN_WITHOUT_MORE;
  const icons = more ? rest.slice(0, ICONS_WITH_MORE) : rest;
  return (
    <div className="emb-socials" data-testid="latch-embedded-socials">
      <button type="button" className="button block emb-social" onClick={() => pick(first)} data-provider={first}>
        <ProviderIcon provider={first} />
        {continueWith(first)}
      </button>
      {icons.length || more ? (
        <div className="emb-social-row">
          {icons.map((provider) => (
            <button
              key={provider}
              type="button"
              className="button emb-social-icon"
              aria-label={continueWith(provider)}
              title={continueWith(provider)}
              data-provider={provider}
              onClick={() => pick(provider)}
            >
              <ProviderIcon provider={provider} />
            </button>
          ))}
          {more ? (
            <button
              type="button"
              className="button emb-social-icon"
              aria-label="More sign-in options"
              title="More sign-in options"
              data-testid="latch-embedded-socials-more"
              onClick={() => router.push(EMBEDDED_VIEWS.socials, { pluginId: plugin.id, title: 'More Sign-in Options' })}
            >
              <MoreIcon />
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** §2 "More" (the SignInOptions view): every configured provider, one full-width button each, in §9 order. */
export default function SocialsListView({ modal, data }: ViewProps) {
  const { pluginId } = (data ?? {}) as { pluginId?: string };
  const plugin = findPlugin(modal, pluginId);
  const { router } = usePluginContext<EmbeddedWalletPlugin>();
  const { controller } = useController(plugin);
  const providers = useShownProviders(modal, controller);
  const first = useRef<HTMLButtonElement>(null);
  useFocusIn(first, providers.length > 0);
  if (!plugin) return <p className="empty">The embedded wallet is not registered in this modal.</p>;
  return (
    <div className="emb" data-testid="latch-embedded-socials-list">
      <ViewStyles />
      <ul className="emb-providers" aria-label="Sign-in options">
        {providers.map((provider, index) => (
          <li key={provider}>
            <button
              type="button"
              ref={index === 0 ? first : undefined}
              className="button block"
              data-provider={provider}
              onClick={() => controller && chooseSocial(router, plugin, controller, provider)}
            >
              <ProviderIcon provider={provider} />
              {continueWith(provider)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
