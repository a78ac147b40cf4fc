import type { FailedTransactionMetadata } from 'litesvm';

/** A transaction error in the RPC's JSON form: `"BlockhashNotFound"`, `{ "InstructionError": [0, { "Custom": 1 }] }` … */
export type TransactionErrorJson = string | Readonly<Record<string, unknown>>;

export interface DescribedTransactionError {
  json: TransactionErrorJson;
  /** The validator's display text, used in preflight failure messages. */
  message: string;
}

// Same order as litesvm's TransactionErrorFieldless / InstructionErrorFieldless (solana-sdk's enum order).
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const;

const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const;

// The validator's Display text for the errors a wallet test meets; the rest fall back to the variant name.
const TRANSACTION_ERROR_TEXT: Readonly<Record<string, string>> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  InvalidAccountIndex: 'Transaction contains an invalid account reference',
  SignatureFailure: 'Transaction did not pass signature verification',
  InvalidProgramForExecution: 'This program may not be used for executing instructions',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
};

const INSTRUCTION_ERROR_TEXT: Readonly<Record<string, string>> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  NotEnoughAccountKeys: 'insufficient account keys for instruction',
  AccountNotExecutable: 'instruction expected an executable account',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
  IncorrectAuthority: 'Incorrect authority provided',
  InvalidAccountOwner: 'Invalid account owner',
  ArithmeticOverflow: 'Program arithmetic overflowed',
};

export function describeTransactionErrorName(name: string): DescribedTransactionError {
  return { json: name, message: TRANSACTION_ERROR_TEXT[name] ?? name };
}

function describeInstructionError(error: unknown): DescribedTransactionError {
  if (typeof error === 'number') {
    const name = INSTRUCTION_ERRORS[error] ?? 'InvalidError';
    return { json: name, message: INSTRUCTION_ERROR_TEXT[name] ?? name };
  }
  const fields = error as { code?: unknown };
  if (typeof fields.code === 'number') {
    return { json: { Custom: fields.code }, message: `custom program error: 0x${fields.code.toString(16)}` };
  }
  return { json: 'BorshIoError', message: 'Failed to serialize or deserialize account data' };
}

/** litesvm's error object → the RPC's JSON form and the validator's message for it. */
export function describeTransactionError(failure: FailedTransactionMetadata): DescribedTransactionError {
  const error: unknown = failure.err();
  if (typeof error === 'number') return describeTransactionErrorName(TRANSACTION_ERRORS[error] ?? 'SanitizeFailure');
  const fields = error as { index?: number; accountIndex?: number; err?: () => unknown; constructor: { name: string } };
  if (typeof fields.err === 'function' && fields.index !== undefined) {
    const inner = describeInstructionError(fields.err());
    return {
      json: { InstructionError: [fields.index, inner.json] },
      message: `Error processing Instruction ${fields.index}: ${inner.message}`,
    };
  }
  if (fields.index !== undefined) {
    return {
      json: { DuplicateInstruction: fields.index },
      message: `Transaction contains a duplicate instruction (${fields.index}) that is not allowed`,
    };
  }
  const accountIndex = fields.accountIndex ?? 0;
  if (fields.constructor.name.includes('Rent')) {
    return {
      json: { InsufficientFundsForRent: { account_index: accountIndex } },
      message: `Transaction results in an account (${accountIndex}) with insufficient funds for rent`,
    };
  }
  return {
    json: { ProgramExecutionTemporarilyRestricted: { account_index: accountIndex } },
    message: `Execution of the program referenced by account at index ${accountIndex} is temporarily restricted.`,
  };
}
