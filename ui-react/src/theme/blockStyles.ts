/*
 * Styles of the building blocks `@latch/react` exports for plugin views (ViewHeader, Button, ListRow,
 * TextInput, Alert). Only the public `--latch-*` tokens appear here, so a view built from these
 * blocks follows the theme: both modes and the integrator's overrides. The blocks add this sheet to
 * the modal's shadow root when they first render (the shell's stylesheet carries none of it); Button
 * and ListRow use the shell's `.button` and `.row` rules, which every view shares.
 */

/** Labelled fields, their hints and errors: shared with the Send view's stylesheet. */
export const FIELD_CSS = `
.field { display: flex; flex-direction: column; gap: 6px; margin-bottom: 12px; }
.field label, .field .label { font-size: calc(var(--latch-font-size) * 1.25); font-weight: 600; color: var(--latch-color-muted); }
.field .control { display: flex; align-items: center; gap: 8px; }
.input {
  min-width: 0; height: 44px; padding: 0 12px; border-radius: calc(var(--latch-radius) * 3);
  border: 1px solid var(--latch-color-border); background: var(--latch-color-surface); color: var(--latch-color-fg);
}
/* Grows only beside a button (Max): in a field's column, flex: 1 would squash it to its text's height. */
.control .input { flex: 1; }
.input.amount { font-size: calc(var(--latch-font-size) * 2); font-weight: 600; }
.input[aria-invalid='true'] { border-color: var(--latch-color-danger); }
.input::placeholder { color: var(--latch-color-muted); }
.hint { font-size: calc(var(--latch-font-size) * 1.25); color: var(--latch-color-muted); margin: 0; overflow-wrap: anywhere; }
.hint.error { color: var(--latch-color-danger); font-weight: 600; }
.hint.warning { color: var(--latch-color-fg); font-weight: 600; border-left: 3px solid var(--latch-color-danger); padding-left: 8px; }
`;

export const BLOCKS_CSS = `${FIELD_CSS}
.latch-view-header { margin: 0 0 12px; text-align: center; }
.latch-view-header h3 { margin: 0; font-size: calc(var(--latch-font-size) * 1.7); font-weight: 600; }
.latch-view-header p { margin: 4px 0 0; color: var(--latch-color-muted); }
.row .latch-row-text { flex: 1; min-width: 0; display: flex; flex-direction: column; }
.row .latch-row-text .name, .row .latch-row-text .description { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.row .latch-row-text .description { color: var(--latch-color-muted); font-size: calc(var(--latch-font-size) * 1.25); }
.row .latch-row-end { flex: none; color: var(--latch-color-muted); }
.row:disabled, .row[aria-disabled='true'] { opacity: 0.6; cursor: default; }
.latch-alert {
  display: flex; flex-direction: column; gap: 2px; margin: 0 0 12px; padding: 10px 12px;
  border-radius: calc(var(--latch-radius) * 3); background: var(--latch-color-surface); color: var(--latch-color-fg);
  border: 1px solid var(--latch-color-border); border-left: 4px solid var(--alert-mark); overflow-wrap: anywhere;
}
.latch-alert[data-variant='info'] { --alert-mark: var(--latch-color-focus); }
.latch-alert[data-variant='success'] { --alert-mark: var(--latch-color-success); }
.latch-alert[data-variant='warning'] { --alert-mark: var(--latch-color-warning); }
.latch-alert[data-variant='error'] { --alert-mark: var(--latch-color-danger); }
.latch-alert strong { color: var(--alert-mark); }
`;
