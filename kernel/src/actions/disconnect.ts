import type { KernelContext } from '../context.js';
import type { ChainNamespace } from '../types.js';
import { disconnectNow } from './disconnectCore.js';
import { endOnce, sessionPluginOf } from './sessionLookup.js';
import { signOutAccounts } from './signInTrigger.js';

/*
 * The visitor's disconnect: the steps live in disconnectCore.ts, which the sign-in chunk imports too; only this
 * wrapper reaches the sign-in trigger, so no module that chunk imports leads back to it.
 */

/** §4 disconnect: ends the wallets' sessions, clears account, network and connector ids; reports success or error. */
export function disconnect(ctx: KernelContext, namespace?: ChainNamespace): Promise<void> {
  const plugin = namespace === undefined ? undefined : sessionPluginOf(ctx, namespace);
  const now = () => disconnectNow(ctx, namespace, signOutAccounts);
  return plugin ? endOnce(ctx, plugin, now) : now();
}
