import { ProviderRpcError } from './channel.js';
import { decodeBase64, encodeBase64 } from './codec.js';

/*
 * The bip122 wallet's answers, read as untrusted data. Shapes from WalletConnect's Bitcoin RPC reference
 * (docs.reown.com/advanced/multichain/rpc-reference/bitcoin-rpc): getAccountAddresses answers
 * `[{ address, publicKey?, path?, intention? }]` (the bip122_addressesChanged event carries the same list),
 * signMessage `{ address, signature (hex), messageHash? }`, sendTransfer `{ txid }`, signPsbt `{ psbt (base64), txid? }`.
 */

/** One address of the account, as the wallet listed it. */
export interface WalletAddress {
  readonly address: string;
  /** Hex, without 0x: 33-byte compressed or 32-byte x-only (Taproot). */
  readonly publicKey?: string;
  readonly intention?: 'payment' | 'ordinal';
}

/** Base58 or bech32(m) characters of a plausible length; the adapter checks the address against its network. */
const ADDRESS = /^[A-Za-z0-9]{14,90}$/;
const PUBLIC_KEY = /^(0[23][0-9a-f]{64}|[0-9a-f]{64})$/i;
const HEX = /^(?:[0-9a-f]{2})+$/i;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const TXID = /^[0-9a-f]{64}$/i;
/** The spec caps unused addresses below the gap limit (20); a wallet listing hundreds is not one to follow. */
const MAX_ADDRESSES = 64;
/** A PSBT starts with the magic bytes `psbt` 0xff (BIP-174). */
const PSBT_MAGIC = [0x70, 0x73, 0x62, 0x74, 0xff];

export const malformed = (what: string) => new ProviderRpcError(-32603, `The wallet answered a malformed ${what} over WalletConnect`);

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** A getAccountAddresses result (or a bip122_addressesChanged payload); bare address strings are taken too. */
export function readWalletAddresses(value: unknown): WalletAddress[] {
  if (!Array.isArray(value) || value.length > MAX_ADDRESSES) throw malformed('address list');
  return value.map((entry: unknown) => {
    const fields = typeof entry === 'string' ? { address: entry } : record(entry);
    const address = fields?.address;
    if (typeof address !== 'string' || !ADDRESS.test(address)) throw malformed('address list');
    const { publicKey, intention } = fields as Record<string, unknown>;
    return {
      address,
      // A key in another encoding is left out rather than refused: the adapter needs keys only to spend Taproot itself.
      ...(typeof publicKey === 'string' && PUBLIC_KEY.test(publicKey) ? { publicKey: publicKey.toLowerCase() } : {}),
      ...(intention === 'payment' || intention === 'ordinal' ? { intention } : {}),
    };
  });
}

/** signMessage's signature as base64, what the adapter returns: the spec says hex, some wallets send base64. */
export function readSignature(reply: unknown, address: string): { signature: string; messageHash?: string } {
  const fields = record(reply);
  const signature = fields?.signature;
  if (typeof signature !== 'string' || signature === '') throw malformed('signature');
  if (fields?.address !== undefined && fields.address !== address)
    throw new ProviderRpcError(-32603, `The wallet signed with ${String(fields.address)}, not ${address}`);
  let base64: string;
  if (HEX.test(signature)) base64 = encodeBase64(Uint8Array.from(signature.match(/../g) as string[], (byte) => Number.parseInt(byte, 16)));
  else if (BASE64.test(signature) && signature.length % 4 === 0) base64 = signature;
  else throw malformed('signature');
  const messageHash =
    typeof fields?.messageHash === 'string' && HEX.test(fields.messageHash) ? fields.messageHash.toLowerCase() : undefined;
  return { signature: base64, ...(messageHash ? { messageHash } : {}) };
}

/** A transaction id (64 hex digits), lowercased. */
export function readTxid(value: unknown): string {
  if (typeof value !== 'string' || !TXID.test(value)) throw malformed('transaction id');
  return value.toLowerCase();
}

/** Whether `text` is a base64 PSBT (decodes, starts with the magic bytes). */
export function isBase64Psbt(text: unknown): text is string {
  if (typeof text !== 'string' || !BASE64.test(text)) return false;
  try {
    const bytes = decodeBase64(text);
    return PSBT_MAGIC.every((byte, i) => bytes[i] === byte);
  } catch {
    return false;
  }
}

/** signPsbt's answer: the signed PSBT, and the txid when the wallet broadcast it (required when asked to). */
export function readSignedPsbt(reply: unknown, broadcast: boolean): { psbt: string; txid?: string } {
  const fields = record(reply);
  if (!isBase64Psbt(fields?.psbt)) throw malformed('signed PSBT');
  if (!broadcast && fields?.txid === undefined) return { psbt: fields.psbt };
  return { psbt: fields.psbt, txid: readTxid(fields?.txid) };
}
