import type { WalletKitTypes } from '@reown/walletkit';
import type { SessionTypes } from '@walletconnect/types';
import type { Address, Hex } from 'viem';

export interface WalletConnectWalletBehaviour {
  /** Reject every session proposal (the dapp's connect fails with 5000 "User rejected."). */
  rejectProposal: boolean;
  /** Reject every signing request and chain switch with 5000 "User rejected.". */
  rejectRequests: boolean;
  /** Never answer requests (the dapp's request stays pending until it times out). */
  ignoreRequests: boolean;
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
  /** Pairs with a dapp's `wc:` URI; the proposal that follows is approved (or rejected, per behaviour). */
  pair(uri: string): Promise<void>;
  /** Resolves with the next session the wallet approves. */
  nextSession(): Promise<SessionTypes.Struct>;
  sessions(): SessionTypes.Struct[];
  /** Disconnects one session, or all of them, from the wallet's side (6000 "User disconnected."). */
  disconnect(topic?: string): Promise<void>;
  /** Switches the EVM chain from the wallet's side: adds it to each session if needed and emits chainChanged. */
  switchChain(chainId: number): Promise<void>;
  /** Selects another EVM key: updates every session's accounts and emits accountsChanged. Returns the address. */
  emitAccountsChanged(privateKey: Hex): Promise<Address>;
  setBehaviour(behaviour: Partial<WalletConnectWalletBehaviour>): void;
  readonly requests: readonly WalletConnectWalletRequest[];
  /** Failures inside the wallet's own handling (approving, answering), which no dapp would otherwise see. */
  readonly errors: readonly Error[];
  /** Closes the relay socket and stops the client's timers. */
  close(): Promise<void>;
}
