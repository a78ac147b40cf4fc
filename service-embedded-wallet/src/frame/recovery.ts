import { safeParse } from 'valibot';
import { FRAME_CHANNEL_NAME, FrameChannelSchema } from '@latch/connector-embedded/protocol';
import { decodeRecoverySecret } from '@latch/embedded-wallet-frame';
import { applyTheme } from './theme.js';

/*
 * The visible recovery frame (PROTOCOL §4): shows a new wallet's recovery secret, or takes the typed one. It
 * talks only to the hidden frame over the same-origin BroadcastChannel and never posts to the host page.
 */

applyTheme();

function element<T extends HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

const channel = new BroadcastChannel(FRAME_CHANNEL_NAME);
const waiting = element<HTMLParagraphElement>('waiting');
const show = element<HTMLElement>('show');
const secret = element<HTMLElement>('secret');
const copy = element<HTMLButtonElement>('copy');
const copyStatus = element<HTMLSpanElement>('copy-status');
const savedCheck = element<HTMLInputElement>('saved-check');
const saved = element<HTMLButtonElement>('saved');
const enter = element<HTMLFormElement>('enter');
const input = element<HTMLInputElement>('secret-input');
const error = element<HTMLParagraphElement>('secret-error');
const submit = element<HTMLButtonElement>('submit');
const done = element<HTMLParagraphElement>('done');
const failed = element<HTMLParagraphElement>('failed');
/** Which screen a `recovery:done` ends: the saved secret of a new wallet, or a recovery. */
let mode: 'show' | 'enter' | undefined;

function only(visible: HTMLElement): void {
  for (const part of [waiting, show, enter, done, failed]) part.hidden = part !== visible;
}

function setError(message: string): void {
  error.textContent = message;
  if (message) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

copy.addEventListener('click', async () => {
  try {
    await navigator.clipboard.writeText(secret.textContent ?? '');
    copyStatus.textContent = 'Copied';
  } catch {
    // Clipboard access can be refused inside a frame: select the text so Ctrl+C / ⌘C copies it.
    getSelection()?.selectAllChildren(secret);
    copyStatus.textContent = 'Selected: press Ctrl+C (⌘C) to copy';
  }
});

savedCheck.addEventListener('change', () => {
  saved.disabled = !savedCheck.checked;
});

saved.addEventListener('click', () => {
  if (!savedCheck.checked) return;
  channel.postMessage({ kind: 'recovery:saved' });
  saved.disabled = true;
  saved.textContent = 'Saving…';
});

enter.addEventListener('submit', (event) => {
  event.preventDefault();
  try {
    decodeRecoverySecret(input.value);
  } catch (problem) {
    setError((problem as Error).message);
    input.focus();
    return;
  }
  setError('');
  submit.disabled = true;
  submit.textContent = 'Checking…';
  channel.postMessage({ kind: 'recovery:entered', secret: input.value.replace(/\s+/g, '') });
});

channel.addEventListener('message', (event) => {
  const parsed = safeParse(FrameChannelSchema, event.data);
  if (!parsed.success) return;
  const message = parsed.output;
  if (message.kind === 'recovery:show') {
    // A new secret (also after a failed save): nothing is confirmed for it yet.
    mode = 'show';
    secret.textContent = message.secret;
    savedCheck.checked = false;
    saved.disabled = true;
    saved.textContent = 'I have saved it';
    copyStatus.textContent = '';
    only(show);
  } else if (message.kind === 'recovery:ask') {
    mode = 'enter';
    const wasHidden = enter.hidden;
    only(enter);
    submit.disabled = false;
    submit.textContent = 'Recover wallet';
    setError(message.error ?? '');
    if (wasHidden || message.error) input.focus();
  } else if (message.kind === 'recovery:done') {
    input.value = '';
    secret.textContent = '';
    done.textContent = mode === 'show' ? 'Recovery secret saved. Your wallet is ready.' : 'Wallet recovered on this device.';
    only(done);
  } else if (message.kind === 'recovery:failed') {
    secret.textContent = '';
    failed.textContent = message.error;
    only(failed);
  }
});

channel.postMessage({ kind: 'recovery:hello' });
