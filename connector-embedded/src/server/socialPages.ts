import type { ServerResponse } from 'node:http';

/** The popup's pages run this one static script and nothing else (no inline code). */
export const SOCIAL_PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

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

function page(title: string, text: string, data: Record<string, string>) {
  const attributes = Object.entries(data)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;margin:2rem;color:#111;background:#fff}</style></head>
<body${attributes}><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main><script src="/social/done.js"></script></body></html>`;
}

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
      done ? 'You are signed in. You can close this window.' : `${outcome.message ?? 'The sign-in failed.'} You can close this window.`,
      data,
    ),
  );
}

/** A popup URL that cannot go anywhere (unknown, expired or used intent): say so, post nothing. */
export function sendIntentErrorPage(response: ServerResponse, status: number, text: string) {
  sendPage(response, status, page('Sign-in unavailable', `${text} Close this window and try again.`, {}));
}

export function sendDoneScript(response: ServerResponse, head: boolean) {
  response.statusCode = 200;
  response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  response.setHeader('Cache-Control', 'public, max-age=3600');
  response.end(head ? undefined : SOCIAL_DONE_SCRIPT);
}
