// The demo's stand-in for the Farcaster app: a page on 127.0.0.1 where the visitor pastes the link the
// ConnectingFarcaster view shows ("Copy link") and approves it as the demo's fid, signed with a real custody key
// through the devnet's signer and the local relay (what a phone app does after scanning the QR code).
import { createServer } from 'node:http';

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1d2433}
label{display:block;font-weight:600;margin:1rem 0 .25rem}input{width:100%;font:inherit;padding:.5rem;border:1px solid #5b6477;border-radius:6px}
button{margin-top:1rem;font:inherit;padding:.5rem 1rem;border-radius:6px;border:0;background:#472a91;color:#fff}
button:focus-visible,input:focus-visible{outline:3px solid #1f6feb;outline-offset:2px}.error{color:#a4141a}</style></head>
<body><main>${body}</main></body></html>`;
}

function form(signer, username, message = '') {
  return page(
    'Farcaster app (demo stand-in)',
    `<h1>Farcaster app (demo stand-in)</h1>
<p>Signed in as <strong>@${escapeHtml(username)}</strong> (fid ${signer.fid}, custody ${escapeHtml(signer.address)}).</p>
${message}
<form method="post" action="/approve">
<label for="url">Sign In With Farcaster link (Copy link in the modal)</label>
<input id="url" name="url" required autocomplete="off" placeholder="https://farcaster.xyz/~/siwf?channelToken=…">
<button type="submit">Approve the sign-in</button>
</form>`,
  );
}

/** Serves the page; resolves `{ url, close }`. `signer`: the devnet's `createFarcasterSigner(...)`. */
export async function startFarcasterApp(signer, username) {
  const server = createServer(async (request, response) => {
    const send = (status, html) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(html);
    };
    if (request.method === 'GET' && request.url === '/') return send(200, form(signer, username));
    if (request.method !== 'POST' || request.url !== '/approve') return send(404, page('Not found', '<h1>Not found</h1>'));
    let body = '';
    for await (const chunk of request) {
      body += chunk;
      if (body.length > 8192) return send(413, form(signer, username, '<p class="error" role="alert">That link is too long.</p>'));
    }
    const url = new URLSearchParams(body).get('url')?.trim() ?? '';
    try {
      await signer.approve(url);
      send(200, form(signer, username, '<p role="status">Approved. Go back to the demo: the modal signs you in.</p>'));
    } catch (error) {
      send(
        400,
        form(signer, username, `<p class="error" role="alert">${escapeHtml(error instanceof Error ? error.message : String(error))}</p>`),
      );
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
