const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * The stand-in's sign-in page: one labelled field for the account id and two buttons, so a person, Playwright
 * (`getByLabel('Account')`, `getByRole('button', { name: 'Sign in' })`) or a plain form POST can complete it.
 */
export function loginPage(options: { action: string; clientId: string; error?: string; account?: string }): string {
  const alert = options.error ? `<p role="alert">${escapeHtml(options.error)}</p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in – local provider</title>
<style>body{font:16px system-ui,sans-serif;margin:2rem}label,input,button{display:block;margin:.5rem 0;font:inherit}</style></head>
<body><main><h1>Sign in</h1><p>Local OpenID Connect provider: signing in to <strong>${escapeHtml(options.clientId)}</strong>.</p>${alert}
<form method="post" action="${escapeHtml(options.action)}">
<label for="account">Account</label><input id="account" name="account" autocomplete="username" value="${escapeHtml(options.account ?? '')}" required>
<button type="submit" name="action" value="login">Sign in</button>
<button type="submit" name="action" value="deny" formnovalidate>Cancel</button>
</form></main></body></html>`;
}
