/**
 * The toy chain's protocol: what the chain, the wallet and the adapter agree on. Browser-safe, no dependencies.
 */

/** The CAIP-2 namespace of the toy chain: one the kernel has never heard of. */
export const TOY_NAMESPACE = 'toy';
/** The CAIP-2 reference of the only toy network; `toy_chainId` answers it. */
export const TOY_CHAIN_REFERENCE = 'local';
export const TOY_CAIP_NETWORK_ID = `${TOY_NAMESPACE}:${TOY_CHAIN_REFERENCE}` as const;

export const TOY_NATIVE_CURRENCY = Object.freeze({ name: 'Toy', symbol: 'TOY', decimals: 6 });

/** Discovery handshake (like EIP-6963): wallets announce themselves, dapps ask them to. */
export const TOY_ANNOUNCE_EVENT = 'toy:announceWallet';
export const TOY_REQUEST_EVENT = 'toy:requestWallet';

/** A transfer as the chain receives it; `amount` is a decimal string of the smallest unit. */
export interface ToyTransfer {
  from: string;
  to: string;
  amount: string;
  nonce: number;
}

/** A canonical amount: a decimal integer without sign or leading zeros. */
export const CANONICAL_AMOUNT = /^(0|[1-9][0-9]*)$/;

/** The exact text a transfer signature covers; its UTF-8 bytes are signed, and hashed into the transaction hash. */
export function toyTransferMessage({ from, to, amount, nonce }: ToyTransfer): string {
  return `toy-transfer:${TOY_CHAIN_REFERENCE}:${from}:${to}:${amount}:${nonce}`;
}

/** An ed25519 signature: 64 bytes as 128 hex characters. */
export function isSignatureHex(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-fA-F]{128}$/.test(value);
}
