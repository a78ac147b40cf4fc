/** One hop of a navigation: the request made and the status it got. */
export interface NavigationHop {
  method: string;
  url: string;
  status: number;
  location?: string;
}

export interface HeadlessPage {
  /** Where the navigation ended (the last URL requested). */
  url: string;
  status: number;
  headers: Headers;
  text: string;
  /** Every request of the navigation, redirects included. */
  hops: NavigationHop[];
}

export interface HeadlessBrowser {
  /** Follows redirects (at most 20) like a top-level navigation, sending and keeping cookies. */
  goto(url: string, init?: { method?: 'GET' | 'POST'; form?: Record<string, string> }): Promise<HeadlessPage>;
  /** Fills the page's first form with `fields` (plus the pressed button's name/value) and submits it. */
  submitForm(page: HeadlessPage, fields: Record<string, string>, button?: { name: string; value: string }): Promise<HeadlessPage>;
  /** The cookies held for a host (browsers share cookies across the ports of one host). */
  cookies(host: string): Map<string, string>;
  /** Stops at the first response whose URL satisfies `stop` (it is not requested), returning that URL. */
  gotoUntil(url: string, stop: (next: URL) => boolean): Promise<{ stoppedAt: string; hops: NavigationHop[] }>;
  /**
   * A page's own script calling its origin with fetch (no redirects followed): cookies sent and kept, and the
   * `Origin` a browser adds to a non-GET request (the URL's origin, or `origin`).
   */
  fetch(url: string, init: { method?: string; json?: unknown; origin?: string }): Promise<Response>;
}

/**
 * A minimal browser for headless flow tests in Node: manual redirects, a cookie jar per host (name=value only,
 * no expiry beyond Max-Age=0 deletion), form posts. Enough for OAuth redirect flows; no JavaScript.
 */
export function createHeadlessBrowser(): HeadlessBrowser {
  const jars = new Map<string, Map<string, string>>();
  const jar = (host: string) => {
    let cookies = jars.get(host);
    if (!cookies) jars.set(host, (cookies = new Map()));
    return cookies;
  };

  function keep(url: URL, headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(attribute)) || value === '';
      if (expired) jar(url.hostname).delete(name);
      else jar(url.hostname).set(name, value);
    }
  }

  async function request(url: URL, method: string, form?: Record<string, string>) {
    const cookies = [...jar(url.hostname)].map(([name, value]) => `${name}=${value}`).join('; ');
    const headers: Record<string, string> = {};
    if (cookies) headers.cookie = cookies;
    let body: string | undefined;
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(form).toString();
    }
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    keep(url, response.headers);
    return response;
  }

  async function navigate(start: string, init: { method?: 'GET' | 'POST'; form?: Record<string, string> }, stop?: (next: URL) => boolean) {
    let url = new URL(start);
    let method = init.method ?? (init.form ? 'POST' : 'GET');
    let form = init.form;
    const hops: NavigationHop[] = [];
    for (let hop = 0; hop < 20; hop++) {
      const response = await request(url, method, form);
      const location = response.headers.get('location') ?? undefined;
      hops.push({ method, url: url.href, status: response.status, location });
      if (response.status >= 300 && response.status < 400 && location) {
        await response.arrayBuffer();
        const next = new URL(location, url);
        // 307/308 keep the method and body; the others turn into a GET.
        if (response.status !== 307 && response.status !== 308) {
          method = 'GET';
          form = undefined;
        }
        if (stop?.(next)) return { stoppedAt: next.href, hops };
        url = next;
        continue;
      }
      return { page: { url: url.href, status: response.status, headers: response.headers, text: await response.text(), hops } };
    }
    throw new Error(`too many redirects from ${start}`);
  }

  return {
    async goto(url, init = {}) {
      const result = await navigate(url, init);
      if (!('page' in result) || !result.page) throw new Error('navigation stopped');
      return result.page;
    },
    async gotoUntil(url, stop) {
      const result = await navigate(url, {}, stop);
      if (!('stoppedAt' in result) || result.stoppedAt === undefined)
        throw new Error(`navigation from ${url} ended without reaching the stop`);
      return { stoppedAt: result.stoppedAt, hops: result.hops };
    },
    async submitForm(page, fields, button) {
      const action = /<form[^>]*\saction="([^"]*)"/i.exec(page.text)?.[1];
      if (action === undefined) throw new Error(`no form on ${page.url}`);
      const target = new URL(action.replace(/&amp;/g, '&'), page.url).href;
      return this.goto(target, { method: 'POST', form: { ...fields, ...(button ? { [button.name]: button.value } : {}) } });
    },
    cookies: (host) => new Map(jar(host)),
    async fetch(url, init) {
      const target = new URL(url);
      const method = init.method ?? (init.json === undefined ? 'GET' : 'POST');
      const cookies = [...jar(target.hostname)].map(([name, value]) => `${name}=${value}`).join('; ');
      const headers: Record<string, string> = {};
      if (cookies) headers.cookie = cookies;
      if (method !== 'GET' && method !== 'HEAD') headers.origin = init.origin ?? target.origin;
      if (init.json !== undefined) headers['content-type'] = 'application/json';
      const body = init.json === undefined ? undefined : JSON.stringify(init.json);
      const response = await fetch(target, { method, headers, body, redirect: 'manual' });
      keep(target, response.headers);
      return response;
    },
  };
}
