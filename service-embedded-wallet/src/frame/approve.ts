import { safeParse } from 'valibot';
import { type ApprovalDetails, FRAME_CHANNEL_NAME, FrameChannelSchema } from '@latch/connector-embedded/protocol';
import { createApprovalGate } from './approvalGate.js';
import { applyTheme } from './theme.js';

/*
 * The approval page (PROTOCOL §2): a visible page on the wallet service's origin that shows one key-using request
 * as the hidden frame decoded it, and sends back the visitor's answer. The host page only chose where this page
 * sits; it cannot click in it, and the gate below refuses an Approve the visitor could not have seen.
 */

applyTheme();
const requestId = new URLSearchParams(location.search).get('request') ?? '';
const channel = new BroadcastChannel(FRAME_CHANNEL_NAME);
const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const waiting = element<HTMLParagraphElement>('waiting');
const request = element<HTMLElement>('request');
const actions = element<HTMLDivElement>('actions');
const approve = element<HTMLButtonElement>('approve');
const reject = element<HTMLButtonElement>('reject');
const gateText = element<HTMLParagraphElement>('gate');
const outcome = element<HTMLParagraphElement>('outcome');
const HIDDEN = 'Approve works only while this request is fully visible: something covers it or changes how it looks.';
/** How long the page waits for the hidden frame to know its request. */
const UNKNOWN_AFTER_MS = 5_000;
let answered = false;
/** The gate's last state: its text changes only when the state does (a refusal's own words stay until then). */
let shownReason: string | undefined = 'none yet';

const gate = createApprovalGate({
  // A fixed box over the whole page (the request and the buttons), whatever the request's scroll position.
  targets: [element<HTMLDivElement>('guard')],
  focusTarget: window,
  onChange(reason, keyboard) {
    approve.setAttribute('aria-disabled', reason ? 'true' : 'false');
    approve.dataset.keyboardReady = keyboard ? 'false' : 'true';
    if (answered || reason === shownReason) return;
    shownReason = reason;
    gateText.textContent = reason === 'hidden' ? HIDDEN : '';
  },
});

function render(details: ApprovalDetails) {
  document.title = details.title;
  element('title').textContent = details.title;
  element('origin').textContent = details.origin;
  element('account').textContent = details.account;
  const warnings = element<HTMLUListElement>('warnings');
  warnings.replaceChildren(
    ...details.warnings.map((text) => {
      const item = document.createElement('li');
      item.textContent = text;
      return item;
    }),
  );
  warnings.hidden = details.warnings.length === 0;
  const text = element<HTMLPreElement>('text');
  text.textContent = details.text ?? '';
  text.hidden = details.text === undefined;
  element('rows').replaceChildren(
    ...details.rows.flatMap(({ label, value }) => {
      const term = document.createElement('dt');
      term.textContent = label;
      const description = document.createElement('dd');
      description.textContent = value;
      return [term, description];
    }),
  );
  waiting.hidden = true;
  request.hidden = false;
  actions.hidden = false;
  gate.shown();
}

function finish(text: string) {
  answered = true;
  actions.hidden = true;
  outcome.textContent = text;
  outcome.hidden = false;
}

approve.addEventListener('click', (event) => {
  if (answered) return;
  // event.detail 0: a keyboard (or scripted) activation, held to the focus rule as well.
  const refusal = gate.refusal(event.detail === 0 ? 'keyboard' : 'pointer');
  if (refusal) {
    gateText.textContent = `Not approved. ${refusal === 'hidden' ? HIDDEN : 'Take a moment to read the request, then approve.'}`;
    return;
  }
  answered = true;
  approve.setAttribute('aria-disabled', 'true');
  reject.disabled = true;
  gateText.textContent = 'Approved. Signing…';
  channel.postMessage({ kind: 'approval:decide', requestId, approved: true });
});

reject.addEventListener('click', () => {
  if (answered) return;
  answered = true;
  channel.postMessage({ kind: 'approval:decide', requestId, approved: false });
});

const OUTCOMES = {
  approved: 'Approved and signed. You can return to the site.',
  rejected: 'You rejected this request. Nothing was signed.',
  cancelled: 'This request was cancelled. Nothing was signed.',
  failed: 'The request could not be signed.',
};

channel.addEventListener('message', (event) => {
  const parsed = safeParse(FrameChannelSchema, event.data);
  if (!parsed.success || !('requestId' in parsed.output) || parsed.output.requestId !== requestId) return;
  const message = parsed.output;
  if (message.kind === 'approval:show' && request.hidden) render(message.details);
  else if (message.kind === 'approval:done') finish(OUTCOMES[message.outcome]);
});

channel.postMessage({ kind: 'approval:hello', requestId });
setTimeout(() => {
  if (request.hidden && !answered) waiting.textContent = 'This request is no longer waiting for your approval.';
}, UNKNOWN_AFTER_MS);
