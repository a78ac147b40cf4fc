import { THEME_PALETTES, tokenDeclarations } from './tokens.js';

/*
 * The modal's whole stylesheet. It lives inside the shadow root: nothing here can reach the host
 * page and the host's CSS cannot reach in. Colours meet WCAG AA in both modes; the two palettes are the published tokens (tokens.ts).
 */
export const MODAL_CSS = `
:host { all: initial; }
.latch-root {
  --latch-font-size: var(--latch-font-size-master, 10px);
  --latch-radius: var(--latch-border-radius-master, 4px);
  --latch-font: var(--latch-font-family, system-ui, sans-serif);
  --latch-color-accent: var(--latch-accent, #2563eb);
  --latch-color-on-accent: #ffffff;
  font-family: var(--latch-font);
  font-size: calc(var(--latch-font-size) * 1.5);
  line-height: 1.4;
  color: var(--latch-color-fg);
  -webkit-font-smoothing: antialiased;
}
.latch-root[data-theme='dark'] { ${tokenDeclarations(THEME_PALETTES.dark)} color-scheme: dark; }
.latch-root[data-theme='light'] { ${tokenDeclarations(THEME_PALETTES.light)} color-scheme: light; }
* { box-sizing: border-box; }
button, input, a { font: inherit; color: inherit; }
button { cursor: pointer; }
:focus-visible { outline: 2px solid var(--latch-color-focus); outline-offset: 2px; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }

/* Placed on the visual viewport by script (Dialog); inset 0 until then, and where there is no visualViewport. */
.overlay {
  position: fixed; inset: 0; z-index: var(--latch-z-index, 999);
  display: flex; align-items: center; justify-content: center;
  background: var(--latch-color-overlay); animation: fade 150ms ease-out;
}
.dialog {
  width: 360px; max-width: calc(100% - 24px); max-height: calc(100% - 48px);
  background: var(--latch-color-bg); color: var(--latch-color-fg);
  border: 1px solid var(--latch-color-border); border-radius: calc(var(--latch-radius) * 5);
  box-shadow: 0 24px 64px rgba(0, 0, 0, 0.35);
  display: flex; flex-direction: column; overflow: hidden;
  animation: rise 150ms ease-out;
}
.dialog.embedded { box-shadow: none; max-height: none; }
.dialog[data-shake='true'] { animation: shake 500ms ease; }
/* A sheet on phones: sized by the overlay (the visual viewport), not by a layout viewport a wide host page grew. */
.overlay.inline { position: static; background: none; }
.overlay:not(.inline) { container: latch-overlay / inline-size; }
@container latch-overlay (max-width: 430px) {
  .dialog {
    align-self: flex-end;
    width: 100%; max-width: 100%; border-radius: calc(var(--latch-radius) * 5) calc(var(--latch-radius) * 5) 0 0;
    border-bottom: 0; max-height: 88%; animation: sheet 150ms ease-out;
  }
}
.header { display: grid; grid-template-columns: 40px 1fr 40px; align-items: center; padding: 14px 14px 6px; }
.header h2 { margin: 0; text-align: center; font-size: calc(var(--latch-font-size) * 1.6); font-weight: 600; animation: fade 120ms ease-out; }
.icon-button {
  width: 36px; height: 36px; border-radius: calc(var(--latch-radius) * 3); border: 0; background: transparent;
  display: inline-flex; align-items: center; justify-content: center; color: var(--latch-color-muted);
}
.icon-button:hover { background: var(--latch-color-surface); color: var(--latch-color-fg); }
.body { padding: 8px 14px 16px; overflow-y: auto; animation: fade 150ms ease-out; }

.list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.row {
  width: 100%; display: flex; align-items: center; gap: 12px; padding: 10px 12px;
  border: 0; border-radius: calc(var(--latch-radius) * 4); background: var(--latch-color-surface); text-align: left; text-decoration: none;
}
.row:hover, .row[aria-current='true'] { background: var(--latch-color-surface-2); }
.row .name { flex: 1; font-weight: 500; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.tag { font-size: calc(var(--latch-font-size) * 1.1); padding: 2px 8px; border-radius: 999px; background: var(--latch-color-bg); color: var(--latch-color-muted); border: 1px solid var(--latch-color-border); }
/* The accent marks the tag's border only: as text it is not readable on the dark background. */
.tag.accent { color: var(--latch-color-fg); border-color: var(--latch-color-accent); }
.section-title { font-size: calc(var(--latch-font-size) * 1.2); color: var(--latch-color-muted); margin: 14px 4px 6px; font-weight: 600; text-transform: uppercase; letter-spacing: 0.04em; }
.wallet-icon { width: 36px; height: 36px; border-radius: calc(var(--latch-radius) * 2.5); object-fit: cover; background: var(--latch-color-surface-2); flex: none; }
.monogram { display: inline-flex; align-items: center; justify-content: center; font-weight: 700; color: #ffffff; }
.monogram::before { content: attr(data-letter); }
.wallet-icon.large { width: 72px; height: 72px; border-radius: calc(var(--latch-radius) * 5); }
.wallet-icon.monogram { font-size: 15px; }
.wallet-icon.large.monogram { font-size: 28px; }
.token-icon, .network-badge { border-radius: 50%; flex: none; }
.token-icon.monogram { color: var(--latch-color-fg); }
.network-badge { width: 28px; height: 28px; }
.monogram.network-badge { font-size: 12px; }
.all-wallets-entry { margin-top: 6px; }
.after-list { margin-top: 12px; }
.unsupported-intro { margin: 0 4px 12px; text-align: center; }

.button {
  display: inline-flex; align-items: center; justify-content: center; gap: 8px;
  height: 44px; padding: 0 16px; border-radius: calc(var(--latch-radius) * 3); border: 1px solid var(--latch-color-border);
  background: var(--latch-color-surface); font-weight: 600;
}
.button.primary { background: var(--latch-color-accent); color: var(--latch-color-on-accent); border-color: transparent; }
.button.danger { color: var(--latch-color-danger); }
.button.block { width: 100%; }
.button:hover { filter: brightness(1.08); }
.button:disabled { opacity: 0.6; cursor: default; }

.search {
  width: 100%; height: 44px; padding: 0 12px; border-radius: calc(var(--latch-radius) * 3);
  border: 1px solid var(--latch-color-border); background: var(--latch-color-surface); color: var(--latch-color-fg); margin-bottom: 10px;
}
.search::placeholder { color: var(--latch-color-muted); }
.grid { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 8px; list-style: none; margin: 0; padding: 0; }
.tile {
  display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 10px 4px;
  border: 0; border-radius: calc(var(--latch-radius) * 3); background: var(--latch-color-surface); width: 100%; min-width: 0; text-decoration: none;
}
.tile:hover { background: var(--latch-color-surface-2); }
.tile span { font-size: calc(var(--latch-font-size) * 1.15); max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }

.center { display: flex; flex-direction: column; align-items: center; text-align: center; gap: 10px; padding: 12px 8px 4px; }
.center h3 { margin: 6px 0 0; font-size: calc(var(--latch-font-size) * 1.7); }
.center p { margin: 0; color: var(--latch-color-muted); }
.pending { position: relative; width: 96px; height: 96px; display: flex; align-items: center; justify-content: center; }
.pending svg.ring { position: absolute; inset: 0; animation: spin 1.1s linear infinite; }
.pending.error .wallet-icon { outline: 2px solid var(--latch-color-danger); outline-offset: 4px; }
.error-text { color: var(--latch-color-danger); font-weight: 600; }

.account-head { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 4px 0 10px; }
.avatar { width: 64px; height: 64px; border-radius: 50%; flex: none; object-fit: cover; }
.avatar.small { width: 24px; height: 24px; }
.account-name { display: flex; align-items: center; gap: 4px; font-size: calc(var(--latch-font-size) * 1.8); font-weight: 600; }
.balance { color: var(--latch-color-muted); font-size: calc(var(--latch-font-size) * 1.5); }
.actions { display: flex; gap: 8px; justify-content: center; flex-wrap: wrap; margin: 6px 0 10px; }
/* The wallet features (Buy, Swap, Receive, Send): one row of tiles, icon over word, on any width. */
.features { display: grid; grid-auto-flow: column; grid-auto-columns: minmax(0, 1fr); gap: 8px; margin: 0 0 10px; }
.features .button { flex-direction: column; gap: 4px; height: auto; min-height: 56px; padding: 8px 4px; font-size: calc(var(--latch-font-size) * 1.3); }
.tabs { display: grid; grid-auto-flow: column; grid-auto-columns: 1fr; gap: 4px; background: var(--latch-color-surface); border-radius: calc(var(--latch-radius) * 3); padding: 4px; }
.tab { border: 0; background: transparent; border-radius: calc(var(--latch-radius) * 2); height: 32px; font-weight: 600; color: var(--latch-color-muted); }
.tab[aria-selected='true'], .tab[aria-pressed='true'] { background: var(--latch-color-bg); color: var(--latch-color-fg); }
.row.account-entry, .account-type, .sessions { margin: 0 0 10px; }
.account-type .tabs { margin-top: 4px; }
.account-type-note { margin: 4px 0 0; }
.sessions h3 { margin: 0 0 4px; font-size: inherit; }
.sessions ul { list-style: none; margin: 0; padding: 0; }
.sessions .row { gap: 8px; }
.sessions .button { flex: 0 0 auto; }
.siwx-details { margin: 0; display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; text-align: left; }
.siwx-details dd { margin: 0; }
.panel { padding: 10px 0 0; min-height: 96px; }
.empty { color: var(--latch-color-muted); text-align: center; padding: 20px 8px; margin: 0; }
.consent { display: flex; gap: 8px; align-items: flex-start; margin: 0 0 10px; }
.consent input { width: 18px; height: 18px; margin: 1px 0 0; accent-color: var(--latch-color-accent); flex: none; }
.consent-gate[inert] { opacity: 0.5; }
.token { display: flex; align-items: center; gap: 10px; padding: 8px 4px; }
.token .figures { margin-left: auto; text-align: right; }
.token .muted, .muted { color: var(--latch-color-muted); }

.snackbar {
  position: fixed; left: 50%; bottom: 24px; transform: translateX(-50%); z-index: calc(var(--latch-z-index, 999) + 1);
  display: flex; align-items: center; gap: 8px; padding: 10px 14px; border-radius: 999px;
  background: var(--latch-color-bg); color: var(--latch-color-fg); border: 1px solid var(--latch-color-border); box-shadow: 0 8px 24px rgba(0,0,0,0.3);
  animation: rise 150ms ease-out;
}
.snackbar[data-variant='error'] .dot { background: var(--latch-color-danger); }
.snackbar[data-variant='success'] .dot { background: var(--latch-color-success); }
.snackbar .dot { width: 8px; height: 8px; border-radius: 50%; background: var(--latch-color-accent); }
.alert { margin: 0 14px 8px; padding: 10px 12px; border-radius: calc(var(--latch-radius) * 3); border: 1px solid var(--latch-color-danger); background: var(--latch-color-surface); display: flex; gap: 8px; align-items: flex-start; }
.alert > div { flex: 1; }
.alert strong { display: block; }
.alert p { margin: 2px 0 0; color: var(--latch-color-muted); }
.footer-link { display: block; text-align: center; margin-top: 12px; color: var(--latch-color-muted); }
.spinner { width: 16px; height: 16px; border: 2px solid currentColor; border-right-color: transparent; border-radius: 50%; animation: spin 0.8s linear infinite; }

/* Fades start partly visible: the first painted frame already shows the content. */
@keyframes fade { from { opacity: 0.4; } to { opacity: 1; } }
@keyframes rise { from { opacity: 0.4; transform: translateY(8px); } to { opacity: 1; transform: none; } }
@keyframes sheet { from { opacity: 0.4; transform: translateY(24px); } to { opacity: 1; transform: none; } }
@keyframes spin { to { transform: rotate(360deg); } }
@keyframes shake { 10%, 90% { transform: translateX(-2px); } 20%, 80% { transform: translateX(4px); } 30%, 50%, 70% { transform: translateX(-6px); } 40%, 60% { transform: translateX(6px); } }
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { animation: none !important; transition: none !important; }
}
`;
