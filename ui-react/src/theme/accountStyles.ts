import { FIELD_CSS } from './blockStyles.js';

/* Styles of the Send, Receive, Activity and NFTs views: loaded with them, not with the modal shell. */
export const ACCOUNT_CSS = `
${FIELD_CSS}
.token-pick { height: 44px; }
.summary { display: flex; flex-direction: column; gap: 8px; background: var(--latch-color-surface); border-radius: calc(var(--latch-radius) * 4); padding: 12px; margin-bottom: 12px; }
.summary .line { display: flex; justify-content: space-between; gap: 12px; align-items: center; }
.summary .line > :first-child { color: var(--latch-color-muted); }
.summary .line > :last-child { text-align: right; overflow-wrap: anywhere; }
.big-amount { font-size: calc(var(--latch-font-size) * 2.6); font-weight: 700; text-align: center; margin: 4px 0 12px; overflow-wrap: anywhere; }
.button-row { display: flex; gap: 8px; }
.button-row.full { width: 100%; }
.spinner.large { width: 40px; height: 40px; }
.network-name { display: inline-flex; gap: 6px; align-items: center; }
.hint.centered { text-align: center; margin-top: 10px; }
.hint.note { margin-bottom: 12px; }
.activity-row .tag { margin-left: 6px; }
.tag.failed { color: var(--latch-color-danger); }
.button-row .button { flex: 1; }
.feature-buttons { display: flex; gap: 8px; justify-content: center; margin: 0 0 12px; }
.feature-buttons .button { flex: 1; }
.qr { display: block; margin: 4px auto 12px; border-radius: calc(var(--latch-radius) * 3); }
.address-box { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: calc(var(--latch-font-size) * 1.35); overflow-wrap: anywhere; text-align: center; background: var(--latch-color-surface); border-radius: calc(var(--latch-radius) * 3); padding: 10px 12px; margin: 0 0 10px; }
.chips { display: flex; flex-wrap: wrap; gap: 6px; justify-content: center; list-style: none; padding: 0; margin: 6px 0 0; }
.activity-group h3 { font-size: calc(var(--latch-font-size) * 1.2); color: var(--latch-color-muted); margin: 12px 4px 6px; font-weight: 600; }
.activity-row { display: flex; align-items: center; gap: 10px; padding: 8px; border-radius: calc(var(--latch-radius) * 3); color: inherit; text-decoration: none; }
a.activity-row:hover { background: var(--latch-color-surface); }
.activity-row .what { flex: 1; min-width: 0; }
.activity-row .what strong { display: block; }
.activity-row .what span, .activity-row .when { color: var(--latch-color-muted); font-size: calc(var(--latch-font-size) * 1.25); }
.activity-row .what > span { display: block; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.activity-row .figures { text-align: right; white-space: nowrap; display: flex; flex-direction: column; align-items: flex-end; }
.activity-row .in { color: var(--latch-color-success); }
.activity-icon { width: 32px; height: 32px; border-radius: 50%; background: var(--latch-color-surface-2); display: inline-flex; align-items: center; justify-content: center; flex: none; object-fit: cover; }
.nft-grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 10px; list-style: none; padding: 0; margin: 0; }
.nft { background: var(--latch-color-surface); border-radius: calc(var(--latch-radius) * 3); overflow: hidden; }
.nft .art { display: block; width: 100%; aspect-ratio: 1; object-fit: cover; background: var(--latch-color-surface-2); }
.nft .art.placeholder { display: flex; align-items: center; justify-content: center; color: var(--latch-color-muted); font-size: calc(var(--latch-font-size) * 1.25); }
.nft .caption { padding: 8px 10px; }
.nft .caption strong, .nft .caption span { display: block; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.nft .caption span { color: var(--latch-color-muted); font-size: calc(var(--latch-font-size) * 1.2); }
.result-icon { width: 56px; height: 56px; border-radius: 50%; display: inline-flex; align-items: center; justify-content: center; background: var(--latch-color-surface); }
.result-icon.ok { color: var(--latch-color-success); }
.result-icon.bad { color: var(--latch-color-danger); }
.more { margin-top: 10px; }
`;
