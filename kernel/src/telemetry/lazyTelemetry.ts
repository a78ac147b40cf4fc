import type { EventBus, LatchEvents } from '../events.js';
import { retryableImport } from '../retryableImport.js';
import type { Telemetry, TelemetryOptions } from './constants.js';

const DISABLED: Telemetry = { enabled: false, sendEvent: async () => undefined, sendError: async () => undefined };
// After a failed fetch the next thing to send fetches the client's code anew (retryableImport says why).
const clientCode = /* @__PURE__ */ retryableImport(() => import('./telemetryClient.js'));

/**
 * §7 telemetry for one instance. Without an endpoint nothing is listened for, loaded or sent. With
 * one, the client and the analytics mapping load on the first thing to send; bus events are
 * forwarded in order.
 */
export function connectTelemetry(bus: EventBus, options: TelemetryOptions): { telemetry: Telemetry; stop(): void } {
  if (!options.endpoint?.trim()) return { telemetry: DISABLED, stop: () => undefined };
  // One client per instance, made once its code has loaded: a failed load leaves nothing behind.
  let client: Telemetry | undefined;
  const load = () =>
    clientCode().then(({ createTelemetry, analyticsEvent }) => ({ client: (client ??= createTelemetry(options)), analyticsEvent }));
  const telemetry: Telemetry = {
    enabled: true,
    sendEvent: async (event) => (await load()).client.sendEvent(event),
    sendError: async (error, event) => (await load()).client.sendError(error, event),
  };
  const forward = (type: keyof LatchEvents, payload: unknown) =>
    void load().then(
      ({ client, analyticsEvent }) => {
        const event = analyticsEvent(type, payload);
        if (event) return client.sendEvent(event);
      },
      () => undefined,
    );
  bus.on('*', forward);
  return { telemetry, stop: () => bus.off('*', forward) };
}
