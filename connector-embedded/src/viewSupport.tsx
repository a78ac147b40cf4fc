import {
  EMBEDDED_WALLET_LOAD_FAILED_ALERT,
  EMBEDDED_WALLET_TIMEOUT_ALERT,
  INVALID_APP_CONFIGURATION_ALERT,
  INVALID_PROJECT_ID_ALERT,
  SESSION_EXPIRED_ALERT,
} from '@latch/kernel';
import { getInternals } from '@latch/kernel/internal';
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ControllerState, EmbeddedController, EmbeddedError } from './controller.js';
import type { EmbeddedWalletPlugin } from './index.js';

/** The modal as the views use it. */
export type ModalLike = Parameters<typeof getInternals>[0] & {
  connect(id: string): Promise<unknown>;
  close(options?: { force?: boolean }): boolean;
  options: { connectors?: readonly unknown[] };
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

const ALERTS = [
  INVALID_APP_CONFIGURATION_ALERT,
  EMBEDDED_WALLET_LOAD_FAILED_ALERT,
  EMBEDDED_WALLET_TIMEOUT_ALERT,
  INVALID_PROJECT_ID_ALERT,
  SESSION_EXPIRED_ALERT,
];

/** Shows the §8 alert (once, as the modal does) of a failure that has one. */
export function alertFor(modal: ModalLike, error: EmbeddedError): void {
  const alert = error.alert && ALERTS.find((a) => a.title === error.alert);
  if (alert) getInternals(modal).feedback.showAlert({ id: alert.id, title: alert.title, description: alert.description });
}

const CSS = `
.emb { display: flex; flex-direction: column; gap: 10px; }
.emb form { display: flex; flex-direction: column; gap: 8px; margin: 0; }
.emb label { font-weight: 600; color: var(--muted); font-size: calc(var(--fs) * 1.25); }
.emb .emb-input {
  height: 44px; padding: 0 12px; border-radius: calc(var(--r) * 3); min-width: 0;
  border: 1px solid var(--border); background: var(--surface); color: var(--fg); font: inherit;
}
.emb .emb-input[aria-invalid='true'] { border-color: var(--danger); }
.emb .emb-otp { letter-spacing: 0.5em; text-align: center; font-size: calc(var(--fs) * 2.2); font-variant-numeric: tabular-nums; }
.emb .emb-note { margin: 0; color: var(--muted); font-size: calc(var(--fs) * 1.3); }
.emb .emb-error { margin: 0; color: var(--danger); font-weight: 600; }
.emb .emb-row { display: flex; gap: 8px; }
.emb .emb-row .button { flex: 1; }
.emb iframe.emb-recovery { width: 100%; height: 220px; border: 1px solid var(--border); border-radius: calc(var(--r) * 3); background: var(--surface); }
.emb dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 0; background: var(--surface); border-radius: calc(var(--r) * 4); padding: 12px; }
.emb dt { color: var(--muted); }
.emb dd { margin: 0; overflow-wrap: anywhere; text-align: right; }
.emb pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 180px; overflow: auto; background: var(--surface); border-radius: calc(var(--r) * 4); padding: 12px; font: inherit; }
.emb ul.emb-instructions { margin: 0; padding: 12px 12px 12px 28px; background: var(--surface); border-radius: calc(var(--r) * 4); overflow-wrap: anywhere; }
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
