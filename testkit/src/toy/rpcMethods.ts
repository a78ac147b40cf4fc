import { isToyAddress } from './address.js';
import type { ToyLedger } from './ledger.js';
import { CANONICAL_AMOUNT, isSignatureHex, TOY_CHAIN_REFERENCE, type ToyTransfer } from './protocol.js';
import { invalidParams } from './rpcError.js';

export type ToyRpcMethod = (params: unknown, ledger: ToyLedger) => unknown;

function paramList(params: unknown): readonly unknown[] {
  if (params === undefined) return [];
  if (!Array.isArray(params)) throw invalidParams('params must be an array');
  return params;
}

function addressParam(value: unknown, field: string): string {
  if (!isToyAddress(value)) throw invalidParams(`${field} is not a toy address: ${JSON.stringify(value) ?? 'undefined'}`);
  return value;
}

function field(object: unknown, key: string): unknown {
  return typeof object === 'object' && object !== null && Object.hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined;
}

function transferParam(value: unknown): ToyTransfer {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidParams('the first parameter must be a transfer { from, to, amount, nonce }');
  }
  const amount = field(value, 'amount');
  if (typeof amount !== 'string' || !CANONICAL_AMOUNT.test(amount) || amount === '0') {
    throw invalidParams('amount must be a positive decimal integer string of the smallest unit, without leading zeros');
  }
  const nonce = field(value, 'nonce');
  if (typeof nonce !== 'number' || !Number.isSafeInteger(nonce) || nonce < 0) throw invalidParams('nonce must be a non-negative integer');
  return { from: addressParam(field(value, 'from'), 'from'), to: addressParam(field(value, 'to'), 'to'), amount, nonce };
}

function hashParam(value: unknown): string {
  if (typeof value !== 'string' || !/^[0-9a-fA-F]{64}$/.test(value)) throw invalidParams('the hash must be 64 hex characters');
  return value;
}

/** Every method the toy chain answers, by name. */
export const TOY_RPC_METHODS: Readonly<Record<string, ToyRpcMethod>> = Object.freeze({
  toy_chainId: () => TOY_CHAIN_REFERENCE,
  toy_getBalance: (params, ledger) => ledger.balanceOf(addressParam(paramList(params)[0], 'address')).toString(),
  toy_getNonce: (params, ledger) => ledger.nonceOf(addressParam(paramList(params)[0], 'address')),
  toy_sendTransaction(params, ledger) {
    const [transfer, signature] = paramList(params);
    const parsed = transferParam(transfer);
    if (!isSignatureHex(signature)) throw invalidParams('the second parameter must be the ed25519 signature as 128 hex characters');
    return ledger.apply(parsed, signature);
  },
  toy_getTransaction: (params, ledger) => ledger.transaction(hashParam(paramList(params)[0])),
});
