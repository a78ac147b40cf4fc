import type { ConnectorPlugin } from '@latch/kernel';
import type { EmbeddedController } from './controller.js';

/* The connector's options and the plugin object its views read: a leaf module the entry and the views share. */

export interface EmbeddedWalletOptions {
  /** The embedded-wallet service's origin (`https://wallet.example.com`); the frame is served from it. */
  serviceUrl: string;
  /** The project id configured on the service (its origin allowlist). */
  projectId: string;
  /** The namespaces it serves; both by default. */
  namespaces?: readonly ('eip155' | 'solana')[];
  /** Entry id (default 'embedded'), name (default 'Email') and a `data:` icon. */
  id?: string;
  name?: string;
  icon?: string;
  /** Frame load timeout in ms (default 20 000, §8) and request timeout (default 30 000). */
  loadTimeoutMs?: number;
  requestTimeoutMs?: number;
  /**
   * The smart account the frame's key owns (ERC-4337): per eip155 chain id, the bundler UserOperations go to, and
   * optionally an ERC-7677 paymaster service that pays the gas (else the account pays). Chains without a bundler use
   * the key itself. Absent: no smart account is offered.
   */
  smartAccount?: {
    bundlerUrls: Readonly<Record<number, string>>;
    paymasterUrls?: Readonly<Record<number, string>>;
    /** The account factory, when not LatchSmartAccountFactory at its deterministic address. */
    factory?: `0x${string}`;
  };
  /** The eip155 account type a session starts with: 'smartAccount' (the default, where a bundler is configured) or 'eoa'. */
  defaultAccountType?: 'smartAccount' | 'eoa';
}

/** What the connector's views read from the plugin object. */
export interface EmbeddedWalletPlugin extends ConnectorPlugin {
  readonly embedded: {
    readonly settings: EmbeddedSettings;
    /**
     * @internal The seam between this entry and the connector's own lazily loaded views: the frame controller and its
     * states are this package's implementation, not an API (an app only passes the plugin to `createModal`, as with
     * wagmi's and RainbowKit's connectors, whose internals stay private too). tsconfig.build.json's `stripInternal`
     * keeps it out of the published declarations, so the published type shows only `settings` and no state type of
     * the controller becomes semver surface; the views, built from source, see it.
     */
    controller(): Promise<EmbeddedController>;
  };
}

export interface EmbeddedSettings {
  readonly serviceUrl: string;
  readonly serviceOrigin: string;
  readonly projectId: string;
  readonly id: string;
  readonly name: string;
  readonly loadTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly smartAccount?: EmbeddedWalletOptions['smartAccount'];
  readonly defaultAccountType?: 'smartAccount' | 'eoa';
}
