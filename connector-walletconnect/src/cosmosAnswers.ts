import { readUntrustedProperty } from '@latch/kernel';
import { decodeBech32 } from './bech32.js';
import { ProviderRpcError } from './channel.js';
import { decodeBase64 } from './codec.js';

/*
 * The checks of what a wallet answers to WalletConnect's Cosmos methods (Reown "Cosmos RPC methods":
 * cosmos_getAccounts, cosmos_signDirect, cosmos_signAmino). Untrusted data: a malformed answer is a clear error.
 */

export const PUBKEY_TYPE = 'tendermint/PubKeySecp256k1';

/** One cosmos_getAccounts entry, decoded. */
export interface SessionAccount {
  readonly algo: 'secp256k1';
  readonly address: string;
  /** The address's 20 (or 32) bytes. */
  readonly addressBytes: Uint8Array;
  /** The compressed secp256k1 key (33 bytes). */
  readonly pubkey: Uint8Array;
}

/** An amino StdSignature: what both signing methods answer in `signature`. */
export interface StdSignature {
  readonly pub_key: { readonly type: typeof PUBKEY_TYPE; readonly value: string };
  readonly signature: string;
}

/** An amino StdSignDoc (cosmos_signAmino's `signDoc`, numbers as strings). */
export interface StdSignDoc {
  readonly chain_id: string;
  readonly account_number: string;
  readonly sequence: string;
  readonly fee: { readonly amount: readonly { readonly denom: string; readonly amount: string }[]; readonly gas: string };
  readonly msgs: readonly { readonly type: string; readonly value: unknown }[];
  readonly memo: string;
}

export const malformed = (method: string, what: string) =>
  new ProviderRpcError(-32603, `The wallet answered ${method} with a malformed ${what}`);

/** Base64 text of `length` bytes (any length when omitted), or undefined. */
export function base64Bytes(value: unknown, length?: number): Uint8Array | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const bytes = decodeBase64(value);
    return length === undefined || bytes.length === length ? bytes : undefined;
  } catch {
    return undefined;
  }
}

function account(entry: unknown): SessionAccount | undefined {
  const address = readUntrustedProperty(entry, 'address');
  const pubkey = base64Bytes(readUntrustedProperty(entry, 'pubkey'), 33);
  const decoded = typeof address === 'string' ? decodeBech32(address) : undefined;
  if (readUntrustedProperty(entry, 'algo') !== 'secp256k1' || !pubkey || (pubkey[0] !== 2 && pubkey[0] !== 3)) return undefined;
  if (!decoded || (decoded.bytes.length !== 20 && decoded.bytes.length !== 32)) return undefined;
  return { algo: 'secp256k1', address: address as string, addressBytes: decoded.bytes, pubkey };
}

/** The cosmos_getAccounts answer: every entry must be a secp256k1 account with a base64 compressed key. */
export function parseAccounts(answer: unknown): SessionAccount[] {
  if (!Array.isArray(answer)) throw malformed('cosmos_getAccounts', 'account list');
  const accounts = answer.map(account);
  if (accounts.some((entry) => entry === undefined)) throw malformed('cosmos_getAccounts', 'account');
  return accounts as SessionAccount[];
}

/** The `signature` of a signing answer: a secp256k1 key and a 64-byte (r ‖ s) signature, both base64. */
export function parseSignature(answer: unknown, method: string): StdSignature {
  const signature = readUntrustedProperty(answer, 'signature');
  const pubKey = readUntrustedProperty(signature, 'pub_key');
  const key = readUntrustedProperty(pubKey, 'value');
  const value = readUntrustedProperty(signature, 'signature');
  if (readUntrustedProperty(pubKey, 'type') !== PUBKEY_TYPE || !base64Bytes(key, 33) || !base64Bytes(value, 64)) {
    throw malformed(method, 'signature');
  }
  return { pub_key: { type: PUBKEY_TYPE, value: key as string }, signature: value as string };
}

/** The direct sign doc a wallet says it signed: it may change the fee (auth info), never the chain or the account. */
export function parseSignedDirect(
  answer: unknown,
  sent: { chainId: string; accountNumber: string },
): { bodyBytes: Uint8Array; authInfoBytes: Uint8Array } | undefined {
  const signed = readUntrustedProperty(answer, 'signed');
  if (signed === undefined) return undefined; // only a signature: it signed what it was sent
  const bodyBytes = base64Bytes(readUntrustedProperty(signed, 'bodyBytes'));
  const authInfoBytes = base64Bytes(readUntrustedProperty(signed, 'authInfoBytes'));
  if (
    !bodyBytes ||
    !authInfoBytes ||
    readUntrustedProperty(signed, 'chainId') !== sent.chainId ||
    String(readUntrustedProperty(signed, 'accountNumber')) !== sent.accountNumber
  ) {
    throw malformed('cosmos_signDirect', 'signed document');
  }
  return { bodyBytes, authInfoBytes };
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** The amino sign doc a wallet says it signed: the same chain, account and sequence as sent, a well-formed fee. */
export function parseSignedAmino(answer: unknown, sent: StdSignDoc): StdSignDoc {
  const signed = readUntrustedProperty(answer, 'signed');
  if (signed === undefined) return sent;
  const read = (key: string) => readUntrustedProperty(signed, key);
  const fee = read('fee');
  const amount = readUntrustedProperty(fee, 'amount');
  const msgs = read('msgs');
  const coins = Array.isArray(amount) ? amount : [];
  if (
    read('chain_id') !== sent.chain_id ||
    read('account_number') !== sent.account_number ||
    read('sequence') !== sent.sequence ||
    !isString(read('memo')) ||
    !Array.isArray(msgs) ||
    !Array.isArray(amount) ||
    !isString(readUntrustedProperty(fee, 'gas')) ||
    !coins.every((coin) => isString(readUntrustedProperty(coin, 'denom')) && isString(readUntrustedProperty(coin, 'amount')))
  ) {
    throw malformed('cosmos_signAmino', 'signed document');
  }
  return signed as StdSignDoc;
}
