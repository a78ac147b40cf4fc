import { MODAL_CSS } from '../theme/styles.js';

/** Attaches an open shadow root to `host` and gives it the modal's stylesheet (never the page's). */
export function attachModalShadow(host: HTMLElement): { shadow: ShadowRoot; container: HTMLDivElement } {
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const Sheet = (globalThis as { CSSStyleSheet?: typeof CSSStyleSheet }).CSSStyleSheet;
  let adopted = false;
  if (Sheet && 'adoptedStyleSheets' in shadow) {
    try {
      const sheet = new Sheet();
      sheet.replaceSync(MODAL_CSS);
      shadow.adoptedStyleSheets = [sheet];
      adopted = true;
    } catch {
      // Older engines: fall back to a <style> inside the shadow root below.
    }
  }
  if (!adopted) {
    const style = document.createElement('style');
    style.textContent = MODAL_CSS;
    shadow.appendChild(style);
  }
  const container = document.createElement('div');
  shadow.appendChild(container);
  return { shadow, container };
}
