import { createHash } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519';
import { hex } from '@scure/base';
import { publicKeyFromToyAddress } from './address.js';
import { toyTransferMessage, type ToyTransfer } from './protocol.js';
import { invalidParams, transactionRejected } from './rpcError.js';

/** A transfer the chain applied, as `toy_getTransaction` answers it. */
export interface ToyTransaction extends ToyTransfer {
  hash: string;
  signature: string;
}

function publicKeyOf(address: string, field: string): Uint8Array {
  const publicKey = publicKeyFromToyAddress(address);
  if (!publicKey) throw invalidParams(`${field} is not a toy address: ${JSON.stringify(address)}`);
  return publicKey;
}

/** The toy chain's state: balances and nonces per address, and every transaction applied. Node only. */
export class ToyLedger {
  readonly #balances = new Map<string, bigint>();
  readonly #nonces = new Map<string, number>();
  readonly #transactions = new Map<string, ToyTransaction>();

  balanceOf(address: string): bigint {
    publicKeyOf(address, 'address');
    return this.#balances.get(address) ?? 0n;
  }

  nonceOf(address: string): number {
    publicKeyOf(address, 'address');
    return this.#nonces.get(address) ?? 0;
  }

  /** Credits `amount` out of thin air (the test faucet). */
  fund(address: string, amount: bigint): void {
    if (typeof amount !== 'bigint' || amount < 0n) throw new RangeError('fund: amount must be a non-negative bigint');
    this.#balances.set(address, this.balanceOf(address) + amount);
  }

  transaction(hash: string): ToyTransaction | null {
    const found = this.#transactions.get(hash.toLowerCase());
    return found ? { ...found } : null;
  }

  /**
   * Verifies and applies a transfer: the ed25519 signature of `from` over the canonical bytes, then the nonce, then
   * the balance. Returns the transaction hash (hex sha256 of the signed bytes).
   */
  apply(transfer: ToyTransfer, signatureHex: string): string {
    const publicKey = publicKeyOf(transfer.from, 'from');
    publicKeyOf(transfer.to, 'to');
    const bytes = new TextEncoder().encode(toyTransferMessage(transfer));
    let valid: boolean;
    try {
      valid = ed25519.verify(hex.decode(signatureHex.toLowerCase()), bytes, publicKey);
    } catch {
      valid = false;
    }
    if (!valid) throw transactionRejected(`signature verification failed: the signature is not ${transfer.from}'s over this transfer`);
    const nonce = this.nonceOf(transfer.from);
    if (transfer.nonce !== nonce) throw transactionRejected(`wrong nonce: ${transfer.from} is at nonce ${nonce}, got ${transfer.nonce}`);
    const amount = BigInt(transfer.amount);
    const balance = this.balanceOf(transfer.from);
    if (balance < amount) throw transactionRejected(`insufficient funds: balance ${balance}, amount ${amount}`);

    const hash = createHash('sha256').update(bytes).digest('hex');
    this.#balances.set(transfer.from, balance - amount);
    this.#balances.set(transfer.to, this.balanceOf(transfer.to) + amount);
    this.#nonces.set(transfer.from, nonce + 1);
    this.#transactions.set(hash, { ...transfer, hash, signature: signatureHex.toLowerCase() });
    return hash;
  }
}
