/** A chain the mock wallet knows, as Keplr ships its built-in chains. */
export interface MockCosmosWalletChain {
  readonly chainId: string;
  readonly bech32Prefix: string;
}

export interface MockCosmosWalletFailures {
  /** Refuse the enable prompt (`Error('Request rejected')`, as Keplr). */
  rejectConnect?: boolean;
  /** Refuse signDirect and signArbitrary prompts. */
  rejectSign?: boolean;
  /** Refuse experimentalSuggestChain. */
  rejectSuggestChain?: boolean;
}

export type MockCosmosWalletFailure = keyof MockCosmosWalletFailures;

export interface MockCosmosWalletOptions {
  /** A BIP-39 mnemonic (path m/44'/118'/0'/0/0) or a 32-byte hex private key. */
  mnemonicOrPrivateKey: string;
  /** The chains it knows; others must be suggested first. */
  chains: readonly MockCosmosWalletChain[];
  /** The key's name (Keplr's `Key.name`) and the wallet's storage namespace; 'Mock Cosmos Wallet' by default. */
  name?: string;
  /** The window event it fires when its keys change; 'keplr_keystorechange' by default. */
  keystoreEvent?: string;
  /** Where that event fires; the page's `window` by default (nowhere in Node unless given). */
  eventTarget?: EventTarget;
  failures?: MockCosmosWalletFailures;
}

/** Keplr's `Key` (what `getKey` answers). */
export interface MockCosmosKey {
  name: string;
  algo: 'secp256k1';
  pubKey: Uint8Array;
  address: Uint8Array;
  bech32Address: string;
  ethereumHexAddress: string;
  isNanoLedger: boolean;
  isKeystone: boolean;
}

/** ADR-36 / amino StdSignature (what `signArbitrary` answers). */
export interface MockStdSignature {
  pub_key: { type: 'tendermint/PubKeySecp256k1'; value: string };
  signature: string;
}
