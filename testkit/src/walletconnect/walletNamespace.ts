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
  /** Selects another key (a secret in the namespace's own form); `address` and `accounts()` follow. Returns the address. */
  switchAccount?(secret: string): Promise<string>;
  /** The session event announcing the current account after a switch (bip122: `bip122_addressesChanged`), if the namespace has one. */
  accountEvent?(): { name: string; data: unknown };
  /** Answers one request; throws a `WalletRequestError` for a refusal. */
  answer(request: { chainId: string; method: string; params: unknown }, context: { rejectSigning: boolean }): Promise<unknown>;
}

export type WalletNamespaceFactory = (options: WalletConnectWalletOptions) => Promise<WalletNamespace | undefined>;
