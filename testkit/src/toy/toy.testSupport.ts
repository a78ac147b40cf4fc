import { ed25519 } from '@noble/curves/ed25519';
import { hex } from '@scure/base';
import { publicKeyFromToyAddress, toyAddressFromSecretKey } from './address.js';
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

/** The toy chain's own check of a message signature: ed25519 over the UTF-8 bytes, key from the address. */
export function verifyToySignature({ message, signature, address }: { message: string; signature: string; address: string }): boolean {
  const publicKey = publicKeyFromToyAddress(address);
  if (!publicKey || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  return ed25519.verify(hex.decode(signature.toLowerCase()), new TextEncoder().encode(message), publicKey);
}

/** A minimal `Storage` for Node, where there is no `localStorage`. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}
