import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignInFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features';
import type { Wallet } from '@wallet-standard/base';
import type { StandardConnectFeature, StandardDisconnectFeature, StandardEventsFeature } from '@wallet-standard/features';

export type SolanaChainId = `solana:${string}`;

export interface MockSolanaWalletChain {
  chain: SolanaChainId;
  rpcUrl: string;
}

export interface MockSolanaWalletFailures {
  /** A non-silent connect (and a signIn that would authorise the site) answers 4001. */
  rejectConnect: boolean;
  /** signMessage, signTransaction, signAndSendTransaction and signIn answer 4001. */
  rejectSign: boolean;
}

export interface MockSolanaWalletOptions {
  /** 32-byte hex seed of the wallet's real ed25519 key. */
  secretKeySeed: string;
  /** Defaults to MOCK_SOLANA_WALLET_NAME; also names its localStorage key. */
  name?: string;
  /** A `data:image/svg+xml;base64,…` URI; defaults to the Solana mock wallet icon. */
  icon?: string;
  chains: MockSolanaWalletChain[];
  failures?: Partial<MockSolanaWalletFailures>;
}

export type MockSolanaWalletFeatures = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature &
  SolanaSignInFeature;

/** A Wallet Standard wallet with a real key, plus switches a test flips the way a user would act in the extension. */
export interface MockSolanaWallet extends Wallet {
  readonly features: MockSolanaWalletFeatures;
  setFailure(name: keyof MockSolanaWalletFailures, value: boolean): void;
  /** The user disconnects the site inside the wallet: authorisation forgotten, `change` with no accounts. */
  disconnectFromWallet(): void;
  /** The user picks another account; a connected site hears `change` with it once its key is derived. */
  switchAccount(secretKeySeed: string): Promise<void>;
}
