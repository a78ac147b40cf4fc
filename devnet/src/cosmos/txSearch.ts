import type { StoredTx } from './ledger.js';

type Condition = (tx: StoredTx) => boolean;

const CONDITION = /^\s*([a-zA-Z0-9_.]+)\s*(<=|>=|=|<|>)\s*('([^']*)'|[0-9]+)\s*$/;

function compare(actual: number, op: string, expected: number): boolean {
  if (op === '=') return actual === expected;
  if (op === '<') return actual < expected;
  if (op === '<=') return actual <= expected;
  if (op === '>') return actual > expected;
  return actual >= expected;
}

function parseCondition(text: string): Condition {
  const match = CONDITION.exec(text);
  if (!match) throw new Error(`unsupported query condition: ${text}`);
  const [, key = '', op = '', raw = '', quoted] = match;
  const value = quoted ?? raw;
  if (key === 'tx.hash') return (tx) => op === '=' && tx.hash === value.toUpperCase();
  if (key === 'tx.height') return (tx) => compare(tx.height, op, Number(value));
  const dot = key.lastIndexOf('.');
  if (dot < 1 || op !== '=') throw new Error(`unsupported query condition: ${text}`);
  const [type, attribute] = [key.slice(0, dot), key.slice(dot + 1)];
  return (tx) => tx.events.some((e) => e.type === type && e.attributes.some((a) => a.key === attribute && a.value === value));
}

/** CometBFT's tx_search over the stand-in's index: conditions joined by AND on tx.hash, tx.height and `event.attribute`. */
export function searchTxs(txs: readonly StoredTx[], query: string): StoredTx[] {
  if (typeof query !== 'string' || query.trim() === '') throw new Error('a tx_search query is required');
  const conditions = query.split(/\s+AND\s+/i).map(parseCondition);
  return txs.filter((tx) => conditions.every((condition) => condition(tx)));
}
