import type { Address } from '@solana/kit';
import { AccountState } from '@solana-program/token';
import type { LiteSVM } from 'litesvm';
import { decodeTokenAccount, isTokenAccount, mintDecimals, uiTokenAmount, type UiTokenAmount } from './tokenAccounts.js';

/** The RPC's `UiTransactionTokenBalance`: one SPL token account of the transaction, before or after it. */
export interface TransactionTokenBalance {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  uiTokenAmount: UiTokenAmount;
}

/**
 * The token balances a validator records in a transaction's meta: every account key that is an initialised
 * SPL token account of a known mint, by its index in the message. A zero amount has `uiAmount: null`, as
 * agave writes it there.
 */
export function readTransactionTokenBalances(svm: LiteSVM, keys: readonly Address[]): TransactionTokenBalance[] {
  const balances: TransactionTokenBalance[] = [];
  keys.forEach((key, accountIndex) => {
    const account = svm.getAccount(key);
    if (!account.exists || !isTokenAccount(account)) return;
    const token = decodeTokenAccount(account);
    if (token.state === AccountState.Uninitialized) return;
    const mint = svm.getAccount(token.mint);
    const decimals = mintDecimals(mint.exists ? mint : undefined);
    if (decimals === undefined) return;
    const amount = uiTokenAmount(token.amount, decimals);
    balances.push({
      accountIndex,
      mint: token.mint,
      owner: token.owner,
      programId: account.programAddress,
      uiTokenAmount: token.amount === 0n ? { ...amount, uiAmount: null } : amount,
    });
  });
  return balances;
}
