import { createStore } from 'jotai/vanilla';
import { showAlert } from '../actions/alerts.js';
import type { KernelContext } from '../context.js';
import { INVALID_APP_CONFIGURATION_ALERT } from '../errors/messages.js';
import { createEventBus } from '../events.js';
import { type ModalOptions, resolveOptions } from '../options.js';
import { claimStoragePrefix, createMemoryStorage, createStorage, defaultWebStorage } from '../storage.js';
import { connectTelemetry } from '../telemetry/lazyTelemetry.js';

function defaultIsMobile(): boolean {
  const w = globalThis as { matchMedia?: (q: string) => { matches: boolean } };
  return typeof w.matchMedia === 'function' && w.matchMedia('(max-width: 430px), (pointer: coarse) and (hover: none)').matches;
}

/**
 * The context every action runs on: validated options, the store, the event bus, storage, telemetry and timers. What
 * it starts (the timers first) adds its stop to `teardowns`, which `destroy` runs in order.
 */
export function assembleContext(userOptions: ModalOptions, teardowns: (() => void)[]): KernelContext {
  const options = resolveOptions(userOptions);
  const timers = new Set<ReturnType<typeof setTimeout>>();
  teardowns.push(() => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });
  const backend = options.storage === null ? createMemoryStorage() : (options.storage ?? defaultWebStorage() ?? createMemoryStorage());
  // Two instances on one page never share persisted state (README: "Storage").
  const storagePrefix = claimStoragePrefix(backend, options.storagePrefix, userOptions.storagePrefix !== undefined);
  teardowns.push(storagePrefix.release);
  const bus = createEventBus();
  const { telemetry, stop: stopTelemetry } = connectTelemetry(bus, {
    endpoint: options.telemetry?.endpoint,
    projectId: options.projectId,
    sdkType: options.sdkType,
    sdkVersion: options.sdkVersion,
    analytics: options.features.analytics,
    // §8: an analytics 403 means the origin is not allowed: tell the integrator once.
    onForbidden: () => showAlert(ctx, INVALID_APP_CONFIGURATION_ALERT),
  });
  const ctx: KernelContext = {
    store: createStore(),
    bus,
    storage: createStorage(backend, storagePrefix.prefix),
    options: { ...options, storagePrefix: storagePrefix.prefix },
    adapters: new Map(),
    adapterTeardowns: new Map(),
    connectorPlugins: new Map(),
    sessionConnectors: new WeakMap(),
    plugins: new Map(),
    pending: {},
    telemetry,
    now: () => Date.now(),
    isMobile: options.isMobile ?? defaultIsMobile,
    later(ms, run) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      }, ms);
      timers.add(timer);
      return () => {
        clearTimeout(timer);
        timers.delete(timer);
      };
    },
    sleep: (ms) => new Promise((resolve) => ctx.later(ms, resolve)),
  };
  teardowns.push(stopTelemetry);
  return ctx;
}
