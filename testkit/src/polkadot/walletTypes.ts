/** One account of the mock extension: a real key from a secret URI (mnemonic, 0x seed, `//Alice`-style derivation). */
export interface MockPolkadotAccountConfig {
  uri: string;
  /** The name the extension shows; 'Account N' by default. */
  name?: string;
  /** sr25519 (the default, as extensions create) or ed25519. */
  type?: 'sr25519' | 'ed25519';
}

export interface MockPolkadotFailures {
  /** The approval prompt of enable() (only shown to a site not yet authorised) is refused. */
  rejectConnect: boolean;
  /** signRaw and signPayload are refused. */
  rejectSign: boolean;
}

export interface MockPolkadotExtensionOptions {
  /** The `injectedWeb3` key: 'polkadot-js', 'talisman', 'subwallet-js'… */
  key: string;
  /** A display name for tests (the adapter names extensions by key); the key by default. */
  name?: string;
  /** The accounts the visitor shares with the site, the first one first. At least one. */
  accounts: MockPolkadotAccountConfig[];
  /** The address format `accounts.get()` answers in; 42 (generic Substrate), as extensions do, by default. */
  ss58Format?: number;
  /** `injectedWeb3[key].version`; '0.63.1' by default. */
  version?: string;
  /** A data: URI the entry carries as `icon`; none by default (real extensions inject none). */
  icon?: string;
  failures?: Partial<MockPolkadotFailures>;
}

/** What an extension injects: `window.injectedWeb3[key]`. */
export interface MockInjectedEntry {
  readonly version: string;
  readonly icon?: string;
  enable(originName: string): Promise<MockInjected>;
}

export interface MockInjectedAccount {
  address: string;
  name: string;
  type: 'sr25519' | 'ed25519';
}

/** `enable()`'s answer: polkadot{.js}' `Injected`. */
export interface MockInjected {
  readonly accounts: {
    get(anyType?: boolean): Promise<MockInjectedAccount[]>;
    subscribe(callback: (accounts: MockInjectedAccount[]) => void): () => void;
  };
  readonly signer: {
    signRaw(request: { address: string; data: string; type: 'bytes' | 'payload' }): Promise<{ id: number; signature: string }>;
    signPayload(payload: { address: string; version: number; signedExtensions: string[] } & Record<string, unknown>): Promise<{
      id: number;
      signature: string;
    }>;
  };
}

/** A mock polkadot extension with real keys, plus the switches a test flips the way a visitor acts in the extension. */
export interface MockPolkadotExtension {
  readonly key: string;
  readonly name: string;
  /** What goes into `window.injectedWeb3[key]`. */
  readonly entry: MockInjectedEntry;
  /** Addresses of the shared accounts in `ss58Format` (42 by default), the first one first. */
  addresses(ss58Format?: number): string[];
  /** How many approval prompts enable() showed (none for a site already authorised). */
  readonly connectPrompts: number;
  /** Whether this site is authorised (kept in localStorage in a browser, like the extension's own list). */
  isAuthorised(): boolean;
  setFailure(name: keyof MockPolkadotFailures, value: boolean): void;
  /** The visitor shares another account (a secret URI) and puts it first; subscribers hear the new list. */
  switchAccount(account: string | MockPolkadotAccountConfig): string;
  /** The visitor revokes the site in the extension: authorisation forgotten, subscribers hear []. */
  disconnectFromWallet(): void;
}
