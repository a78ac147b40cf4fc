import type { WalletConnectWalletOptions } from './walletTypes.js';

/*
 * A namespace the Node test wallet serves besides eip155 and solana (bip122, polkadot, cosmos): its keys, the
 * chains it approves, and how it answers a dapp's request. Each lives in its own module and is listed in
 * `walletNamespaces.ts`.
 */
export interface WalletNamespace {
  readonly namespace: string;
  /** CAIP-2 chains the wallet approves. */
  readonly chains: readonly string[];
  readonly methods: readonly string[];
  readonly events: readonly string[];
  /** The wallet's address on this namespace (the first account). */
  readonly address: string;
  /** CAIP-10 accounts for the approval. */
  accounts(): string[];
  /** Answers one request; throws a `WalletRequestError` for a refusal. */
  answer(request: { chainId: string; method: string; params: unknown }, context: { rejectSigning: boolean }): Promise<unknown>;
}

export type WalletNamespaceFactory = (options: WalletConnectWalletOptions) => Promise<WalletNamespace | undefined>;
