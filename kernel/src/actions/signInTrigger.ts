import type { KernelContext } from '../context.js';
import type { SiwxNamespaceAccount } from '../options.js';
import { retryableImport } from '../retryableImport.js';

/** The sign-in flow's chunk, loaded only when `siwx` is configured. */
export const signInActions = /* @__PURE__ */ retryableImport(() => import('./signIn.js'));

/** §4: after a connection, an account switch or a network switch, asks for a sign-in when no session covers it. */
export function askSignIn(ctx: KernelContext): Promise<boolean> {
  return ctx.options.siwx ? signInActions().then((m) => m.requestSignIn(ctx)) : Promise.resolve(false);
}

/** §4: a disconnect signs these accounts out too (the sign-in chunk loads only when `siwx` is configured). */
export function signOutAccounts(ctx: KernelContext, accounts: readonly SiwxNamespaceAccount[]): Promise<void> {
  return ctx.options.siwx ? signInActions().then((m) => m.forgetSignIns(ctx, accounts)) : Promise.resolve();
}
