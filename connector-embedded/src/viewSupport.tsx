import type { PluginContext, SocialProvider } from '@latch/kernel';
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ControllerState, EmbeddedController, FrameTheme } from './controller.js';
import { EMBEDDED_VIEWS } from './constants.js';
import type { EmbeddedWalletPlugin } from './types.js';
import type { RecoveryViewData } from './RecoveryView.js';

/** The modal as the views use it (the `modal` prop). */
export type ModalLike = {
  connect(id: string): Promise<unknown>;
  close(options?: { force?: boolean }): boolean;
  options: { connectors?: readonly unknown[]; themeMode?: string };
};

export interface ViewProps {
  modal: ModalLike;
  data?: unknown;
}

/** The embedded-wallet plugin registered in this modal (by id when given). */
export function findPlugin(modal: ModalLike, id?: string): EmbeddedWalletPlugin | undefined {
  return (modal.options.connectors ?? []).find(
    (c): c is EmbeddedWalletPlugin =>
      typeof c === 'object' && c !== null && 'embedded' in c && (id === undefined || (c as EmbeddedWalletPlugin).id === id),
  );
}

/**
 * Moves focus into the view once `when` holds, retrying for a few frames: the modal may still be opening (its
 * entrance animation, or the dialog placing focus itself) when a lazily loaded view first renders.
 */
export function useFocusIn(ref: RefObject<HTMLElement | null>, when: unknown): void {
  useEffect(() => {
    if (!when) return;
    let frame = 0;
    let tries = 0;
    const tick = () => {
      const element = ref.current;
      if (!element) return;
      const active = (element.getRootNode() as Document | ShadowRoot).activeElement;
      // Done once it has focus, or once the visitor moved focus within the view: never taken back from them.
      if (active === element || (active && element.closest('.emb')?.contains(active))) return;
      element.focus();
      if (++tries < 30) frame = requestAnimationFrame(tick);
    };
    tick();
    return () => cancelAnimationFrame(frame);
  }, [ref, when]);
}

/**
 * The modal's look as it is now (the theme the host may have switched since `createModal`, and its `--latch-*`
 * variables), read from the modal's root around `ref`, for the wallet's own pages. Undefined until read: a frame
 * waits for it rather than load twice.
 */
export function useFrameTheme(ref: RefObject<HTMLElement | null>): FrameTheme | undefined {
  const [theme, setTheme] = useState<FrameTheme>();
  useLayoutEffect(() => {
    const root = ref.current?.closest<HTMLElement>('.latch-root');
    const style = root ? getComputedStyle(root) : undefined;
    const variable = (name: string) => style?.getPropertyValue(name).trim() || undefined;
    setTheme({
      theme: root?.dataset.theme === 'light' ? 'light' : 'dark',
      accent: variable('--latch-accent'),
      radius: variable('--latch-border-radius-master'),
      font: variable('--latch-font-family'),
      size: variable('--latch-font-size-master'),
    });
  }, [ref]);
  return theme;
}

/** The controller (loaded on first use) and its state, kept current. */
export function useController(plugin: EmbeddedWalletPlugin | undefined): {
  controller?: EmbeddedController;
  state: ControllerState;
  failed: boolean;
} {
  const [controller, setController] = useState<EmbeddedController>();
  const [state, setState] = useState<ControllerState>({});
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!plugin) return;
    let live = true;
    let off: (() => void) | undefined;
    plugin.embedded.controller().then(
      (c) => {
        if (!live) return;
        setController(c);
        setState(c.state);
        off = c.subscribe(setState);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      off?.();
    };
  }, [plugin]);
  return { controller, state, failed };
}

/** The recovery step's route data after a sign-in that made a wallet (save its secret) or found one (enter it). */
export function recoveryStep(plugin: EmbeddedWalletPlugin, action: 'CREATE' | 'RECOVER'): RecoveryViewData {
  const save = action === 'CREATE';
  return { pluginId: plugin.id, mode: save ? 'save' : 'enter', title: save ? 'Save Recovery Secret' : 'Enter Recovery Secret' };
}

/** The outcome of a finished social or Farcaster sign-in: connected, or the recovery step in this view's place. */
export async function afterSignIn(
  { modal, router }: Pick<PluginContext, 'modal' | 'router'>,
  plugin: EmbeddedWalletPlugin,
  action: 'CONNECT' | 'CREATE' | 'RECOVER',
) {
  if (action === 'CONNECT') await modal.connect(plugin.id);
  else router.replace(EMBEDDED_VIEWS.recovery, recoveryStep(plugin, action));
}

/**
 * Leaving a view cancels what it started (`cancel` decides whether anything is left to cancel), `delayMs` later,
 * so a remount (React's strict mode runs effects twice) keeps it.
 */
export function useCancelOnLeave(cancel: () => void, delayMs: number): void {
  const current = useRef(cancel);
  current.current = cancel;
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => {
        if (!mounted.current) current.current();
      }, delayMs);
    };
  }, [delayMs]);
}

const CSS = `
.emb { display: flex; flex-direction: column; gap: 10px; }
.emb form { display: flex; flex-direction: column; gap: 8px; margin: 0; }
.emb label { font-weight: 600; color: var(--latch-color-muted); font-size: calc(var(--latch-font-size) * 1.25); }
.emb .emb-input {
  height: 44px; padding: 0 12px; border-radius: calc(var(--latch-radius) * 3); min-width: 0;
  border: 1px solid var(--latch-color-border); background: var(--latch-color-surface); color: var(--latch-color-fg); font: inherit;
}
.emb .emb-input[aria-invalid='true'] { border-color: var(--latch-color-danger); }
.emb .emb-otp { letter-spacing: 0.5em; text-align: center; font-size: calc(var(--latch-font-size) * 2.2); font-variant-numeric: tabular-nums; }
.emb .emb-note { margin: 0; color: var(--latch-color-muted); font-size: calc(var(--latch-font-size) * 1.3); }
.emb .emb-error { margin: 0; color: var(--latch-color-danger); font-weight: 600; }
.emb .emb-row { display: flex; gap: 8px; }
.emb .emb-row .button, .emb .emb-row .emb-input { flex: 1; }
/* The wallet's pages wear the modal's colours (passed to them), so they sit in the view without a card around them. */
.emb iframe.emb-recovery { width: 100%; height: 312px; border: 0; display: block; background: var(--latch-color-bg); }
.emb iframe.emb-approval, .emb iframe.emb-logins { width: 100%; height: min(440px, 62vh); border: 0; display: block; background: var(--latch-color-bg); }
.emb .emb-socials { display: flex; flex-direction: column; gap: 8px; }
.emb .emb-social-row { display: flex; gap: 8px; }
.emb .emb-social-row .button { flex: 1; padding: 0; }
.emb.emb-center, .emb .emb-center { display: flex; flex-direction: column; align-items: center; gap: 12px; text-align: center; }
.emb.emb-center > .button.block { align-self: stretch; }
.emb.emb-center h3, .emb .emb-center h3 { margin: 0; }
.emb .emb-qr { width: 232px; max-width: 100%; border-radius: calc(var(--latch-radius) * 4); overflow: hidden; background: #fff; line-height: 0; }
.emb .emb-qr svg { width: 100%; height: auto; }
.emb ul.emb-providers { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.emb ul.emb-providers .button { justify-content: flex-start; }
`;

let sheet: CSSStyleSheet | undefined;

/**
 * Adds the connector's stylesheet to the modal's shadow root once: a constructed sheet (no inline <style> for a
 * strict host CSP to refuse), else a <style> element where the engine has no constructed sheets.
 */
export function ViewStyles() {
  const marker = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const root = marker.current?.getRootNode();
    if (!(root instanceof ShadowRoot)) return;
    const Sheet = (globalThis as { CSSStyleSheet?: typeof CSSStyleSheet }).CSSStyleSheet;
    if (Sheet && 'adoptedStyleSheets' in root) {
      try {
        if (!sheet) {
          sheet = new Sheet();
          sheet.replaceSync(CSS);
        }
        if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
        return;
      } catch {
        // falls back to a <style> element
      }
    }
    if ([...root.querySelectorAll('style')].some((s) => s.dataset.latchCss === 'embedded')) return;
    const style = document.createElement('style');
    style.dataset.latchCss = 'embedded';
    style.textContent = CSS;
    root.appendChild(style);
  }, []);
  return <span ref={marker} hidden />;
}

/*
 * The providers' marks as inline SVG (no request, nothing for a host CSP to refuse), decorative: the button
 * around each one carries the name.
 */

const PATHS: Record<SocialProvider, [fill: string, d: string][]> = {
  google: [
    ['#4285F4', 'M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.21 3.31v2.77h3.57c2.08-1.92 3.28-4.74 3.28-8.09z'],
    [
      '#34A853',
      'M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z',
    ],
    ['#FBBC05', 'M5.84 14.09a6.6 6.6 0 0 1 0-4.18V7.07H2.18a11 11 0 0 0 0 9.86z'],
    ['#EA4335', 'M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A11 11 0 0 0 2.18 7.07l3.66 2.84c.87-2.6 3.3-4.53 6.16-4.53z'],
  ],
  x: [
    [
      'currentColor',
      'M18.24 2.25h3.31l-7.23 8.26 8.5 11.24h-6.65l-5.22-6.82-5.97 6.82H1.68l7.73-8.84L1.25 2.25h6.83l4.71 6.23zm-1.16 17.52h1.83L7.08 4.13H5.12z',
    ],
  ],
  discord: [
    [
      '#5865F2',
      'M20.3 4.4A19.8 19.8 0 0 0 15.4 3l-.6 1.3a18.4 18.4 0 0 0-5.6 0L8.6 3a19.7 19.7 0 0 0-4.9 1.5C.6 9.1-.3 13.6.1 18.1A19.9 19.9 0 0 0 6.2 21l1.3-2.1a13 13 0 0 1-2-1l.5-.4a14.2 14.2 0 0 0 12.1 0l.5.4-2 1 1.3 2.1a19.8 19.8 0 0 0 6-3c.5-5.2-.9-9.7-3.6-13.6zM8 15.3c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4zm8 0c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4z',
    ],
  ],
  github: [
    [
      'currentColor',
      'M12 .5a11.5 11.5 0 0 0-3.6 22.4c.6.1.8-.3.8-.6v-2c-3.2.7-3.9-1.5-3.9-1.5-.5-1.3-1.3-1.7-1.3-1.7-1-.7.1-.7.1-.7 1.2.1 1.8 1.2 1.8 1.2 1 1.8 2.8 1.3 3.5 1 .1-.8.4-1.3.7-1.6-2.6-.3-5.3-1.3-5.3-5.7 0-1.3.5-2.3 1.2-3.1-.1-.3-.5-1.5.1-3.1 0 0 1-.3 3.2 1.2a11 11 0 0 1 5.8 0c2.2-1.5 3.2-1.2 3.2-1.2.6 1.6.2 2.8.1 3.1.8.8 1.2 1.9 1.2 3.1 0 4.4-2.7 5.4-5.3 5.7.4.4.8 1.1.8 2.2v3.3c0 .3.2.7.8.6A11.5 11.5 0 0 0 12 .5z',
    ],
  ],
  apple: [
    [
      'currentColor',
      'M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9s-2-.9-3.4-.9C5.9 6.8 4.2 7.9 3.3 9.5c-1.9 3.3-.5 8.1 1.3 10.8.9 1.3 2 2.7 3.3 2.7 1.3-.1 1.8-.9 3.4-.9s2 .9 3.4.8c1.4 0 2.3-1.3 3.2-2.6 1-1.5 1.4-2.9 1.4-3-.1 0-2.9-1.1-2.9-4.3zM13.8 5c.7-.9 1.2-2.1 1.1-3.3-1 0-2.3.7-3 1.6-.7.8-1.3 2-1.1 3.2 1.1.1 2.3-.6 3-1.5z',
    ],
  ],
  facebook: [
    [
      '#1877F2',
      'M12 1a11 11 0 0 0-1.7 21.9v-7.6H7.5V12h2.8V9.5c0-2.8 1.6-4.3 4.2-4.3 1.2 0 2.5.2 2.5.2v2.8h-1.4c-1.4 0-1.8.9-1.8 1.8V12h3.1l-.5 3.3h-2.6v7.6A11 11 0 0 0 12 1z',
    ],
  ],
  farcaster: [
    ['#855DCD', 'M5 2h14a3 3 0 0 1 3 3v14a3 3 0 0 1-3 3H5a3 3 0 0 1-3-3V5a3 3 0 0 1 3-3zm1.5 4v12h2.2v-5.3a3.3 3.3 0 0 1 6.6 0V18h2.2V6z'],
  ],
};

export function ProviderIcon({ provider, size = 20 }: { provider: SocialProvider; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false" className="emb-provider-icon">
      {PATHS[provider].map(([fill, d]) => (
        <path key={d.slice(0, 12)} fill={fill} d={d} />
      ))}
    </svg>
  );
}

export function MoreIcon() {
  return (
    <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M5 10a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm7 0a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm7 0a2 2 0 1 1 0 4 2 2 0 0 1 0-4z" />
    </svg>
  );
}
