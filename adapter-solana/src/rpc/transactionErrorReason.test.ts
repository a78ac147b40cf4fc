import { describe, expect, it } from 'vitest';
import { describeTransactionError } from './transactionErrorReason.js';

const SYSTEM = '11111111111111111111111111111111';
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const RECEIVER = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

// The shapes below are the RPC's TransactionError JSON as a node sends it (kit hands integers over as bigints).
describe('describeTransactionError', () => {
  it('words the transaction-level errors a visitor meets, and spells out the others', () => {
    expect(describeTransactionError('InsufficientFundsForFee')).toBe('Not enough SOL to pay the network fee');
    expect(describeTransactionError('AccountNotFound')).toBe('The paying account has no SOL');
    expect(describeTransactionError('BlockhashNotFound')).toBe('The transaction expired before the network included it');
    expect(describeTransactionError('UnbalancedTransaction')).toBe('Unbalanced transaction');
    expect(describeTransactionError({ DuplicateInstruction: 2 })).toBe('Duplicate instruction');
  });

  it("names a program's custom error when it knows the program, and keeps the code either way", () => {
    const err = { InstructionError: [1n, { Custom: 1n }] };
    expect(describeTransactionError(err, { programs: [SYSTEM, TOKEN] })).toBe(
      'Not enough tokens for this transfer (instruction 1: custom program error 0x1)',
    );
    expect(describeTransactionError(err, { programs: [SYSTEM, SYSTEM] })).toBe(
      'Not enough SOL for this transfer (instruction 1: custom program error 0x1)',
    );
    expect(describeTransactionError({ InstructionError: [0, { Custom: 6001 }] })).toBe(
      'The transaction failed (instruction 0: custom program error 0x1771)',
    );
    expect(describeTransactionError({ InstructionError: [0, { Custom: 17 }] }, { programs: [TOKEN] })).toBe(
      'The token account is frozen (instruction 0: custom program error 0x11)',
    );
  });

  it('words named instruction errors, with or without a payload', () => {
    expect(describeTransactionError({ InstructionError: [0, 'MissingRequiredSignature'] })).toBe(
      'A required signature is missing (instruction 0: MissingRequiredSignature)',
    );
    expect(describeTransactionError({ InstructionError: [2, 'InvalidRealloc'] })).toBe('Invalid realloc (instruction 2: InvalidRealloc)');
    expect(describeTransactionError({ InstructionError: [0, { BorshIoError: 'Unknown' }] })).toBe(
      'Borsh io error (instruction 0: BorshIoError)',
    );
  });

  it('names the account a rent error is about when the keys are known', () => {
    const err = { InsufficientFundsForRent: { account_index: 1n } };
    expect(describeTransactionError(err, { accountKeys: [SYSTEM, RECEIVER] })).toBe(
      'The transfer would leave account 9xQe…VFin below the rent-exempt minimum (0.00089088 SOL for a wallet)',
    );
    expect(describeTransactionError(err)).toContain('account #1 below');
  });

  it('still answers with a sentence for garbage, and never throws', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('boom');
        },
        ownKeys() {
          throw new Error('boom');
        },
      },
    );
    for (const garbage of [null, undefined, 42, [], {}, hostile, { InstructionError: 'x' }, { InstructionError: [] }]) {
      expect(describeTransactionError(garbage)).toMatch(/^[A-Z].+/);
    }
  });
});
