import type { KernelContext } from '../context.js';
import type { SiwxNamespaceAccount } from '../options.js';
import type { ChainNamespace } from '../types.js';
import { getAccount } from './accountState.js';

/** The sign-in flow's chunk, loaded only when `siwx` is configured. */
export const signInActions = () => import('./signIn.js');

/** §4: after a connection, an account switch or a network switch, asks for a sign-in when no session covers it. */
export function askSignIn(ctx: KernelContext): Promise<boolean> {
  return ctx.options.siwx ? signInActions().then((m) => m.requestSignIn(ctx)) : Promise.resolve(false);
}

/** The accounts these namespaces hold (read before a disconnect clears them): what their sign-in sessions can be for. */
export function accountsOf(ctx: KernelContext, namespaces: readonly ChainNamespace[]): SiwxNamespaceAccount[] {
  return namespaces.flatMap((namespace) => {
    const account = getAccount(ctx, namespace);
    const addresses = new Set([account.address, ...account.allAccounts.map((entry) => entry.address)]);
    return [...addresses].flatMap((address) => (address ? [{ namespace, address }] : []));
  });
}

/** §4: a disconnect signs these accounts out too (the sign-in chunk loads only when `siwx` is configured). */
export function signOutAccounts(ctx: KernelContext, accounts: readonly SiwxNamespaceAccount[]): Promise<void> {
  return ctx.options.siwx ? signInActions().then((m) => m.forgetSignIns(ctx, accounts)) : Promise.resolve();
}
