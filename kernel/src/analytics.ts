import type { LatchEvents } from './events.js';
import type { TelemetryEvent } from './telemetry/constants.js';

type Mapping = { [K in keyof LatchEvents]?: (payload: LatchEvents[K]) => Omit<TelemetryEvent, 'event'> };

/** §7 analytics: which bus events are the visitor's own actions, and what of each is sent. */
const ANALYTICS: Mapping = {
  MODAL_OPEN: ({ view }) => ({ properties: { view } }),
  MODAL_CLOSE: ({ connected }) => ({ properties: { connected } }),
  CONNECT_SUCCESS: (p) => ({ properties: { namespace: p.namespace, connector: p.connectorId }, address: p.address }),
  CONNECT_ERROR: (p) => ({ properties: { namespace: p.namespace, connector: p.connectorId, message: p.error.message } }),
  DISCONNECT_SUCCESS: (p) => ({ properties: { namespaces: [...p.namespaces] } }),
  SWITCH_NETWORK: (p) => ({ properties: { network: p.network.caipNetworkId, namespaceSwitch: p.namespaceSwitch } }),
};

/** The analytics event for a bus event, or undefined when it is not one the visitor did. */
export function analyticsEvent(type: keyof LatchEvents, payload: unknown): TelemetryEvent | undefined {
  const toEvent = ANALYTICS[type] as ((p: unknown) => Omit<TelemetryEvent, 'event'>) | undefined;
  return toEvent ? { event: type, ...toEvent(payload) } : undefined;
}
