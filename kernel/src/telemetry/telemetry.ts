import { DEFAULT_ERROR_CATEGORY, isLatchError, readErrorMessage, readUntrustedProperty } from '../primitives.js';

/** §9: at most this many error reports per sliding window. */
import { ERROR_TELEMETRY_LIMIT, ERROR_TELEMETRY_WINDOW_MS, type PageLocation, type Telemetry, type TelemetryOptions } from './constants.js';

export * from './constants.js';

function currentPageLocation(): PageLocation | undefined {
  if (typeof location === 'undefined') return undefined;
  return { href: location.href, host: location.host };
}

function randomEventId(): string {
  const crypto = globalThis.crypto;
  // randomUUID exists only in secure contexts; getRandomValues is available everywhere.
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function errorType(error: unknown): string {
  if (isLatchError(error)) return error.category;
  const name = readUntrustedProperty(error, 'name');
  return typeof name === 'string' && name !== '' ? name : DEFAULT_ERROR_CATEGORY;
}

function stackTrace(error: unknown): string {
  const stack = readUntrustedProperty(error, 'stack');
  return typeof stack === 'string' ? stack : '';
}

// Event properties are host-supplied; bigints would otherwise make JSON.stringify throw.
function jsonReplacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

export function createTelemetry(options: TelemetryOptions): Telemetry {
  const endpoint = options.endpoint?.trim().replace(/\/+$/, '') ?? '';
  const enabled = endpoint !== '';
  const analyticsEnabled = enabled && options.analytics !== false;
  const now = options.now ?? Date.now;
  const readLocation = options.location ?? currentPageLocation;
  const nextEventId = options.randomId ?? randomEventId;
  const recentErrorTimestamps: number[] = [];

  function takeErrorSlot(): boolean {
    const timestamp = now();
    while (recentErrorTimestamps.length > 0 && timestamp - (recentErrorTimestamps[0] ?? timestamp) >= ERROR_TELEMETRY_WINDOW_MS) {
      recentErrorTimestamps.shift();
    }
    if (recentErrorTimestamps.length >= ERROR_TELEMETRY_LIMIT) return false;
    recentErrorTimestamps.push(timestamp);
    return true;
  }

  async function post(props: Record<string, unknown>): Promise<void> {
    const query = new URLSearchParams();
    if (options.projectId) query.set('projectId', options.projectId);
    query.set('st', options.sdkType);
    query.set('sv', options.sdkVersion);
    const page = readLocation();
    const body = JSON.stringify(
      { eventId: nextEventId(), url: page?.href ?? '', domain: page?.host ?? '', timestamp: now(), props },
      jsonReplacer,
    );
    const doFetch = options.fetch ?? globalThis.fetch;
    const response = await doFetch(`${endpoint}/e?${query.toString()}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    await response.body?.cancel().catch(() => undefined);
    if (response.status === 403) options.onForbidden?.();
  }

  // Telemetry must never disturb the host app: network, serialisation and callback errors are dropped.
  async function neverFailing(send: () => Promise<void>): Promise<void> {
    try {
      await send();
    } catch {
      // dropped on purpose
    }
  }

  return {
    enabled,
    sendEvent: (telemetryEvent) =>
      neverFailing(async () => {
        if (!analyticsEnabled) return;
        const { event, properties, address } = telemetryEvent;
        await post({ ...properties, event, address });
      }),
    sendError: (error, event) =>
      neverFailing(async () => {
        if (!enabled || !takeErrorSlot()) return;
        await post({
          type: 'error',
          event,
          errorType: errorType(error),
          errorMessage: readErrorMessage(error),
          stackTrace: stackTrace(error),
        });
      }),
  };
}
