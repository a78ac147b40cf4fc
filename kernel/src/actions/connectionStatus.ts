import type { KernelContext } from '../context.js';
import { accountsAtom, connectionStatusAtom } from '../state/atoms.js';
import type { ChainNamespace, ConnectionStatus } from '../types.js';

export type StatusEvent = 'connect' | 'reconnect' | 'success' | 'failure' | 'disconnect';

/**
 * §4 connection status machine. `othersConnected`: another namespace stays connected, so the
 * visitor as a whole is still connected while this one connects, fails or leaves.
 */
export function nextConnectionStatus(current: ConnectionStatus, event: StatusEvent, othersConnected: boolean): ConnectionStatus {
  switch (event) {
    case 'connect':
      return othersConnected ? 'connected' : 'connecting';
    case 'reconnect':
      if (othersConnected) return 'connected';
      return current === 'connecting' ? 'connecting' : 'reconnecting';
    case 'success':
      return 'connected';
    case 'failure':
    case 'disconnect':
      return othersConnected ? 'connected' : 'disconnected';
  }
}

export function connectedNamespaces(ctx: KernelContext): ChainNamespace[] {
  return Object.entries(ctx.store.get(accountsAtom))
    .filter(([, account]) => account?.status === 'connected')
    .map(([ns]) => ns as ChainNamespace);
}

/** Applies a status event; only settled states are persisted, so a reload never starts mid-way. */
export function transitionStatus(ctx: KernelContext, event: StatusEvent, namespace?: ChainNamespace): ConnectionStatus {
  const othersConnected = connectedNamespaces(ctx).some((ns) => ns !== namespace);
  const current = ctx.store.get(connectionStatusAtom);
  const next = nextConnectionStatus(current, event, othersConnected);
  if (next !== current) {
    ctx.store.set(connectionStatusAtom, next);
    ctx.bus.emit('CONNECTION_STATUS', { status: next });
  }
  if (next === 'connected' || next === 'disconnected') ctx.storage.set('connectionStatus', next);
  if (next === 'disconnected') ctx.storage.remove('activeCaipAddress');
  return next;
}
