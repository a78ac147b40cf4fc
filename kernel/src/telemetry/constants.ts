/** §7/§9 telemetry limits and the shapes shared by the lazy facade and the client. */

export const ERROR_TELEMETRY_LIMIT = 5;
export const ERROR_TELEMETRY_WINDOW_MS = 60_000;

export interface PageLocation {
  href: string;
  host: string;
}

export interface TelemetryOptions {
  /** Analytics host. Without it no request is ever made: there is no default third-party host. */
  endpoint?: string;
  projectId?: string;
  sdkType: string;
  sdkVersion: string;
  /** The `analytics` feature; `false` silences events but not error telemetry. */
  analytics?: boolean;
  fetch?: typeof fetch;
  now?: () => number;
  location?: () => PageLocation | undefined;
  /** Called on a 403 reply; the kernel shows the Invalid App Configuration alert once. */
  onForbidden?: () => void;
  randomId?: () => string;
}

export interface TelemetryEvent {
  event: string;
  properties?: Record<string, unknown>;
  address?: string;
}

export interface Telemetry {
  /** Whether any request can be sent at all (an endpoint is configured). */
  readonly enabled: boolean;
  sendEvent(event: TelemetryEvent): Promise<void>;
  sendError(error: unknown, event: string): Promise<void>;
}
