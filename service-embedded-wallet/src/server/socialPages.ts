import type { ServerResponse } from 'node:http';

/** The popup's pages run only static scripts of the service's own (no inline code) and call only the service. */
export const SOCIAL_PAGE_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * `/social/done.js`: tells the page that opened the popup (the host page, at the intent's origin, never '*')
 * how the sign-in ended, then closes the popup. The frame polls the claim anyway; this only saves it a poll.
 */
export const SOCIAL_DONE_SCRIPT = `(() => {
  const data = document.body.dataset;
  if (!data.intent || !data.targetOrigin || !window.opener) return;
  const message = { latch: 'embedded-social', intentId: data.intent, status: data.status };
  if (data.code) message.code = data.code;
  try {
    window.opener.postMessage(message, data.targetOrigin);
  } catch (error) {
    return;
  }
  window.close();
})();
`;

/**
 * \`/social/start.js\`: a sign-in link starts nothing by itself. A popup asks the wallet frame that opened it (a
 * frame of this very origin in the opener's page, reached by postMessage to this origin only) for the intent's
 * one-time start token; only the frame that created the intent has it. A redirect sign-in waits for the visitor's
 * click on this page. Then the service begins the provider's flow and the page goes there.
 */
export const SOCIAL_START_SCRIPT = `(() => {
  const data = document.body.dataset;
  const status = document.getElementById('status');
  const say = (text) => { status.textContent = text; };
  let begun = false;
  async function begin(startToken) {
    if (begun) return;
    begun = true;
    say('Opening ' + data.providerName + '…');
    try {
      const response = await fetch('/social/start', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(startToken ? { intent: data.intent, startToken } : { intent: data.intent }),
      });
      const body = await response.json().catch(() => ({}));
      if (response.ok && typeof body.url === 'string' && /^https?:\\/\\//.test(body.url)) return location.replace(body.url);
      say((body.error && body.error.message) || 'This sign-in could not start. Close this window and try again.');
    } catch (error) {
      say('The wallet service could not be reached. Close this window and try again.');
    }
  }
  if (data.mode === 'redirect') {
    const button = document.getElementById('continue');
    button.hidden = false;
    button.addEventListener('click', () => { button.disabled = true; begin(); });
    return;
  }
  const windows = new Set();
  const add = (win, depth) => {
    try {
      if (!win || windows.has(win)) return;
      windows.add(win);
      if (depth > 0) for (let i = 0; i < win.length; i++) add(win[i], depth - 1);
    } catch (error) {}
  };
  add(window.opener, 2);
  try { add(window.opener && window.opener.top, 2); } catch (error) {}
  windows.delete(window);
  window.addEventListener('message', (event) => {
    const message = event.data;
    if (event.origin !== location.origin || !message || message.latch !== 'embedded-social') return;
    if (message.kind === 'start-token' && message.intentId === data.intent && typeof message.startToken === 'string') begin(message.startToken);
  });
  for (const win of windows) {
    try {
      win.postMessage({ latch: 'embedded-social', kind: 'start-token-request', intentId: data.intent }, location.origin);
    } catch (error) {}
  }
  setTimeout(() => {
    if (!begun) say('This sign-in link only works in the window your wallet opened. Close this window and start again from the site.');
  }, 10000);
})();
`;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function sendPage(response: ServerResponse, status: number, html: string) {
  response.statusCode = status;
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  response.setHeader('Content-Security-Policy', SOCIAL_PAGE_CSP);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Referrer-Policy', 'no-referrer');
  response.setHeader('Cache-Control', 'no-store');
  response.end(html);
}

function page(title: string, body: string, data: Record<string, string>, script?: string) {
  const attributes = Object.entries(data)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;margin:2rem;color:#111;background:#fff}button{font:inherit;padding:.6rem 1.2rem}</style></head>
<body${attributes}><main><h1>${escapeHtml(title)}</h1>${body}</main>${script ? `<script src="${script}"></script>` : ''}</body></html>`;
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

/** The end of the popup: success or the error, posted to the host page by the static script. */
export function sendDonePage(
  response: ServerResponse,
  outcome: { intentId: string; targetOrigin: string; status: 'done' | 'error'; code?: string; message?: string },
) {
  const data: Record<string, string> = { intent: outcome.intentId, 'target-origin': outcome.targetOrigin, status: outcome.status };
  if (outcome.code) data.code = outcome.code;
  const done = outcome.status === 'done';
  sendPage(
    response,
    200,
    page(
      done ? 'Signed in' : 'Sign-in failed',
      paragraph(
        done ? 'You are signed in. You can close this window.' : `${outcome.message ?? 'The sign-in failed.'} You can close this window.`,
      ),
      data,
      '/social/done.js',
    ),
  );
}

/** The first page of a sign-in link: names the site and the provider; starts only as `/social/start.js` allows. */
export function sendStartPage(
  response: ServerResponse,
  intent: { intentId: string; mode: 'popup' | 'redirect'; providerName: string; hostOrigin: string; kind: string },
) {
  const what =
    intent.kind === 'link' ? `add ${intent.providerName} as a way to sign in to your wallet` : `sign in with ${intent.providerName}`;
  const body = `${paragraph(`${intent.hostOrigin} asks you to ${what}.`)}<p id="status" role="status">${
    intent.mode === 'popup' ? 'Connecting to your wallet…' : ''
  }</p><button type="button" id="continue" hidden>Continue with ${escapeHtml(intent.providerName)}</button>`;
  sendPage(
    response,
    200,
    page(
      `Sign in with ${intent.providerName}`,
      body,
      { intent: intent.intentId, mode: intent.mode, 'provider-name': intent.providerName },
      '/social/start.js',
    ),
  );
}

/** A popup URL that cannot go anywhere (unknown, expired or used intent): say so, post nothing. */
export function sendIntentErrorPage(response: ServerResponse, status: number, text: string) {
  sendPage(response, status, page('Sign-in unavailable', paragraph(`${text} Close this window and try again.`), {}));
}

/** `/social/done.js` and `/social/start.js`. */
export function sendPageScript(response: ServerResponse, name: 'done' | 'start', head: boolean) {
  response.statusCode = 200;
  response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  response.setHeader('Cache-Control', 'no-cache');
  response.end(head ? undefined : name === 'done' ? SOCIAL_DONE_SCRIPT : SOCIAL_START_SCRIPT);
}
