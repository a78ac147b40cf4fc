import { SOMETHING_WENT_WRONG_MESSAGE } from '@latch/kernel';
import { safeParse } from 'valibot';
import { FRAME_CHANNEL_NAME, FrameChannelSchema, type LoginsState, PROVIDER_NAMES, randomId } from '@latch/connector-embedded/protocol';
import { applyTheme } from './theme.js';

/*
 * The wallet's sign-in methods page (PROTOCOL §2), on the service's origin inside the host's Account view: lists
 * how the owner signs in; after they confirm it is them (a mailed code, or signing in again), adds a provider
 * account in a popup this page opens, or removes one. Everything goes through the hidden frame; the host sees none.
 */

applyTheme();
const channel = new BroadcastChannel(FRAME_CHANNEL_NAME);
const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const status = element<HTMLParagraphElement>('status');
const error = element<HTMLParagraphElement>('error');
const sendCode = element<HTMLButtonElement>('send-code');
const codeForm = element<HTMLFormElement>('code-form');
const code = element<HTMLInputElement>('code');
const anyEmail = element<HTMLInputElement>('any-email');
const waiting = new Map<string, (result: { ok: boolean; code?: string; message?: string }) => void>();
const popups = new Map<string, Window>();
let state: LoginsState | undefined;
/** The hidden frame (one per host tab) this page works with: the first that answered. */
let frame: string | undefined;

const name = (provider: string) => PROVIDER_NAMES[provider as keyof typeof PROVIDER_NAMES] ?? (provider === 'email' ? 'E-mail' : provider);

/** Texts for what the service answers, where its own words are not for a visitor. */
const FAILURES: Record<string, string> = {
  email_does_not_match: 'That account uses a different e-mail address than this wallet. Tick the box above to add it anyway.',
  account_already_linked: 'That account already signs in to another wallet.',
  step_up_required: 'Confirm it is you first.',
  popup_blocked: 'Allow pop-ups for this site, then try again.',
};

function button(text: string, onClick: () => void, primary = false): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = text;
  if (primary) element.className = 'primary';
  element.addEventListener('click', onClick);
  return element;
}

function ask(message: Record<string, unknown> & { kind: string }): Promise<{ ok: boolean; code?: string; message?: string }> {
  const id = randomId();
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    channel.postMessage({ ...message, id, frame });
  });
}

async function run(message: Record<string, unknown> & { kind: string }, done?: string) {
  error.textContent = '';
  const result = await ask(message);
  if (!result.ok) error.textContent = (result.code && FAILURES[result.code]) || result.message || SOMETHING_WENT_WRONG_MESSAGE;
  else if (done) status.textContent = done;
  return result.ok;
}

/** Opens the popup inside the click (pop-up blockers), then asks the hidden frame for the provider's start page. */
function withProvider(provider: string, purpose: 'link' | 'reauth') {
  const popup = window.open('', 'latch-social', 'popup,width=500,height=640');
  if (!popup) {
    error.textContent = FAILURES.popup_blocked as string;
    return;
  }
  const id = randomId();
  popups.set(id, popup);
  error.textContent = '';
  status.textContent = `Continue in the ${name(provider)} window…`;
  waiting.set(id, (result) => {
    popups.delete(id);
    if (!popup.closed) popup.close();
    if (!result.ok) error.textContent = (result.code && FAILURES[result.code]) || result.message || SOMETHING_WENT_WRONG_MESSAGE;
    else status.textContent = purpose === 'link' ? `${name(provider)} can now sign in to your wallet.` : 'Confirmed.';
  });
  channel.postMessage({
    kind: 'logins:link',
    frame,
    id,
    provider,
    purpose,
    ...(purpose === 'link' && anyEmail.checked ? { allowDifferentEmail: true } : {}),
  });
}

function render(next: LoginsState) {
  // The first state replaces the loading line; later ones keep what the last action said.
  if (!state) status.textContent = '';
  state = next;
  element('account').hidden = false;
  element('methods').replaceChildren(
    ...next.methods.map((method) => {
      const item = document.createElement('li');
      const label = document.createElement('span');
      label.textContent = method.provider === 'email' ? `E-mail: ${method.label}` : method.label;
      item.append(label);
      if (method.removable && next.steppedUp)
        item.append(
          button(`Remove ${method.label}`, () => void run({ kind: 'logins:unlink', method: method.id }, `${method.label} was removed.`)),
        );
      return item;
    }),
  );
  element('confirm').hidden = next.steppedUp;
  element('add').hidden = !next.steppedUp || next.linkable.length === 0;
  element('by-email').hidden = next.email === null;
  if (next.email) sendCode.textContent = `Send a code to ${next.email}`;
  const linkedProviders = next.methods
    .map((method) => method.provider)
    .filter((provider) => provider in PROVIDER_NAMES && provider !== 'farcaster');
  element('by-provider').hidden = next.email !== null || linkedProviders.length === 0;
  element('by-provider').replaceChildren(
    ...linkedProviders.map((provider) => button(`Confirm with ${name(provider)}`, () => withProvider(provider, 'reauth'))),
  );
  element('providers').replaceChildren(
    ...next.linkable.map((provider) => button(`Add ${name(provider)}`, () => withProvider(provider, 'link'))),
  );
}

sendCode.addEventListener('click', async () => {
  if (await run({ kind: 'logins:send-code' }, `A code was sent to ${state?.email ?? 'your e-mail address'}.`)) {
    codeForm.hidden = false;
    code.focus();
  }
});

codeForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const otp = code.value.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(otp)) {
    error.textContent = 'Enter the 6-digit code';
    return;
  }
  void run({ kind: 'logins:code', otp }, 'Confirmed. You can now change how you sign in.').then((ok) => {
    if (ok) code.value = '';
  });
});

channel.addEventListener('message', (event) => {
  const parsed = safeParse(FrameChannelSchema, event.data);
  if (!parsed.success) return;
  const message = parsed.output;
  if ((message.kind === 'logins:state' || message.kind === 'logins:signed-out') && (frame ??= message.frame) !== message.frame) return;
  if (message.kind === 'logins:state') render(message.state);
  else if (message.kind === 'logins:signed-out') status.textContent = 'Sign in to your wallet to see how you sign in.';
  else if (message.kind === 'logins:started') {
    const popup = popups.get(message.id);
    if (popup && !popup.closed) popup.location.href = message.url;
  } else if (message.kind === 'logins:result') {
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  }
});

channel.postMessage({ kind: 'logins:hello' });
