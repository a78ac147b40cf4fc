import type { AccountEntry, CaipNetwork, CaipNetworkId } from '@latch/kernel';
import type { AddressType } from '../address/bitcoinAddress.js';

/** One address a wallet granted. */
export interface BitcoinAccount {
  readonly address: string;
  readonly type: AddressType;
  /** Hex public key when the wallet gives one (needed to spend Taproot and nested SegWit outputs). */
  readonly publicKey?: string;
}

/** What a connection grants: the payment account (§6 default for bip122) and, when the wallet has one, the ordinals account. */
export interface BitcoinAccounts {
  readonly payment: BitcoinAccount;
  readonly ordinal?: BitcoinAccount;
  readonly caipNetworkId: CaipNetworkId;
}

/** What a wallet tells on its own, as each driver understands its wallet's events. */
export type DriverEvent = { type: 'accounts'; accounts: BitcoinAccounts } | { type: 'disconnected' };

export interface TransferOrder {
  readonly accounts: BitcoinAccounts;
  readonly to: string;
  /** Sats. */
  readonly amount: bigint;
  readonly network: CaipNetwork;
  /** sat/vB of the reviewed quote, where the adapter builds the transaction itself (sats-connect wallets pick their own). */
  readonly feeRate?: bigint;
}

/** One wallet protocol (sats-connect, Bitcoin Wallet Standard) behind one interface; loaded on first use. */
export interface BitcoinWalletDriver {
  /** Asks the visitor (a prompt). A refusal rejects with code 4001. */
  connect(network: CaipNetwork): Promise<BitcoinAccounts>;
  /** An earlier authorisation, without any prompt; null when there is none. */
  restore(network: CaipNetwork): Promise<BitcoinAccounts | null>;
  /** BIP-322 signature, base64. */
  signMessage(account: BitcoinAccount, message: string, accounts: BitcoinAccounts): Promise<string>;
  /** A native transfer from the payment account; resolves the txid. */
  sendTransfer(order: TransferOrder): Promise<string>;
  /** Asks the wallet to switch its own network, when it has one. */
  switchNetwork?(network: CaipNetwork): Promise<void>;
  /** Follows the wallet's events; returns an unsubscribe. */
  watch(accounts: () => BitcoinAccounts, onEvent: (event: DriverEvent) => void): () => void;
  /** Lets the wallet know the dapp is done (a courtesy: failures are ignored by the caller). */
  disconnect(): Promise<void>;
}

/** The kernel's account list: payment first (the connection's address), then ordinals. */
export function accountEntries(accounts: BitcoinAccounts): AccountEntry[] {
  const entries: AccountEntry[] = [{ address: accounts.payment.address, type: 'payment' }];
  if (accounts.ordinal) entries.push({ address: accounts.ordinal.address, type: 'ordinal' });
  return entries;
}
