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
  host.attachShadow({ mode: 'open' }).innerHTML =
    `<style>@keyframes s{to{transform:rotate(360deg)}}@media (prefers-reduced-motion:reduce){i{animation:none!important}}</style>` +
    `<div style="position:fixed;inset:0;z-index:var(--latch-z-index,999);display:flex;align-items:center;justify-content:center;background:${dark ? 'rgba(0,0,0,.6)' : 'rgba(15,15,20,.45)'}">` +
    `<div role="dialog" aria-modal="true" aria-label="Connect Wallet" aria-busy="true" style="width:360px;max-width:calc(100vw - 24px);height:240px;display:flex;align-items:center;justify-content:center;border-radius:20px;background:${dark ? '#141416' : '#fff'};border:1px solid ${dark ? '#34343b' : '#d9d9df'}">` +
    `<i style="width:24px;height:24px;border-radius:50%;border:3px solid ${dark ? '#34343b' : '#d9d9df'};border-top-color:var(--latch-accent,#2563eb);animation:s .8s linear infinite"></i>` +
    '<span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)" role="status">Loading</span></div></div>';
  document.body.appendChild(host);
  return host;
}
