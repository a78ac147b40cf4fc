import type { Address } from '@solana/kit';
import { accountEncodingOptions, encodeAccount } from './accountEncoding.js';
import type { SimulationResult } from './localLedger.js';
import { withContext, type RpcContext, type RpcMethod } from './rpcContext.js';
import { internalError, invalidParams, minContextSlotNotReached, preflightFailure, signatureVerificationFailure } from './rpcError.js';
import {
  addressParam,
  configParam,
  isAddressString,
  optionalBoolean,
  optionalString,
  stringParam,
  u64Param,
  type RpcConfig,
} from './rpcParams.js';
import { decodeWireTransaction, wireBytes, type DecodedTransaction } from './wireTransaction.js';

function checkMinContextSlot(config: RpcConfig, context: RpcContext): void {
  const minContextSlot = config.minContextSlot;
  if (typeof minContextSlot === 'number' && BigInt(minContextSlot) > context.ledger.slot)
    throw minContextSlotNotReached(context.ledger.slot);
}

function decodeParam(params: readonly unknown[], config: RpcConfig): DecodedTransaction {
  return decodeWireTransaction(wireBytes(stringParam(params, 0, 'an encoded transaction'), optionalString(config, 'encoding')));
}

/** `accounts: { addresses, encoding }` of simulateTransaction: their state after the simulated transaction. */
function simulatedAccounts(config: RpcConfig, result: SimulationResult, context: RpcContext) {
  const requested = config.accounts as { addresses?: unknown; encoding?: unknown } | undefined | null;
  if (requested === undefined || requested === null) return null;
  if (!Array.isArray(requested.addresses)) throw invalidParams('Invalid params: accounts.addresses must be an array');
  const options = accountEncodingOptions({ encoding: requested.encoding ?? 'base64' });
  const postState = new Map(result.postAccounts.map((account) => [account.address, account]));
  return requested.addresses.map((address: unknown) => {
    if (!isAddressString(address)) throw invalidParams('Invalid param: Invalid');
    const account = postState.get(address) ?? context.findAccount(address);
    return account ? encodeAccount(account, options, (other: Address) => postState.get(other) ?? context.findAccount(other)) : null;
  });
}

/** The RPC's `RpcSimulateTransactionResult`, also the `data` of a -32002 preflight failure. */
function simulationValue(result: SimulationResult, config: RpcConfig, context: RpcContext, replacement: boolean) {
  return {
    err: result.err?.json ?? null,
    logs: result.logs,
    accounts: simulatedAccounts(config, result, context),
    unitsConsumed: result.unitsConsumed,
    returnData: result.returnData,
    innerInstructions: config.innerInstructions === true ? result.innerInstructions : null,
    replacementBlockhash: replacement ? context.ledger.latestBlockhash() : null,
    fee: result.err ? null : result.fee,
    loadedAccountsDataSize: 0,
    loadedAddresses: null,
    preBalances: null,
    postBalances: null,
    preTokenBalances: null,
    postTokenBalances: null,
  };
}

export const transactionMethods: Readonly<Record<string, RpcMethod>> = {
  requestAirdrop: (params, context) => {
    const address = addressParam(params, 0);
    const lamports = u64Param(params, 1, 'lamports');
    try {
      return context.ledger.airdrop(address, lamports).signature;
    } catch (error) {
      throw internalError(error instanceof Error ? error.message : String(error));
    }
  },
  sendTransaction: (params, context) => {
    const config = configParam(params, 1);
    const decoded = decodeParam(params, config);
    checkMinContextSlot(config, context);
    if (optionalBoolean(config, 'skipPreflight') !== true) {
      const result = context.ledger.simulate(decoded, { sigVerify: true, replaceRecentBlockhash: false });
      if (result.signatureFailure) throw signatureVerificationFailure();
      if (result.err) throw preflightFailure(result.err.message, simulationValue(result, {}, context, false));
    }
    context.ledger.submit(decoded);
    return decoded.signature;
  },
  simulateTransaction: (params, context) => {
    const config = configParam(params, 1);
    const decoded = decodeParam(params, config);
    checkMinContextSlot(config, context);
    const sigVerify = optionalBoolean(config, 'sigVerify') ?? false;
    const replaceRecentBlockhash = optionalBoolean(config, 'replaceRecentBlockhash') ?? false;
    if (sigVerify && replaceRecentBlockhash) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
    const result = context.ledger.simulate(decoded, { sigVerify, replaceRecentBlockhash });
    if (sigVerify && result.signatureFailure) throw signatureVerificationFailure();
    return withContext(context, simulationValue(result, config, context, replaceRecentBlockhash));
  },
};
