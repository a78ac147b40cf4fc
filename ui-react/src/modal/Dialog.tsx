import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

/** The elements a Latch modal is hosted in: `<latch-modal>`, or `<LatchModalHost/>`'s element. */
const MODAL_HOSTS = 'latch-modal, [data-latch-host]';

/** §2: the modal's height follows its content over this long. */
export const MODAL_HEIGHT_MS = 150;

const prefersReducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

// iframe: the wallet's own pages (recovery, approval) are part of the dialog's Tab order.
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, iframe, [tabindex]:not([tabindex="-1"])';

function activeIn(root: Node): Element | null {
  const rootNode = root.getRootNode() as Document | ShadowRoot;
  return rootNode.activeElement ?? null;
}

export interface DialogProps {
  titleId: string;
  /** The view shown (a `data-view` for tests and styling hooks). */
  view: string;
  embedded: boolean;
  shake: boolean;
  /** Asked to close (Esc, a click on the backdrop); the kernel may refuse. */
  onRequestClose(): void;
  children: ReactNode;
}

/**
 * Keeps the overlay on the visual viewport: what the visitor sees. A host page wider than the phone (an unbreakable
 * line, a wide table) grows the layout viewport that `position: fixed` and `vw` refer to, which would put the sheet
 * partly off screen; the visual viewport's offset and size, read from the browser, never do.
 */
function useVisualViewport(ref: RefObject<HTMLDivElement | null>, embedded: boolean): void {
  useLayoutEffect(() => {
    const overlay = ref.current;
    const viewport = globalThis.visualViewport;
    if (embedded || !overlay || !viewport) return;
    const place = () => {
      overlay.style.left = `${viewport.offsetLeft}px`;
      overlay.style.top = `${viewport.offsetTop}px`;
      overlay.style.width = `${viewport.width}px`;
      overlay.style.height = `${viewport.height}px`;
    };
    place();
    viewport.addEventListener('resize', place);
    viewport.addEventListener('scroll', place);
    return () => {
      viewport.removeEventListener('resize', place);
      viewport.removeEventListener('scroll', place);
    };
  }, [ref, embedded]);
}

// long: the focus trap's and the height glide's effects as hooks of their own cost the modal shell chunk (mountModal,
// in every app) 27 to 29 bytes gzip, measured with its effects merged where their timing allows; nothing in this file won it back
/**
 * role=dialog with aria-modal and a labelled title; keeps focus inside while open and returns it
 * to whatever had it before (RainbowKit's FocusTrap is the model).
 */
export function Dialog({ titleId, view, embedded, shake, onRequestClose, children }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  useVisualViewport(overlay, embedded);
  const previousFocus = useRef<HTMLElement | null>(null);

  // Before paint: a key pressed the moment the dialog shows must already land inside it.
  useLayoutEffect(() => {
    if (embedded) return;
    previousFocus.current = document.activeElement as HTMLElement | null;
    const dialog = ref.current;
    const first = dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog)?.focus();
  }, [embedded]);

  // After the dialog is gone, focus goes back to whatever had it before.
  useEffect(() => {
    if (embedded) return;
    return () => {
      const previous = previousFocus.current;
      if (previous?.isConnected && typeof previous.focus === 'function') previous.focus();
    };
  }, [embedded]);

  // When a view swaps its content, focus must not fall out of the dialog onto <body>.
  useEffect(() => {
    if (embedded) return;
    const dialog = ref.current;
    if (!dialog) return;
    const observer = new MutationObserver(() => {
      if (!dialog.contains(activeIn(dialog))) {
        (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog).focus();
      }
    });
    observer.observe(dialog, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [embedded]);

  // Tab out of a frame inside the dialog (the wallet's page) leaves by the frame's own document, past this trap's
  // key handler: focus landing anywhere on the page behind comes back to the dialog.
  useEffect(() => {
    if (embedded) return;
    const dialog = ref.current;
    if (!dialog) return;
    const host = (dialog.getRootNode() as ShadowRoot).host ?? dialog;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Node | null;
      // A dialog on its way out (focus going back to the trigger) keeps nothing.
      if (!dialog.isConnected || !target || target === host || host.contains(target) || dialog.contains(target)) return;
      // Focus that went into another modal (a second instance, a host-placed modal) is that modal's: taking it back
      // would make the two pull focus from each other forever.
      if (event.composedPath().some((node) => node instanceof Element && node.matches(MODAL_HOSTS))) return;
      (dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog).focus();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [embedded]);

  // Esc closes wherever focus is (the page behind is inert to the visitor while the modal is open);
  // listening from before paint, so an Esc pressed as the dialog appears is not lost.
  const requestClose = useRef(onRequestClose);
  requestClose.current = onRequestClose;
  useLayoutEffect(() => {
    if (embedded) return;
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      requestClose.current();
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, [embedded]);

  // §2 "modal height 150 ms": when a view changes the dialog's height, it glides there instead of
  // jumping. The first size (opening) is not animated; reduced motion turns it off.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof ResizeObserver === 'undefined' || typeof dialog.animate !== 'function') return;
    let last: number | undefined;
    let running: Animation | undefined;
    const observer = new ResizeObserver(() => {
      // While it glides, the size it reports is the animation's own; the content's shows once it ends.
      if (running?.playState === 'running') return;
      const next = dialog.getBoundingClientRect().height;
      const previous = last;
      last = next;
      if (previous === undefined || Math.abs(previous - next) < 1 || prefersReducedMotion()) return;
      running = dialog.animate([{ height: `${previous}px` }, { height: `${next}px` }], { duration: MODAL_HEIGHT_MS, easing: 'ease' });
    });
    observer.observe(dialog);
    return () => observer.disconnect();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || embedded) return;
    const dialog = ref.current;
    if (!dialog) return;
    const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute('inert'));
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const current = activeIn(dialog);
    const first = items[0] as HTMLElement;
    const last = items[items.length - 1] as HTMLElement;
    if (event.shiftKey && (current === first || !dialog.contains(current))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (current === last || !dialog.contains(current))) {
      event.preventDefault();
      first.focus();
    }
  }

  const dialog = (
    <div
      ref={ref}
      role="dialog"
      aria-modal={embedded ? undefined : true}
      aria-labelledby={titleId}
      tabIndex={-1}
      className={embedded ? 'dialog embedded' : 'dialog'}
      data-shake={shake}
      data-testid="latch-dialog"
      data-view={view}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>
  );
  if (embedded) return <div className="overlay inline">{dialog}</div>;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop is a pointer shortcut; Esc and the Close button are the keyboard way.
    <div ref={overlay} className="overlay" onMouseDown={(e) => e.target === e.currentTarget && onRequestClose()}>
      {dialog}
    </div>
  );
}
