import { createSiwxMessage } from '../message/createSiwxMessage.js';
import type { SiwxNamespaceAccount, SiwxSession } from '../session.js';
import type { SiwxClientOptions } from './createSiwxClient.js';
import { LatchError, httpStatusError, invalidOption } from '@latch/kernel';

async function request<T>(options: SiwxClientOptions, path: string, body?: unknown): Promise<T> {
  const base = (options.baseUrl ?? '/siwx').replace(/\/$/, '');
  const response = await (options.fetch ?? fetch)(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    credentials: options.credentials ?? 'same-origin',
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const answer = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    // The server's refusal ({ error, code }, e.g. code 'EXPIRED'), else the HTTP status.
    const refusal = answer as { error?: string; code?: string } | undefined;
    if (!refusal?.error) throw httpStatusError(response.status);
    throw new LatchError(refusal.error, { category: 'API_ERROR', code: refusal.code ?? 'HTTP_STATUS' });
  }
  return answer as T;
}

/** A fresh nonce from the server, then the CAIP-122 text for this account. */
export async function createMessage(options: SiwxClientOptions, { caipNetworkId, address }: { caipNetworkId: string; address: string }) {
  const { nonce } = await request<{ nonce: string }>(options, '/nonce');
  const domain = options.domain ?? location.host;
  const uri = options.uri ?? location.origin;
  const issuedAt = new Date();
  const statement = options.statement ? { statement: options.statement } : {};
  const data = {
    domain,
    address,
    ...statement,
    uri,
    version: '1' as const,
    nonce,
    issuedAt: issuedAt.toISOString(),
    expirationTime: new Date(issuedAt.getTime() + (options.expiresInMs ?? 600_000)).toISOString(),
    ...(options.resources ? { resources: options.resources } : {}),
  };
  // EIP-4361: no scheme means https, so a page on http says so before the domain.
  const scheme = options.scheme ?? /^([a-z][a-z0-9+.-]*):/i.exec(uri)?.[1]?.toLowerCase();
  const written = scheme && scheme !== 'https' ? { scheme } : {};
  // `fields` is for wallets that write the text themselves (solana:signIn): the same fields, Chain ID as written.
  const fields = { ...data, chainId: caipNetworkId.slice(caipNetworkId.indexOf(':') + 1) };
  return { message: createSiwxMessage({ ...written, ...data, caipNetworkId }), domain, ...statement, fields };
}

/** The server verifies the signed message and keeps the session under its cookie. */
export async function addSession(
  options: SiwxClientOptions,
  { message, signature }: { message: string; signature: string },
): Promise<SiwxSession> {
  return (await request<{ session: SiwxSession }>(options, '/verify', { message, signature })).session;
}

export async function getSessions(options: SiwxClientOptions, caipNetworkId: string, address: string): Promise<SiwxSession[]> {
  const query = new URLSearchParams({ caipNetworkId, address });
  return (await request<{ sessions: SiwxSession[] }>(options, `/sessions?${query}`)).sessions;
}

/** `[]` signs out; the page cannot write sessions, only the server can, when it verifies one. */
export async function setSessions(options: SiwxClientOptions, sessions: readonly unknown[]): Promise<void> {
  if (sessions.length > 0)
    throw invalidOption('Sessions are written by the server when it verifies a sign-in; only [] (sign out) can be set');
  await request(options, '/sign-out', {});
}

/** Signs these accounts out on the server (every network of their namespace); the cookie's other sessions stay. */
export async function revokeSessions(options: SiwxClientOptions, accounts: readonly SiwxNamespaceAccount[]): Promise<void> {
  await request(options, '/sign-out', { accounts: accounts.map(({ namespace, address }) => ({ namespace, address })) });
}
