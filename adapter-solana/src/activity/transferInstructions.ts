import { base58 } from '@scure/base';
import type { TransactionRecord } from './transactionJson.js';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const TOKEN_PROGRAMS = new Set(['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb']);
const SYSTEM_TRANSFER = 2;
const TOKEN_TRANSFER = 3;
const TOKEN_TRANSFER_CHECKED = 12;

/** A top-level transfer instruction: SOL between wallets, or tokens between token accounts (by key index). */
export type InstructionTransfer =
  | { kind: 'native'; from: number; to: number; amount: bigint }
  | { kind: 'token'; from: number; to: number; authority: number; amount: bigint; decimals?: number };

function u64At(bytes: Uint8Array, offset: number): bigint {
  let value = 0n;
  for (let index = offset + 7; index >= offset; index--) value = (value << 8n) | BigInt(bytes[index] ?? 0);
  return value;
}

function decode(data: string): Uint8Array | undefined {
  try {
    return base58.decode(data);
  } catch {
    return undefined;
  }
}

/**
 * The system `Transfer` and SPL Token `Transfer` / `TransferChecked` instructions of a transaction, decoded
 * from their bytes: what a failed transaction attempted, and what a transfer to oneself moved (its balances
 * do not change). Other instructions and malformed ones are left out.
 */
export function transferInstructions(record: TransactionRecord): InstructionTransfer[] {
  const transfers: InstructionTransfer[] = [];
  for (const { programIndex, accounts, data } of record.instructions) {
    const program = record.accountKeys[programIndex];
    const bytes = decode(data);
    if (!bytes || !program) continue;
    if (program === SYSTEM_PROGRAM && bytes.length === 12 && bytes[0] === SYSTEM_TRANSFER && bytes[1] === 0 && accounts.length >= 2) {
      if (bytes[2] !== 0 || bytes[3] !== 0) continue; // the system program's index is a u32
      transfers.push({ kind: 'native', from: accounts[0] as number, to: accounts[1] as number, amount: u64At(bytes, 4) });
    } else if (TOKEN_PROGRAMS.has(program) && bytes[0] === TOKEN_TRANSFER && bytes.length === 9 && accounts.length >= 3) {
      const [from, to, authority] = accounts as [number, number, number];
      transfers.push({ kind: 'token', from, to, authority, amount: u64At(bytes, 1) });
    } else if (TOKEN_PROGRAMS.has(program) && bytes[0] === TOKEN_TRANSFER_CHECKED && bytes.length === 10 && accounts.length >= 4) {
      const [from, , to, authority] = accounts as [number, number, number, number];
      transfers.push({ kind: 'token', from, to, authority, amount: u64At(bytes, 1), decimals: bytes[9] as number });
    }
  }
  return transfers;
}
