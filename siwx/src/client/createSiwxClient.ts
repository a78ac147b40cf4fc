import { retryableImport } from '@latch/kernel';
import type { SiwxNamespaceAccount, SiwxSession } from '../session.js';

export interface SiwxClientOptions {
  /** Where `createSiwxHttpHandler` answers. Default `/siwx` on the page's origin. */
  baseUrl?: string;
  /** The line the wallet shows the visitor, e.g. 'Sign in to Example.'. */
  statement?: string;
  /** The modal cannot be closed until the visitor signs in or disconnects (§4). */
  required?: boolean;
  /**
   * The message's Expiration Time, from when it is made. Default 10 minutes. The session ends then, or
   * earlier by the server's `sessionTtlMs` (24 h); the modal asks again when it ends.
   */
  expiresInMs?: number;
  /** The message's domain and URI; default the page's `location.host` and `location.origin`. */
  domain?: string;
  uri?: string;
  /**
   * Written before the domain (`http://127.0.0.1:5173 wants you…`), as EIP-4361 allows. Default: the
   * URI's scheme when it is not https (a message without one means https).
   */
  scheme?: string;
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
  /** Resolves the session the server verified and keeps. */
  addSession(session: { caipNetworkId: string; address: string; message: string; signature: string }): Promise<SiwxSession>;
  getSessions(caipNetworkId: string, address: string): Promise<SiwxSession[]>;
  /** `[]` signs out (the modal calls it when the last namespace disconnects); other lists cannot be written from the page. */
  setSessions(sessions: readonly unknown[]): Promise<void>;
  /** Signs these accounts out, on every network of their namespace; the visitor's other sessions stay. */
  revokeSessions(accounts: readonly SiwxNamespaceAccount[]): Promise<void>;
}

type Steps = typeof import('./siwxHttp.js');
// After a failed fetch the next sign-in step fetches the code anew (the kernel's retryableImport says why).
const httpCode = /* @__PURE__ */ retryableImport(() => import('./siwxHttp.js'));

/**
 * The default `siwx` config: nonces, verification and sessions on your server, the session in its
 * HttpOnly cookie. Only this stub loads with the page; the HTTP calls and the message builder load
 * on the first sign-in check.
 */
export function createSiwxClient(options: SiwxClientOptions = {}): SiwxClient {
  const step =
    (name: keyof Steps) =>
    async (...args: unknown[]) =>
      ((await httpCode())[name] as (...all: unknown[]) => Promise<unknown>)(options, ...args);
  return {
    required: options.required ?? false,
    createMessage: step('createMessage'),
    addSession: step('addSession'),
    getSessions: step('getSessions'),
    setSessions: step('setSessions'),
    revokeSessions: step('revokeSessions'),
  } as SiwxClient;
}
