import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PrivateKeyAccount } from 'viem/accounts';
import { createSiwxMessage } from '../message/createSiwxMessage.js';
import type { SiwxMessage } from '../message/types.js';
import { createSiwxServer, type SiwxServerOptions } from '../server/createSiwxServer.js';
import { createSiwxHttpHandler, type SiwxHttpHandlerOptions } from '../server/httpHandler.js';
import type { SiwxSession } from '../session.js';

/** An app on 127.0.0.1 answering the sign-in routes (418 elsewhere), as an integrator mounts them. */
export async function startSiwxApp(
  options: { server?: Partial<SiwxServerOptions>; handler?: SiwxHttpHandlerOptions } = {},
): Promise<{ base: string; domain: string; close(): Promise<void> }> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const domain = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const handler = createSiwxHttpHandler(createSiwxServer({ domains: [domain], ...options.server }), options.handler);
  server.on('request', async (request, response) => {
    if (!(await handler(request, response))) {
      response.statusCode = 418;
      response.end('not mine');
    }
  });
  return {
    base: `http://${domain}`,
    domain,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser on one site: it keeps the cookie the server sets and sends it back. */
export interface Visitor {
  cookie: string;
  request(path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  nonce(): Promise<string>;
  sessions(): Promise<SiwxSession[]>;
}

export function visitor(base: string, headers: Record<string, string> = {}): Visitor {
  const self: Visitor = {
    cookie: '',
    async request(path, init = {}) {
      const json: Record<string, string> = init.body === undefined ? {} : { 'content-type': 'application/json' };
      const response = await fetch(`${base}${path}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: { ...headers, ...json, ...(self.cookie ? { cookie: self.cookie } : {}), ...init.headers } as Record<string, string>,
        ...(init.body === undefined ? {} : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
      });
      const set = response.headers.get('set-cookie');
      if (set) self.cookie = /Max-Age=0(;|$)/.test(set) ? '' : set.split(';')[0]!;
      return response;
    },
    async nonce() {
      const response = await self.request('/siwx/nonce');
      if (response.status !== 200) throw new Error(`GET /siwx/nonce answered ${response.status}: ${await response.text()}`);
      return ((await response.json()) as { nonce: string }).nonce;
    },
    async sessions() {
      return ((await (await self.request('/siwx/sessions')).json()) as { sessions: SiwxSession[] }).sessions;
    },
  };
  return self;
}

/** A signed EIP-4361 message for `account` on `site` (its domain and URI), with a nonce the visitor fetched. */
export async function signedMessage(
  account: PrivateKeyAccount,
  nonce: string,
  site: { domain: string; uri: string } & Partial<SiwxMessage>,
): Promise<{ message: string; signature: string }> {
  const message = createSiwxMessage({
    version: '1',
    caipNetworkId: 'eip155:31337',
    issuedAt: new Date().toISOString(),
    address: account.address,
    nonce,
    ...site,
  });
  return { message, signature: await account.signMessage({ message }) };
}

/** GET a nonce, sign, POST /verify: what the modal does. */
export async function signIn(who: Visitor, account: PrivateKeyAccount, site: { domain: string; uri: string } & Partial<SiwxMessage>) {
  return who.request('/siwx/verify', { body: await signedMessage(account, await who.nonce(), site) });
}
