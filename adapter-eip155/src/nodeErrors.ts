/* §8 node messages: the wording geth, anvil, reth, nethermind and hardhat use, mapped to plain text. */

export type NodeErrorKind =
  | 'EXECUTION_REVERTED'
  | 'FEE_CAP_TOO_HIGH'
  | 'FEE_CAP_TOO_LOW'
  | 'NONCE_TOO_HIGH'
  | 'NONCE_TOO_LOW'
  | 'INSUFFICIENT_FUNDS'
  | 'GAS_TOO_HIGH'
  | 'GAS_TOO_LOW'
  | 'TRANSACTION_TYPE_NOT_SUPPORTED'
  | 'TIP_ABOVE_FEE_CAP';

export interface NodeError {
  kind: NodeErrorKind;
  message: string;
}

// Wording as emitted by geth, anvil, reth, nethermind and hardhat. Order matters: a revert reason may
// quote any other phrase, so reverts are checked first; "intrinsic gas too low" is gas-too-low, not too-high.
const NODE_ERROR_PATTERNS: ReadonlyArray<readonly [NodeErrorKind, RegExp, string]> = [
  [
    'EXECUTION_REVERTED',
    /execution reverted|vm exception while processing transaction: revert/i,
    'The transaction was reverted by the contract.',
  ],
  [
    'FEE_CAP_TOO_HIGH',
    /max fee per gas higher than 2\^256-1|fee cap higher than 2\^256-1/i,
    'The max fee per gas is higher than the largest allowed value (2^256-1).',
  ],
  [
    'FEE_CAP_TOO_LOW',
    /max fee per gas less than block base fee|fee cap less than block base fee|transaction is outdated/i,
    'The max fee per gas is lower than the base fee of the current block.',
  ],
  ['NONCE_TOO_HIGH', /nonce too high/i, 'The nonce is higher than the next nonce of this account.'],
  [
    'NONCE_TOO_LOW',
    /nonce too low|transaction already imported|already known/i,
    'The nonce was already used by another transaction of this account.',
  ],
  [
    'INSUFFICIENT_FUNDS',
    /insufficient funds|exceeds transaction sender account balance/i,
    'The account balance does not cover the gas fee plus the value sent.',
  ],
  [
    'TIP_ABOVE_FEE_CAP',
    /max priority fee per gas higher than max fee per gas|tip higher than fee cap/i,
    'The max priority fee per gas cannot be higher than the max fee per gas.',
  ],
  [
    'GAS_TOO_HIGH',
    /intrinsic gas too high|exceeds block gas limit|gas limit reached/i,
    'The gas limit is higher than the block gas limit.',
  ],
  ['GAS_TOO_LOW', /intrinsic gas too low|gas too low|gas limit too low/i, 'The gas limit is too low to execute this transaction.'],
  [
    'TRANSACTION_TYPE_NOT_SUPPORTED',
    /transaction type not supported|transaction type not valid/i,
    'This network does not support the transaction type.',
  ],
];

const REVERT_REASON = /execution reverted:\s*(.+)/i;

/** Maps a node's error message to a kind and a friendly message; undefined when the wording is unknown. */
export function mapNodeError(message: string): NodeError | undefined {
  if (typeof message !== 'string') return undefined;
  const match = NODE_ERROR_PATTERNS.find(([, pattern]) => pattern.test(message));
  if (!match) return undefined;
  const [kind, , friendly] = match;
  const reason = kind === 'EXECUTION_REVERTED' ? REVERT_REASON.exec(message)?.[1]?.trim() : undefined;
  return { kind, message: reason ? `The transaction was reverted by the contract: ${reason}` : friendly };
}
