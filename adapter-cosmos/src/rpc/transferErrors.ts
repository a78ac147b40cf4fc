import { LatchError, isLatchError, readErrorMessage } from '@latch/kernel';

/** The Cosmos SDK's own error codes (codespace `sdk`) that a transfer can hit. */
const SDK_MESSAGES: Readonly<Record<number, string>> = {
  4: 'The chain rejected the signature (wrong chain id, account number or key).',
  5: 'The account balance does not cover the amount plus the fee.',
  11: 'The transaction ran out of gas.',
  13: 'The fee is below the minimum the node accepts.',
  19: 'The same transaction is already waiting to be included.',
  32: 'The account sequence changed while signing (another transaction went first): send again.',
};

const INSUFFICIENT_FUNDS = /insufficient funds|insufficient fee|smaller than/i;
const UNKNOWN_ACCOUNT = /does not exist on chain/i;

/** A transaction the chain did not accept (CheckTx) or did not execute (DeliverTx code ≠ 0), as a clear message. */
export function chainRejection(code: number, codespace: string, log: string): LatchError {
  const known = codespace === 'sdk' || codespace === '' ? SDK_MESSAGES[code] : undefined;
  const message = known ?? (INSUFFICIENT_FUNDS.test(log) ? SDK_MESSAGES[5] : undefined);
  return new LatchError(message ?? `The chain rejected the transfer (code ${code}${codespace ? `, ${codespace}` : ''}): ${log}`, {
    category: 'RPC_ERROR',
    cause: { code, codespace, log },
  });
}

/** Anything a send threw: wallet errors (4001 included) pass through, node answers become clear messages. */
export function toTransferError(err: unknown): LatchError {
  if (isLatchError(err)) return err;
  const message = readErrorMessage(err);
  const name = err instanceof Error ? err.name : '';
  if (name === 'BroadcastTxError') {
    const { code, codespace, log } = err as Error & { code: number; codespace: string; log?: string };
    return chainRejection(code, codespace, log ?? '');
  }
  if (name === 'TimeoutError') {
    const txId = (err as Error & { txId?: string }).txId;
    return new LatchError(`The transfer was sent but is not in a block yet (transaction ${txId ?? 'unknown'}): check it later.`, {
      category: 'RPC_ERROR',
      cause: err,
    });
  }
  if (UNKNOWN_ACCOUNT.test(message)) {
    return new LatchError('The sending account does not exist on this chain yet: it has never received funds.', {
      category: 'RPC_ERROR',
      cause: err,
    });
  }
  if (INSUFFICIENT_FUNDS.test(message)) return new LatchError(SDK_MESSAGES[5] as string, { category: 'RPC_ERROR', cause: err });
  return new LatchError(`The transfer failed: ${message}`, { category: 'RPC_ERROR', cause: err });
}
