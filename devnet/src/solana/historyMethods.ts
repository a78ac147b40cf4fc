import { getBase58Decoder, getBase64Decoder, getTransactionDecoder } from '@solana/kit';
import type { LedgerTransaction } from './localLedger.js';
import { withContext, type RpcMethod } from './rpcContext.js';
import { invalidParams, unsupportedTransactionVersion } from './rpcError.js';
import { configParam, optionalString, signatureString, type RpcConfig } from './rpcParams.js';
import { getSignaturesForAddress } from './signaturesForAddress.js';

const MAX_SIGNATURE_STATUSES = 256;

const statusOf = (record: LedgerTransaction) => (record.err === null ? { Ok: null } : { Err: record.err });

/** The `json` encoding of a transaction: signatures and the message with base58 instruction data. */
function transactionJson(wire: LedgerTransaction['wire']) {
  const { message } = wire;
  const signatures = Object.values(getTransactionDecoder().decode(wire.bytes).signatures).map((signature) =>
    getBase58Decoder().decode(signature ?? new Uint8Array(64)),
  );
  const lookups = 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : [];
  return {
    signatures,
    message: {
      accountKeys: message.staticAccounts,
      header: {
        numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
        numRequiredSignatures: message.header.numSignerAccounts,
      },
      instructions: message.instructions.map((instruction) => ({
        accounts: instruction.accountIndices ?? [],
        data: getBase58Decoder().decode(instruction.data ?? new Uint8Array()),
        programIdIndex: instruction.programAddressIndex,
        stackHeight: null,
      })),
      recentBlockhash: message.lifetimeToken,
      ...(message.version === 'legacy'
        ? {}
        : {
            addressTableLookups: lookups.map((lookup) => ({
              accountKey: lookup.lookupTableAddress,
              readonlyIndexes: lookup.readonlyIndexes,
              writableIndexes: lookup.writableIndexes,
            })),
          }),
    },
  };
}

function encodedTransaction(wire: LedgerTransaction['wire'], encoding: string) {
  if (encoding === 'base64') return [getBase64Decoder().decode(wire.bytes), 'base64'];
  if (encoding === 'base58') return [getBase58Decoder().decode(wire.bytes), 'base58'];
  if (encoding === 'json') return transactionJson(wire);
  throw invalidParams(
    `Invalid params: encoding \`${encoding}\` is not supported by the Latch local Solana RPC (use json, base58 or base64)`,
  );
}

function maxSupportedVersion(config: RpcConfig): number | undefined {
  const value = config.maxSupportedTransactionVersion;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number') throw invalidParams('Invalid params: maxSupportedTransactionVersion must be a number');
  return value;
}

export const historyMethods: Readonly<Record<string, RpcMethod>> = {
  getSignaturesForAddress,
  getSignatureStatuses: (params, context) => {
    const signatures = params[0];
    if (!Array.isArray(signatures)) throw invalidParams('Invalid params: expected an array of signatures');
    if (signatures.length > MAX_SIGNATURE_STATUSES) throw invalidParams(`Too many inputs provided; max ${MAX_SIGNATURE_STATUSES}`);
    const statuses = signatures.map((signature: unknown) => {
      const record = context.ledger.transaction(signatureString(signature));
      if (!record) return null;
      return { slot: record.slot, confirmations: null, err: record.err, status: statusOf(record), confirmationStatus: 'finalized' };
    });
    return withContext(context, statuses);
  },
  getTransaction: (params, context) => {
    const record = context.ledger.transaction(signatureString(params[0]));
    const config = configParam(params, 1);
    const encoding = optionalString(config, 'encoding') ?? 'json';
    const maxVersion = maxSupportedVersion(config);
    if (!record) return null;
    const { version } = record.wire.message;
    if (version !== 'legacy' && (maxVersion === undefined || version > maxVersion)) throw unsupportedTransactionVersion(version);
    const versioned = maxVersion !== undefined;
    return {
      blockTime: record.blockTime,
      meta: {
        computeUnitsConsumed: record.unitsConsumed,
        err: record.err,
        fee: record.fee,
        innerInstructions: record.wire.innerInstructions,
        ...(versioned ? { loadedAddresses: { readonly: [], writable: [] } } : {}),
        logMessages: record.logs,
        postBalances: record.wire.postBalances,
        postTokenBalances: record.wire.postTokenBalances,
        preBalances: record.wire.preBalances,
        preTokenBalances: record.wire.preTokenBalances,
        rewards: [],
        status: statusOf(record),
      },
      slot: record.slot,
      transaction: encodedTransaction(record.wire, encoding),
      ...(versioned ? { version } : {}),
    };
  },
};
