/** What a toy wallet shows of itself in its announcement. */
export interface ToyWalletInfo {
  /** Stable id (the connector id), e.g. `io.latch.toywallet`. */
  readonly id: string;
  readonly name: string;
  /** A `data:image/svg+xml` URI: a remote icon would leak the visitor's IP. */
  readonly icon: string;
}

/** The account a wallet grants a site: a `toy1…` address on the network of that CAIP-2 reference. */
export interface ToyAccount {
  address: string;
  chainId: string;
}

export interface ToyWalletEvents {
  /** The user picked another account in the wallet (heard by authorised sites only). */
  accountChanged: (account: ToyAccount) => void;
  /** The user ended the session inside the wallet. */
  disconnect: () => void;
}

/** What a dapp (the toy adapter) may call: the toy namespace's wallet API, like EIP-1193 is eip155's. */
export interface ToyWalletProvider {
  /** Asks the user for access (a popup in a real wallet); rejects with code 4001 when declined. */
  connect(): Promise<ToyAccount>;
  /** The granted account without any prompt, or null when this site is not authorised. */
  getAccount(): Promise<ToyAccount | null>;
  /** Forgets this site's authorisation. */
  disconnect(): Promise<void>;
  /** Hex ed25519 signature over the message's UTF-8 bytes; 4001 when declined, 4100 when not authorised. */
  signMessage(message: string): Promise<string>;
  /** Signs and submits a native transfer (`amount` in the smallest unit, decimal); resolves to the transaction hash. */
  sendTransfer(request: { to: string; amount: string }): Promise<string>;
  on<E extends keyof ToyWalletEvents>(event: E, listener: ToyWalletEvents[E]): () => void;
}

export type ToyWalletFailure = 'rejectConnect' | 'rejectSign';

/** A toy wallet with its test controls: what a test drives, `window.__latchToyWallets[id]` in a page. */
export interface ToyWallet extends ToyWalletProvider {
  readonly info: ToyWalletInfo;
  /** The current account's address (whether or not a site is authorised). */
  readonly address: string;
  /** Makes the wallet decline (4001) connects, or signatures and transfers, until switched off. */
  setFailure(failure: ToyWalletFailure, on: boolean): void;
  /** The user disconnects inside the wallet: forgets the authorisation and emits 'disconnect'. */
  disconnectFromWallet(): void;
  /** The user selects another key; an authorised site hears 'accountChanged'. Returns the new address. */
  switchAccount(secretKeyHex: string): string;
}

export interface ToyWalletOptions {
  /** 32 bytes of hex (with or without `0x`): the ed25519 secret key. */
  secretKey: string;
  /** The toy chain the wallet submits transfers to. */
  rpcUrl: string;
  name?: string;
  id?: string;
  icon?: string;
}
