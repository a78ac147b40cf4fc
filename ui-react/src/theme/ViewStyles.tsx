import { useLayoutEffect, useRef } from 'react';

/* One constructed sheet per stylesheet text, shared by every shadow root that adopts it. */
const sheets = new Map<string, CSSStyleSheet>();

function adopt(root: ShadowRoot, css: string): boolean {
  const Sheet = (globalThis as { CSSStyleSheet?: typeof CSSStyleSheet }).CSSStyleSheet;
  if (!Sheet || !('adoptedStyleSheets' in root)) return false;
  try {
    let sheet = sheets.get(css);
    if (!sheet) {
      sheet = new Sheet();
      sheet.replaceSync(css);
      sheets.set(css, sheet);
    }
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return true;
  } catch {
    return false;
  }
}

/**
 * Adds a stylesheet to the shadow root `node` renders in (the modal's), once per root; outside a
 * shadow root it does nothing (the modal's stylesheets only apply inside the modal).
 */
export function adoptStyles(node: Node | null | undefined, css: string): void {
  const root = node?.getRootNode();
  if (!(root instanceof ShadowRoot) || adopt(root, css)) return;
  const id = `latch-css-${css.length}-${css.slice(0, 24)}`;
  if ([...root.querySelectorAll('style')].some((s) => s.dataset.latchCss === id)) return;
  const style = document.createElement('style');
  style.dataset.latchCss = id;
  style.textContent = css;
  root.appendChild(style);
}

/**
 * Adds a lazily loaded view's own stylesheet to the modal's shadow root before the view paints,
 * so the shell's stylesheet (first load) carries none of it. A constructed sheet, like the
 * shell's: no inline <style> for a strict CSP to refuse, where the engine allows it.
 */
export function ViewStyles({ css }: { css: string }) {
  const marker = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => adoptStyles(marker.current, css), [css]);
  return <span ref={marker} hidden />;
}
