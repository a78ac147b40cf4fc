import { ed25519 } from '@noble/curves/ed25519';
import { hex } from '@scure/base';
import { toyAddressFromSecretKey } from './address.js';
import { toyTransferMessage, type ToyTransfer } from './protocol.js';

export const ALICE_KEY = 'a1'.repeat(32);
export const BOB_KEY = 'b2'.repeat(32);
export const CAROL_KEY = 'c3'.repeat(32);
export const ALICE = toyAddressFromSecretKey(ALICE_KEY);
export const BOB = toyAddressFromSecretKey(BOB_KEY);
export const CAROL = toyAddressFromSecretKey(CAROL_KEY);

/** What a JSON-RPC answer looks like on the wire. */
export interface RpcAnswer {
  jsonrpc?: string;
  id?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

/** POSTs a raw body and returns the parsed answer, bypassing every client the code under test uses. */
export async function postRaw(rpcUrl: string, body: string): Promise<RpcAnswer> {
  const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return (await response.json()) as RpcAnswer;
}

export const call = (rpcUrl: string, method: string, params: unknown[] = []) =>
  postRaw(rpcUrl, JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }));

/** Signs a transfer with ed25519 directly (not through the wallet). */
export function signTransfer(secretKeyHex: string, transfer: ToyTransfer): string {
  return hex.encode(ed25519.sign(new TextEncoder().encode(toyTransferMessage(transfer)), hex.decode(secretKeyHex)));
}

export { memoryStorage } from '../storage.js';
export { verifyToySignature } from './signature.js';
