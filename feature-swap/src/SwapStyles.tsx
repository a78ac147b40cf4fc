import { useLayoutEffect, useRef } from 'react';

const CSS = `
.swap .field { display: flex; flex-direction: column; gap: 6px; margin-bottom: 12px; }
.swap .label { font-weight: 600; color: var(--latch-color-muted); }
.swap .row { display: flex; gap: 8px; align-items: stretch; }
.swap input[type='text'] {
  height: 44px; padding: 0 12px; border-radius: calc(var(--latch-radius) * 3); min-width: 0;
  border: 1px solid var(--latch-color-border); background: var(--latch-color-surface); color: var(--latch-color-fg);
}
/* Grows only beside a button: in a field's column, flex: 1 would squash it to its text's height. */
.swap .row input[type='text'] { flex: 1; }
.swap .row output { flex: 1; margin: 0; align-self: center; }
.swap input[aria-invalid='true'] { border-color: var(--latch-color-danger); }
.swap .pick { min-width: 110px; justify-content: center; }
.swap .note { color: var(--latch-color-muted); margin: 0 0 12px; overflow-wrap: anywhere; }
.swap .error, .swap .note.error { color: var(--latch-color-danger); font-weight: 600; }
.swap .summary { display: grid; gap: 6px; padding: 10px 12px; border-radius: calc(var(--latch-radius) * 3); background: var(--latch-color-surface); margin-bottom: 12px; }
.swap .summary .line { display: flex; justify-content: space-between; gap: 12px; }
.swap .summary .line > span:first-child { color: var(--latch-color-muted); }
.swap .swap-title { margin: 0 0 12px; font-size: 1.1em; }
.swap .token-list { list-style: none; margin: 0 0 12px; padding: 0; max-height: 260px; overflow-y: auto; }
.swap .token-row {
  display: flex; width: 100%; gap: 8px; align-items: baseline; padding: 10px 12px; margin-bottom: 4px;
  border: 1px solid transparent; border-radius: calc(var(--latch-radius) * 3); background: var(--latch-color-surface); color: var(--latch-color-fg);
  cursor: pointer; text-align: left; font: inherit;
}
.swap .token-row:focus-visible { outline: 2px solid var(--latch-color-accent, currentColor); outline-offset: 1px; }
.swap .token-row:disabled { opacity: 0.5; cursor: not-allowed; }
.swap .token-row .symbol { font-weight: 600; }
.swap .token-row .name { color: var(--latch-color-muted); flex: 1; }
.swap .actions { display: flex; flex-direction: column; gap: 8px; }
.swap .center { text-align: center; }
`;

/** Adds the view's stylesheet to the modal's shadow root once. */
export function SwapStyles() {
  const marker = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const root = marker.current?.getRootNode();
    if (!(root instanceof ShadowRoot)) return;
    if ([...root.querySelectorAll('style')].some((s) => s.dataset.latchCss === 'swap')) return;
    const style = document.createElement('style');
    style.dataset.latchCss = 'swap';
    style.textContent = CSS;
    root.appendChild(style);
  }, []);
  return <span ref={marker} hidden />;
}
