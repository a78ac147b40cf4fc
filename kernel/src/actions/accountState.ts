import type { KernelContext } from '../context.js';
import { toLatchError } from '../primitives.js';
import { type AdapterCapabilities, type CapabilityName, getCapability } from '../plugins/ChainAdapter.js';
import { type AccountState, type AccountTab, accountsAtom, EMPTY_ACCOUNT } from '../state/atoms.js';
import type { ChainNamespace } from '../types.js';

/* Reading and writing an account's state: what every instance needs from its first moment. */

export function getAccount(ctx: KernelContext, ns: ChainNamespace): AccountState {
  return ctx.store.get(accountsAtom)[ns] ?? EMPTY_ACCOUNT;
}

/**
 * What the visitor can do on a namespace: the connected wallet's own capability where it declares
 * one (`false` withholds it), else the adapter's. Declared capabilities are the only gate.
 */
export function capabilityOf<K extends CapabilityName>(
  ctx: KernelContext,
  ns: ChainNamespace,
  name: K,
): AdapterCapabilities[K] | undefined {
  const own = getAccount(ctx, ns).connector?.capabilities?.[name];
  if (own === false) return undefined;
  return (own as AdapterCapabilities[K] | undefined) ?? getCapability(ctx.adapters.get(ns), name);
}

export function updateAccount(ctx: KernelContext, ns: ChainNamespace, patch: Partial<AccountState>): void {
  ctx.store.set(accountsAtom, (all) => ({ ...all, [ns]: { ...(all[ns] ?? EMPTY_ACCOUNT), ...patch } }));
}

/** §8: every failure becomes a LatchError, goes to listeners and to (rate-capped) telemetry. */
export function reportError(ctx: KernelContext, err: unknown, event: string) {
  const error = toLatchError(err);
  ctx.bus.emit('ERROR', { error, event });
  void ctx.telemetry.sendError(error, event);
  return error;
}

export function setAccountTab(ctx: KernelContext, ns: ChainNamespace, tab: AccountTab): void {
  updateAccount(ctx, ns, { currentTab: tab });
}
