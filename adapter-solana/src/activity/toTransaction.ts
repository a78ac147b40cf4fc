import { formatUnits } from '@latch/kernel';
import type { CaipNetwork, Transaction, TransactionTransfer } from '@latch/kernel';
import { describeMint, type ConfiguredToken } from '../tokens.js';
import { accountMovements, type Movement } from './accountMovements.js';
import type { TransactionRecord } from './transactionJson.js';

const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';

function toTransfer(movement: Movement, network: CaipNetwork, tokens: ReadonlyMap<string, ConfiguredToken>): TransactionTransfer {
  if (movement.asset.kind === 'native') {
    const { name, symbol, decimals } = network.nativeCurrency;
    return {
      direction: movement.direction,
      fungible_info: { name, symbol },
      quantity: { numeric: formatUnits(movement.amount, decimals) },
    };
  }
  const { mint, decimals } = movement.asset;
  const token = tokens.get(mint) ?? describeMint(mint);
  return {
    direction: movement.direction,
    fungible_info: { name: token.name, symbol: token.symbol, ...(token.image ? { icon: { url: token.image } } : {}) },
    quantity: { numeric: formatUnits(movement.amount, decimals) },
  };
}

/** Sent, received, to oneself, or anything else (a swap moves both ways; a program call may move nothing). */
function operationTypeOf(movements: readonly Movement[]): string {
  const sends = movements.some((movement) => movement.direction !== 'in');
  const receives = movements.some((movement) => movement.direction === 'in');
  if (sends && !receives) return 'send';
  return receives && !sends ? 'receive' : 'execute';
}

/** With no transfer, the transaction went to the first program it called (like a contract call's `to`). */
function firstProgram(record: TransactionRecord): string {
  const programs = record.instructions.map((instruction) => record.accountKeys[instruction.programIndex] as string);
  return programs.find((program) => program !== COMPUTE_BUDGET_PROGRAM) ?? programs[0] ?? '';
}

export interface DecodeContext {
  signature: string;
  owner: string;
  /** The CAIP-2 id the page was asked for. */
  chain: string;
  network: CaipNetwork;
  /** The integrator's configured tokens on this network, by mint: names, symbols and icons. */
  tokens: ReadonlyMap<string, ConfiguredToken>;
  /** The block time from `getSignaturesForAddress`, used when the transaction reply has none. */
  blockTime?: number;
}

/** The §3 Transaction seen from `owner`; undefined when the block time is unknown (minedAt is required). */
export function toTransaction(record: TransactionRecord, context: DecodeContext): Transaction | undefined {
  const seconds = record.blockTime ?? context.blockTime;
  const minedAt = seconds === undefined ? undefined : new Date(seconds * 1000);
  if (!minedAt || Number.isNaN(minedAt.getTime())) return undefined;
  const { owner } = context;
  const movements = accountMovements(record, owner);
  const outgoing = movements.find((movement) => movement.direction !== 'in');
  const incoming = movements.find((movement) => movement.direction === 'in');
  const payer = record.accountKeys[0] as string;
  const [sentFrom, sentTo] = outgoing
    ? [owner, outgoing.direction === 'self' ? owner : (outgoing.counterparty ?? '')]
    : incoming
      ? [incoming.counterparty ?? payer, owner]
      : [payer, firstProgram(record)];
  return {
    id: context.signature,
    metadata: {
      minedAt: minedAt.toISOString(),
      chain: context.chain,
      operationType: operationTypeOf(movements),
      status: record.err === null ? 'confirmed' : 'failed',
      sentFrom,
      sentTo,
    },
    transfers: movements.map((movement) => toTransfer(movement, context.network, context.tokens)),
  };
}
