import type { EventBus } from './events.js';
import type { ResolvedOptions } from './options.js';
import type { ChainAdapter } from './plugins/ChainAdapter.js';
import type { Connector } from './plugins/Connector.js';
import type { ConnectorPlugin } from './plugins/ConnectorPlugin.js';
import type { FeaturePlugin } from './plugins/FeaturePlugin.js';
import type { LatchStorage } from './storage.js';
import type { Telemetry } from './telemetry/constants.js';
import type { ChainNamespace } from './types.js';
import type { Store } from 'jotai/vanilla';

export type { Store };

/** Everything one modal instance owns. Actions receive it instead of reaching for globals. */
export interface KernelContext {
  readonly store: Store;
  readonly bus: EventBus;
  readonly storage: LatchStorage;
  readonly options: ResolvedOptions;
  readonly adapters: Map<ChainNamespace, ChainAdapter>;
  /** What `removeAdapter` must run: each adapter's connector watch and its own teardown. */
  readonly adapterTeardowns: Map<ChainNamespace, () => void>;
  readonly connectorPlugins: Map<string, ConnectorPlugin>;
  /** Which plugin's shared session a per-namespace connector belongs to. */
  readonly sessionConnectors: WeakMap<Connector, ConnectorPlugin>;
  readonly plugins: Map<string, FeaturePlugin>;
  readonly telemetry: Telemetry;
  now(): number;
  isMobile(): boolean;
  /** setTimeout that `destroy()` cancels; answers a function that cancels it sooner. */
  later(ms: number, run: () => void): () => void;
  sleep(ms: number): Promise<void>;
  /** Work that must not run twice at once (§4: reconnect runs once at a time). */
  readonly pending: {
    reconnect?: Promise<void>;
    /** After a reload, the address kept with the stored session, until its restore settles (then undefined). */
    restoring?: string;
    tokenRetryAfter?: Partial<Record<ChainNamespace, number>>;
    /** A shared session being ended: its providers, its plugin and the visitor may all ask at once. */
    sessionEnds?: Map<ConnectorPlugin, Promise<void>>;
    /** §4: the timer that asks again when the active account's sign-in session ends, and the namespace it watches. */
    signInExpiry?: { namespace: ChainNamespace; cancel: () => void };
  };
}
