import type { ThemeMode } from '@latch/kernel';

export const MODAL_ELEMENT_NAME = 'latch-modal';

/**
 * What the visitor sees in the first frame after a click when the modal's code is still on its way:
 * the overlay and an empty dialog with a spinner, in the theme's colours. Tiny on purpose (it ships
 * on first load); the real modal takes over this element when its chunk arrives.
 */
export function showLoadingShell(mode: ThemeMode): HTMLElement {
  const host = document.createElement(MODAL_ELEMENT_NAME);
  const dark = mode === 'dark';
  const line = dark ? '#34343b' : '#d9d9df';
  // Classes and one stylesheet, no style attribute: a host CSP without 'unsafe-inline' styles refuses
  // neither, since the sheet is a constructed one (a <style> only where the engine has none).
  const css =
    `@keyframes s{to{transform:rotate(360deg)}}@media (prefers-reduced-motion:reduce){i{animation:none!important}}` +
    `.o{position:fixed;inset:0;z-index:var(--latch-z-index,999);display:flex;align-items:center;justify-content:center;background:${dark ? 'rgba(0,0,0,.6)' : 'rgba(15,15,20,.45)'}}` +
    `.d{width:360px;max-width:calc(100vw - 24px);height:240px;display:flex;align-items:center;justify-content:center;border-radius:20px;background:${dark ? '#141416' : '#fff'};border:1px solid ${line}}` +
    `i{width:24px;height:24px;border-radius:50%;border:3px solid ${line};border-top-color:var(--latch-accent,#2563eb);animation:s .8s linear infinite}` +
    'span{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}';
  const shadow = host.attachShadow({ mode: 'open' });
  let style = `<style>${css}</style>`;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    shadow.adoptedStyleSheets = [sheet];
    style = '';
  } catch {
    // No constructed sheets in this engine: the <style> element above.
  }
  shadow.innerHTML = `${style}<div class="o"><div role="dialog" aria-modal="true" aria-label="Connect Wallet" aria-busy="true" class="d"><i></i><span role="status">Loading</span></div></div>`;
  document.body.appendChild(host);
  return host;
}
