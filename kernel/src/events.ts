import mitt, { type Emitter } from 'mitt';
import type { LatchError } from './primitives.js';
import type { AlertMessage, SnackState, View } from './state/atoms.js';
import type { CaipNetwork, ChainNamespace, ConnectionStatus } from './types.js';

/** Typed events on each instance's bus; names follow what AppKit integrators already know. */
export type LatchEvents = {
  MODAL_OPEN: { view: View };
  MODAL_CLOSE: { connected: boolean };
  VIEW_CHANGE: { view: View; data?: unknown };
  CONNECT_SUCCESS: { namespace: ChainNamespace; address: string; connectorId: string };
  CONNECT_ERROR: { namespace: ChainNamespace; connectorId: string; error: LatchError };
  DISCONNECT_SUCCESS: { namespaces: readonly ChainNamespace[] };
  DISCONNECT_ERROR: { error: LatchError };
  ACCOUNT_CHANGE: { namespace: ChainNamespace; address?: string };
  SEND_SUCCESS: { namespace: ChainNamespace; hash: string };
  SEND_ERROR: { namespace: ChainNamespace; error: LatchError };
  SWITCH_NETWORK: { network: CaipNetwork; namespaceSwitch: boolean };
  CONNECTION_STATUS: { status: ConnectionStatus };
  SNACKBAR: SnackState;
  ALERT: AlertMessage;
  ERROR: { error: LatchError; event: string };
};

export type EventBus = Emitter<LatchEvents>;

export function createEventBus(): EventBus {
  return mitt<LatchEvents>();
}
