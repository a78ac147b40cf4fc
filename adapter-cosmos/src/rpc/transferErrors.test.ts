import { LatchError } from '@latch/kernel';
import { describe, expect, it } from 'vitest';
import { chainRejection, toTransferError } from './transferErrors.js';

/** Errors shaped as CosmJS 0.39 throws them (class names and fields), without a node. */
function cosmjsError(name: string, message: string, fields: Record<string, unknown>): Error {
  return Object.assign(Object.defineProperty(new Error(message), 'name', { value: name }), fields);
}

describe('transfer failures', () => {
  it('name the Cosmos SDK codes a transfer hits, and keep the log of any other', () => {
    expect(chainRejection(5, 'sdk', 'x').message).toBe('The account balance does not cover the amount plus the fee.');
    expect(chainRejection(4, 'sdk', 'x').message).toMatch(/wrong chain id, account number or key/);
    expect(chainRejection(32, 'sdk', 'x').message).toMatch(/sequence changed/);
    expect(chainRejection(13, '', 'x').message).toMatch(/below the minimum/);
    expect(chainRejection(7, 'wasm', 'contract says no').message).toBe('The chain rejected the transfer (code 7, wasm): contract says no');
    expect(chainRejection(3, 'bank', 'spendable balance 1uatom is smaller than 2uatom: insufficient funds').message).toMatch(
      /does not cover/,
    );
    expect(chainRejection(5, 'sdk', 'x')).toMatchObject({ category: 'RPC_ERROR' });
  });

  it('turns CosmJS errors into clear LatchErrors and lets wallet errors (a 4001) through', () => {
    const broadcast = cosmjsError('BroadcastTxError', 'Broadcasting transaction failed with code 32', {
      code: 32,
      codespace: 'sdk',
      log: 'mismatch',
    });
    expect(toTransferError(broadcast).message).toMatch(/sequence changed/);
    expect(toTransferError(broadcast).code).toBeUndefined(); // an ABCI code is not a §8 code
    const timeout = cosmjsError('TimeoutError', 'not found', { txId: 'ABC' });
    expect(toTransferError(timeout).message).toBe('The transfer was sent but is not in a block yet (transaction ABC): check it later.');
    expect(
      toTransferError(new Error("Account 'cosmos1x' does not exist on chain. Send some tokens there before trying to query sequence."))
        .message,
    ).toBe('The sending account does not exist on this chain yet: it has never received funds.');
    expect(toTransferError(new Error('Query failed with (5): 1uatom is smaller than 9uatom: insufficient funds')).message).toMatch(
      /does not cover/,
    );
    expect(toTransferError(new Error('socket hang up')).message).toBe('The transfer failed: socket hang up');
    const refused = new LatchError('Request rejected', { code: 4001 });
    expect(toTransferError(refused)).toBe(refused);
  });
});
