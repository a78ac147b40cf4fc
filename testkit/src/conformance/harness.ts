import type { CaipNetwork, ChainAdapter } from '@latch/kernel';

/** The wallet side of a conformance run: a real test wallet the adapter talks to. */
export interface ConformanceWallet {
  /** The connector id the adapter lists for this wallet once it is present. */
  readonly connectorId: string;
  /** The address `connect` must return, in the adapter's canonical form. */
  readonly address: string;
  /** Makes the wallet refuse (code 4001) the next and later requests of that kind, or stop refusing. */
  reject(kind: 'connect' | 'sign', value: boolean): void | Promise<void>;
  /** The wallet ends the session on its side. */
  disconnectFromWallet(): void | Promise<void>;
  /** The wallet selects another account; resolves to its address. Optional. */
  switchAccount?(): Promise<string>;
  /** Checks a signature the adapter returned, with the chain's own verification. */
  verifySignature(request: { message: string; signature: string; address: string }): Promise<boolean>;
  /** The native balance the chain holds for `address`, in whole units (e.g. '1.5'). */
  nativeBalance(): Promise<string>;
}

export interface ConformanceHarness {
  adapter: ChainAdapter;
  /** The one network the run configures; connect and balance use it. */
  network: CaipNetwork;
  wallet: ConformanceWallet;
  /** Makes the wallet present (announce / register). Called after discovery started, to prove late wallets are found. */
  install(): void | Promise<void>;
  /** Stops everything the harness started. */
  teardown(): Promise<void>;
}
