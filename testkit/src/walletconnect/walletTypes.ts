import type { WalletKitTypes } from '@reown/walletkit';
import type { SessionTypes } from '@walletconnect/types';
import type { Address, Hex } from 'viem';
import type { BitcoinNetworkName } from '../bitcoin/bitcoinNetworks.js';
import type { WalletNamespace } from './walletNamespace.js';

export interface WalletConnectWalletBehaviour {
  /** Reject every session proposal (the dapp's connect fails with 5000 "User rejected."). */
  rejectProposal: boolean;
  /** Reject every signing request and chain switch with 5000 "User rejected.". */
  rejectRequests: boolean;
  /** Never answer requests (the dapp's request stays pending until it times out). */
  ignoreRequests: boolean;
  /**
   * Hold each proposal until `approveProposal(id)`, as a person reads the prompt before tapping Approve, instead of
   * answering it at once (the messages that arrive meanwhile, such as the dapp deleting the pairing, are handled first).
   */
  holdProposals: boolean;
}

/** A session proposal as the wallet received it (in `wallet.proposals`, in order of arrival). */
export interface WalletConnectWalletProposal {
  readonly id: number;
  readonly pairingTopic: string;
  /** What the dapp says about itself: what a wallet shows in its approval prompt. */
  readonly metadata: WalletKitTypes.Metadata;
  /** Unix seconds after which the wallet refuses to approve it. */
  readonly expiryTimestamp: number;
  /** The SDK's Verify verdict on the dapp's origin ('UNKNOWN' here: the wallet makes no Verify request). */
  readonly verifyContext: { readonly validation: string; readonly origin: string; readonly verifyUrl: string };
}

export interface WalletConnectWalletOptions {
  /** The relay, e.g. `startWalletConnectRelay().url`. */
  relayUrl: string;
  evm: {
    privateKey: Hex;
    /** chain id → JSON-RPC URL (anvil). The wallet offers exactly these chains. */
    rpcUrls: Record<number, string>;
  };
  solana?: {
    /** 32-byte ed25519 seed as hex (64 hex digits, optional 0x), or its bytes (32, or 64 as solana-keygen writes). */
    secretKey: string | Uint8Array;
    /** The local Solana RPC (testkit's `startSolanaRpc().rpcUrl`). */
    rpcUrl: string;
    /** CAIP-2 id of the cluster; default the local 'Local Solana' network (`solana:LatchLoca1So1anaGenesisHash11111`). */
    chainId?: `solana:${string}`;
  };
  polkadot?: {
    /** A secret URI as the mock extension takes (mnemonic, 0x seed, `//Alice`-style derivation). */
    uri: string;
    /** The key type: sr25519 (the default, as extensions create) or ed25519. */
    type?: 'sr25519' | 'ed25519';
    /** CAIP-2 id of the chain it signs for, `polkadot:<first 32 hex of the genesis hash>` (`startPolkadotChain().caipNetworkId`). */
    chainId: `polkadot:${string}`;
    /** The address format of its CAIP-10 accounts; 42 (generic Substrate) by default. */
    ss58Format?: number;
  };
  cosmos?: {
    /** A BIP-39 mnemonic (Keplr's path m/44'/118'/0'/0/0) or a 32-byte secp256k1 private key as hex. */
    mnemonicOrPrivateKey: string;
    /** The Cosmos chain id it signs for (CAIP-2 `cosmos:<chainId>`); default the local chain's `latch-local-1`. */
    chainId?: string;
    /** The prefix of its bech32 address; 'cosmos' by default. */
    bech32Prefix?: string;
  };
  bip122?: {
    /** The payment key: a 32-byte secp256k1 secret key as hex (its P2WPKH address is the session's account). */
    paymentKey: string;
    /** The ordinals key (P2TR), listed for `intentions: ['ordinal']`; by default one derived from the payment key. */
    ordinalsKey?: string;
    /** The Esplora API of the node it spends on (testkit's `startBitcoinRegtest().esploraUrl`). */
    esploraUrl: string;
    /** sats-connect's name of the network it serves ('Regtest' by default): its CAIP-2 chain and address prefixes. */
    network?: BitcoinNetworkName;
  };
  /** More namespaces, given whole (a made-up one, as a third-party adapter's wallet would serve it). */
  namespaces?: readonly WalletNamespace[];
  metadata?: Partial<WalletKitTypes.Metadata>;
  behaviour?: Partial<WalletConnectWalletBehaviour>;
  /** WalletConnect's pino log level; default 'silent'. */
  logLevel?: 'silent' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
}

/** One dapp request the wallet handled, in order of arrival. */
export interface WalletConnectWalletRequest {
  readonly topic: string;
  readonly id: number;
  /** CAIP-2 chain the dapp addressed, e.g. `eip155:31337`. */
  readonly chainId: string;
  readonly method: string;
  readonly params: unknown;
  /** Set once the wallet answered (absent while pending or when `ignoreRequests` is on). */
  response?: { result: unknown } | { error: { code: number; message: string } };
}

export interface WalletConnectWallet {
  readonly evmAddress: Address;
  readonly solanaAddress: string | undefined;
  /** The address on each extra namespace the options gave a key for (bip122, polkadot, cosmos). */
  readonly addresses: Readonly<Record<string, string>>;
  /** Pairs with a dapp's `wc:` URI; the proposal that follows is approved (or rejected, or held, per behaviour). */
  pair(uri: string): Promise<void>;
  /** Every proposal received, in order (approved, rejected or held). */
  readonly proposals: readonly WalletConnectWalletProposal[];
  /**
   * Approves a proposal held by `holdProposals` (per `rejectProposal` it is rejected instead): resolves with the
   * session, or rejects with the library's error (a proposal whose pairing the dapp deleted cannot be approved).
   */
  approveProposal(id: number): Promise<SessionTypes.Struct>;
  /** The topics of the pairings the wallet holds; one the dapp deleted goes once the wallet has heard of it. */
  pairings(): string[];
  /** Resolves with the next session the wallet approves. */
  nextSession(): Promise<SessionTypes.Struct>;
  sessions(): SessionTypes.Struct[];
  /** Disconnects one session, or all of them, from the wallet's side (6000 "User disconnected."). */
  disconnect(topic?: string): Promise<void>;
  /** Switches the EVM chain from the wallet's side: adds it to each session if needed and emits chainChanged. */
  switchChain(chainId: number): Promise<void>;
  /** Selects another EVM key: updates every session's accounts and emits accountsChanged. Returns the address. */
  emitAccountsChanged(privateKey: Hex): Promise<Address>;
  /**
   * Selects another key on an extra namespace (cosmos: a mnemonic or hex private key; bip122: a payment key as hex) and
   * updates every session that approved it with the new account (a session update, then the namespace's account event
   * if it has one and the session approved it: bip122_addressesChanged). Returns the new address.
   */
  switchNamespaceAccount(namespace: string, secret: string): Promise<string>;
  setBehaviour(behaviour: Partial<WalletConnectWalletBehaviour>): void;
  readonly requests: readonly WalletConnectWalletRequest[];
  /** Failures inside the wallet's own handling (approving, answering), which no dapp would otherwise see. */
  readonly errors: readonly Error[];
  /** Closes the relay socket and stops the client's timers. */
  close(): Promise<void>;
}
