import { getInternals } from '@latch/kernel/internal';
import { useLayoutEffect, useRef } from 'react';
import type { NamesPlugin } from './createNamesPlugin.js';

/** The modal instance a view receives (`@latch/react` passes `{ modal, data }`). */
export type ModalLike = Parameters<typeof getInternals>[0];

/** The registered names plugin of this modal (its settings and its name service). */
export function namesPluginOf(modal: ModalLike): NamesPlugin | undefined {
  return getInternals(modal).getPlugin('names') as NamesPlugin | undefined;
}

const CSS = `
.names .field { display: flex; flex-direction: column; gap: 6px; margin-bottom: 12px; }
.names .label { font-weight: 600; color: var(--latch-color-muted); }
.names h3.label { margin: 0 0 6px; font-size: inherit; }
.names .name-input { display: flex; align-items: center; border-radius: calc(var(--latch-radius) * 3); border: 1px solid var(--latch-color-border); background: var(--latch-color-surface); }
.names .name-input:focus-within { outline: 2px solid var(--latch-color-accent); outline-offset: 1px; }
.names .name-input input { flex: 1; min-width: 0; height: 44px; padding: 0 12px; border: 0; background: transparent; color: var(--latch-color-fg); outline: none; }
.names .name-input .suffix { padding: 0 12px; color: var(--latch-color-muted); }
.names .name-input[data-invalid='true'] { border-color: var(--latch-color-danger); }
.names .note { color: var(--latch-color-muted); margin: 0 0 12px; overflow-wrap: anywhere; }
.names .note.error { color: var(--latch-color-danger); font-weight: 600; }
.names .note.ok { color: var(--latch-color-fg); font-weight: 600; }
.names .suggestions { list-style: none; padding: 0; margin: 0 0 12px; display: flex; flex-wrap: wrap; gap: 6px; }
.names .suggestions button { padding: 6px 10px; border-radius: 999px; border: 1px solid var(--latch-color-border); background: var(--latch-color-surface); color: var(--latch-color-fg); cursor: pointer; }
.names .big-name { font-size: 20px; font-weight: 700; text-align: center; margin: 12px 0; overflow-wrap: anywhere; }
`;

/** Adds the views' stylesheet to the modal's shadow root once. */
export function Styles() {
  const marker = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const root = marker.current?.getRootNode();
    if (!(root instanceof ShadowRoot)) return;
    if ([...root.querySelectorAll('style')].some((s) => s.dataset.latchCss === 'names')) return;
    const style = document.createElement('style');
    style.dataset.latchCss = 'names';
    style.textContent = CSS;
    root.appendChild(style);
  }, []);
  return <span ref={marker} hidden />;
}
