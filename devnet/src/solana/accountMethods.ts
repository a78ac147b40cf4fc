import { getBase58Encoder, getBase64Encoder, type Address, type EncodedAccount } from '@solana/kit';
import { getMintDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { accountEncodingOptions, encodeAccount, type AccountEncodingOptions } from './accountEncoding.js';
import { withContext, type RpcContext, type RpcMethod } from './rpcContext.js';
import { invalidParams } from './rpcError.js';
import { addressParam, configParam, isAddressString } from './rpcParams.js';
import { decodeTokenAccount, isMintAccount, isTokenAccount, mintDecimals, uiTokenAmount } from './tokenAccounts.js';

const MAX_MULTIPLE_ACCOUNTS = 100;

function keyedAccounts(accounts: readonly EncodedAccount[], options: AccountEncodingOptions, context: RpcContext) {
  return accounts.map((account) => ({ pubkey: account.address, account: encodeAccount(account, options, context.findAccount) }));
}

function filterBytes(memcmp: { bytes?: unknown; encoding?: unknown }): Uint8Array {
  if (typeof memcmp.bytes !== 'string') throw invalidParams('Invalid params: memcmp.bytes must be a string');
  try {
    return new Uint8Array(memcmp.encoding === 'base64' ? getBase64Encoder().encode(memcmp.bytes) : getBase58Encoder().encode(memcmp.bytes));
  } catch {
    throw invalidParams('Invalid param: could not decode memcmp bytes');
  }
}

/** getProgramAccounts filters: `{ dataSize }` and `{ memcmp: { offset, bytes, encoding? } }`. */
function accountFilter(filters: unknown): (account: EncodedAccount) => boolean {
  if (filters === undefined || filters === null) return () => true;
  if (!Array.isArray(filters)) throw invalidParams('Invalid params: filters must be an array');
  const tests = filters.map((filter: unknown): ((account: EncodedAccount) => boolean) => {
    const { dataSize, memcmp } = (filter ?? {}) as {
      dataSize?: unknown;
      memcmp?: { offset?: unknown; bytes?: unknown; encoding?: unknown };
    };
    if (typeof dataSize === 'number') return (account) => account.data.length === dataSize;
    if (memcmp && typeof memcmp.offset === 'number') {
      const offset = memcmp.offset;
      const bytes = filterBytes(memcmp);
      return (account) => bytes.every((byte, index) => account.data[offset + index] === byte);
    }
    throw invalidParams('Invalid params: unknown filter');
  });
  return (account) => tests.every((test) => test(account));
}

function tokenAccountFilter(params: readonly unknown[], context: RpcContext): (account: EncodedAccount) => boolean {
  const filter = configParam(params, 1) as { mint?: unknown; programId?: unknown };
  if (filter.mint !== undefined) {
    if (!isAddressString(filter.mint)) throw invalidParams('Invalid param: Invalid');
    const mint = context.findAccount(filter.mint);
    if (!mint || !isMintAccount(mint)) throw invalidParams('Invalid param: could not find mint');
    const wanted = filter.mint;
    return (account) => decodeTokenAccount(account).mint === wanted;
  }
  if (filter.programId !== undefined) {
    if (filter.programId !== TOKEN_PROGRAM_ADDRESS) throw invalidParams('Invalid param: unrecognized Token program id');
    return () => true;
  }
  throw invalidParams('Invalid params: expected a filter object with `mint` or `programId`');
}

function tokenAccountsOf(owner: Address, keep: (account: EncodedAccount) => boolean, context: RpcContext): EncodedAccount[] {
  return context.ledger.svm
    .getProgramAccounts(TOKEN_PROGRAM_ADDRESS)
    .filter((account) => isTokenAccount(account) && decodeTokenAccount(account).owner === owner && keep(account));
}

export const accountMethods: Readonly<Record<string, RpcMethod>> = {
  getBalance: (params, context) => withContext(context, context.ledger.balance(addressParam(params, 0))),
  getAccountInfo: (params, context) => {
    const account = context.findAccount(addressParam(params, 0));
    const options = accountEncodingOptions(configParam(params, 1));
    return withContext(context, account ? encodeAccount(account, options, context.findAccount) : null);
  },
  getMultipleAccounts: (params, context) => {
    const addresses = params[0];
    if (!Array.isArray(addresses)) throw invalidParams('Invalid params: expected an array of addresses');
    if (addresses.length > MAX_MULTIPLE_ACCOUNTS) throw invalidParams(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`);
    const options = accountEncodingOptions(configParam(params, 1));
    const accounts = addresses.map((_address, index) => context.findAccount(addressParam(addresses, index)));
    return withContext(
      context,
      accounts.map((account) => (account ? encodeAccount(account, options, context.findAccount) : null)),
    );
  },
  getProgramAccounts: (params, context) => {
    const config = configParam(params, 1);
    const keep = accountFilter(config.filters);
    const accounts = context.ledger.svm.getProgramAccounts(addressParam(params, 0)).filter(keep);
    const result = keyedAccounts(accounts, accountEncodingOptions(config), context);
    return config.withContext === true ? withContext(context, result) : result;
  },
  getTokenAccountsByOwner: (params, context) => {
    const owner = addressParam(params, 0);
    const accounts = tokenAccountsOf(owner, tokenAccountFilter(params, context), context);
    return withContext(context, keyedAccounts(accounts, accountEncodingOptions(configParam(params, 2)), context));
  },
  getTokenAccountBalance: (params, context) => {
    const account = context.findAccount(addressParam(params, 0));
    if (!account) throw invalidParams('Invalid param: could not find account');
    if (!isTokenAccount(account)) throw invalidParams('Invalid param: not a Token account');
    const token = decodeTokenAccount(account);
    const decimals = mintDecimals(context.findAccount(token.mint));
    if (decimals === undefined) throw invalidParams('Invalid param: could not find mint');
    return withContext(context, uiTokenAmount(token.amount, decimals));
  },
  getTokenSupply: (params, context) => {
    const account = context.findAccount(addressParam(params, 0));
    if (!account || !isMintAccount(account)) throw invalidParams('Invalid param: not a Token mint');
    const mint = getMintDecoder().decode(account.data);
    return withContext(context, uiTokenAmount(mint.supply, mint.decimals));
  },
};
