import type { Hex, NodeReceipt, NodeTransaction } from '../nodeShapes.js';
import { TRANSFER_TOPIC } from './transferLogs.js';

/** A token that moved to or from the account in one transaction. */
export interface TokenMovement {
  /** Lowercase contract address. */
  contract: Hex;
  standard: 'erc20' | 'erc721';
  /** Lowercase. */
  from: Hex;
  /** Lowercase. */
  to: Hex;
  /** The amount in the token's smallest unit (ERC-20) or the token id (ERC-721). */
  value: bigint;
}

export const ZERO_ADDRESS: Hex = '0x0000000000000000000000000000000000000000';
const TRANSFER_SELECTOR = '0xa9059cbb';
const WORD = /^0x[0-9a-f]{64}$/i;

/** An indexed address topic, or undefined when its upper 12 bytes are not zero. */
function topicAddress(topic: Hex | undefined): Hex | undefined {
  if (!topic || !WORD.test(topic) || !/^0x0{24}/.test(topic)) return undefined;
  return `0x${topic.slice(26).toLowerCase()}`;
}

/** What the receipt's `Transfer` logs moved to or from the account: ERC-20 (3 topics + amount) or ERC-721 (4 topics). */
function movementsFromLogs(receipt: NodeReceipt, account: Hex): TokenMovement[] {
  const movements: TokenMovement[] = [];
  for (const log of receipt.logs) {
    if (log.topics[0]?.toLowerCase() !== TRANSFER_TOPIC) continue;
    const from = topicAddress(log.topics[1]);
    const to = topicAddress(log.topics[2]);
    if (!from || !to || (from !== account && to !== account)) continue;
    if (log.topics.length === 3 && WORD.test(log.data)) {
      movements.push({ contract: log.address, standard: 'erc20', from, to, value: BigInt(log.data) });
    } else if (log.topics.length === 4 && log.data === '0x' && log.topics[3]) {
      movements.push({ contract: log.address, standard: 'erc721', from, to, value: BigInt(log.topics[3]) });
    }
  }
  return movements;
}

/** A reverted `transfer(to, amount)` emitted nothing: its calldata tells what it tried to move. */
function attemptedTransfer(transaction: NodeTransaction, account: Hex): TokenMovement[] {
  const { input, to: contract, from } = transaction;
  if (!contract || input.length !== 2 + 8 + 128 || input.slice(0, 10).toLowerCase() !== TRANSFER_SELECTOR) return [];
  const to = topicAddress(`0x${input.slice(10, 74)}`);
  if (!to || (from !== account && to !== account)) return [];
  return [{ contract, standard: 'erc20', from, to, value: BigInt(`0x${input.slice(74)}`) }];
}

export function tokenMovementsOf(transaction: NodeTransaction, receipt: NodeReceipt, account: Hex): TokenMovement[] {
  return receipt.status === 'success' ? movementsFromLogs(receipt, account) : attemptedTransfer(transaction, account);
}
