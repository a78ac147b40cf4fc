import type { EventBus } from './events.js';
import type { Telemetry } from './telemetry/telemetry.js';

/**
 * §7 analytics: forwards the visitor's own actions to the configured analytics host. Nothing is
 * forwarded (not even listened for) unless an endpoint is configured.
 */
export function forwardAnalytics(bus: EventBus, telemetry: Telemetry): () => void {
  if (!telemetry.enabled) return () => undefined;
  const handlers = {
    MODAL_OPEN: ({ view }: { view: string }) => ({ properties: { view } }),
    MODAL_CLOSE: ({ connected }: { connected: boolean }) => ({ properties: { connected } }),
    CONNECT_SUCCESS: (p: { namespace: string; address: string; connectorId: string }) => ({
      properties: { namespace: p.namespace, connector: p.connectorId },
      address: p.address,
    }),
    CONNECT_ERROR: (p: { namespace: string; connectorId: string; error: Error }) => ({
      properties: { namespace: p.namespace, connector: p.connectorId, message: p.error.message },
    }),
    DISCONNECT_SUCCESS: (p: { namespaces: readonly string[] }) => ({ properties: { namespaces: [...p.namespaces] } }),
    SWITCH_NETWORK: (p: { network: { caipNetworkId: string }; namespaceSwitch: boolean }) => ({
      properties: { network: p.network.caipNetworkId, namespaceSwitch: p.namespaceSwitch },
    }),
  } as const;
  const off: (() => void)[] = [];
  for (const [event, toPayload] of Object.entries(handlers)) {
    const handler = (payload: never) => void telemetry.sendEvent({ event, ...(toPayload as (p: never) => object)(payload) });
    bus.on(event as never, handler);
    off.push(() => bus.off(event as never, handler));
  }
  return () => off.forEach((o) => o());
}
