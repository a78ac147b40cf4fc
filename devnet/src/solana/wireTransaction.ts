import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Address,
  type Transaction,
} from '@solana/kit';
import { LAMPORTS_PER_SIGNATURE } from '@latch/testkit';
import { invalidParams } from './rpcError.js';

type DecodedMessage = ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>;

/** Legacy and v0 messages: what current clusters accept (kit can also decode v1, which they do not). */
export type CompiledMessage = Extract<DecodedMessage, { version: 'legacy' | 0 }>;

export function decodeCompiledMessage(bytes: Uint8Array): CompiledMessage {
  const message = getCompiledTransactionMessageDecoder().decode(bytes);
  if (message.version !== 'legacy' && message.version !== 0) throw new Error(`transaction version ${message.version} is not supported`);
  return message;
}

export interface DecodedTransaction {
  readonly bytes: Uint8Array;
  readonly transaction: Transaction;
  readonly message: CompiledMessage;
  /** The fee payer's signature in base58: the transaction's id. */
  readonly signature: string;
}

const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n;
const MAX_COMPUTE_UNITS = 1_400_000n;

/** Bytes of an encoded wire transaction, with the RPC's own error text for bad encodings. */
export function wireBytes(encoded: string, encoding: string | undefined): Uint8Array {
  const chosen = encoding ?? 'base58';
  try {
    if (chosen === 'base64') {
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) throw new Error('Invalid symbol');
      return new Uint8Array(getBase64Encoder().encode(encoded));
    }
    if (chosen === 'base58') return new Uint8Array(getBase58Encoder().encode(encoded));
  } catch (error) {
    throw invalidParams(`invalid ${chosen} encoding: ${error instanceof Error ? error.message : String(error)}`);
  }
  throw invalidParams(`Invalid params: unknown variant \`${chosen}\`, expected \`base58\` or \`base64\``);
}

export function decodeWireTransaction(bytes: Uint8Array): DecodedTransaction {
  try {
    const transaction = getTransactionDecoder().decode(bytes);
    const message = decodeCompiledMessage(new Uint8Array(transaction.messageBytes));
    const firstSignature = Object.values(transaction.signatures)[0] ?? null;
    const signature = getBase58Decoder().decode(firstSignature ?? new Uint8Array(64));
    return { bytes, transaction, message, signature };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw invalidParams(`failed to deserialize solana_transaction::versioned::VersionedTransaction: ${reason}`);
  }
}

function readLittleEndian(data: ArrayLike<number>, offset: number, length: number): bigint {
  let value = 0n;
  for (let index = length - 1; index >= 0; index--) value = (value << 8n) | BigInt(data[offset + index] ?? 0);
  return value;
}

/** The fee the runtime charges: 5,000 lamports per signature plus the compute-budget priority fee. */
export function transactionFee(message: CompiledMessage): bigint {
  const accounts: readonly Address[] = message.staticAccounts;
  let unitLimit: bigint | undefined;
  let microLamportsPerUnit = 0n;
  let ordinaryInstructions = 0n;
  for (const instruction of message.instructions) {
    const data = instruction.data ?? new Uint8Array();
    if (accounts[instruction.programAddressIndex] !== COMPUTE_BUDGET_PROGRAM) {
      ordinaryInstructions += 1n;
      continue;
    }
    if (data[0] === 2 && data.length >= 5) unitLimit = readLittleEndian(data, 1, 4);
    if (data[0] === 3 && data.length >= 9) microLamportsPerUnit = readLittleEndian(data, 1, 8);
  }
  const units =
    unitLimit ??
    (ordinaryInstructions * DEFAULT_UNITS_PER_INSTRUCTION < MAX_COMPUTE_UNITS
      ? ordinaryInstructions * DEFAULT_UNITS_PER_INSTRUCTION
      : MAX_COMPUTE_UNITS);
  const priorityFee = (microLamportsPerUnit * units + 999_999n) / 1_000_000n;
  return BigInt(message.header.numSignerAccounts) * LAMPORTS_PER_SIGNATURE + priorityFee;
}
