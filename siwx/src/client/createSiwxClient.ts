import type { SiwxSession } from '../session.js';

export interface SiwxClientOptions {
  /** Where `createSiwxHttpHandler` answers. Default `/siwx` on the page's origin. */
  baseUrl?: string;
  /** The line the wallet shows the visitor, e.g. 'Sign in to Example.'. */
  statement?: string;
  /** The modal cannot be closed until the visitor signs in or disconnects (§4). */
  required?: boolean;
  /** How long a signed message stays valid for the server. Default 10 minutes. */
  expiresInMs?: number;
  /** The message's domain and URI; default the page's `location.host` and `location.origin`. */
  domain?: string;
  uri?: string;
  resources?: readonly string[];
  /** `'include'` when the server is on another origin (it must allow credentials). Default `'same-origin'`. */
  credentials?: RequestCredentials;
  fetch?: typeof fetch;
}

/** A `siwx` option for `createModal`, talking to `@latch/siwx/server` over HTTP. */
export interface SiwxClient {
  required: boolean;
  createMessage(account: {
    caipNetworkId: string;
    address: string;
  }): Promise<{ message: string; domain: string; statement?: string; fields: Readonly<Record<string, unknown>> }>;
  addSession(session: { caipNetworkId: string; address: string; message: string; signature: string }): Promise<void>;
  getSessions(caipNetworkId: string, address: string): Promise<SiwxSession[]>;
  /** `[]` signs out (the modal calls it on disconnect); other lists cannot be written from the page. */
  setSessions(sessions: readonly unknown[]): Promise<void>;
}

type Steps = typeof import('./siwxHttp.js');

/**
 * The default `siwx` config: nonces, verification and sessions on your server, the session in its
 * HttpOnly cookie. Only this stub loads with the page; the HTTP calls and the message builder load
 * on the first sign-in check.
 */
export function createSiwxClient(options: SiwxClientOptions = {}): SiwxClient {
  const step =
    (name: keyof Steps) =>
    async (...args: unknown[]) =>
      ((await import('./siwxHttp.js'))[name] as (...all: unknown[]) => Promise<unknown>)(options, ...args);
  return {
    required: options.required ?? false,
    createMessage: step('createMessage'),
    addSession: step('addSession'),
    getSessions: step('getSessions'),
    setSessions: step('setSessions'),
  } as SiwxClient;
}
