import { getCompiledTransactionMessageDecoder, type Transaction } from '@solana/kit';
import {
  decodeFunctionData,
  erc20Abi,
  erc721Abi,
  formatUnits,
  type Hex,
  hexToBytes,
  isHex,
  maxUint256,
  type TransactionSerializable,
  type TypedDataDefinition,
} from 'viem';
import { type ApprovalDetails, ProviderRpcError as RpcError } from '@latch/connector-embedded/protocol';

/*
 * What the approval page shows (PROTOCOL §2): the frame's own reading of a request, in plain words. Amounts are
 * exact (every digit), addresses in full; the network is named from the chain id the signature is bound to.
 */

export interface DescribeContext {
  /** The address that signs. */
  account: string;
  /** The site asking (the host page's origin as the browser reported it). */
  origin: string;
}

type Row = ApprovalDetails['rows'][number];

/** eip155 chains by id: their names and native coins (others: "Chain <id>", 18 decimals, "native coin"). */
const EIP155_CHAINS: Record<number, [name: string, symbol: string]> = {
  1: ['Ethereum', 'ETH'],
  10: ['OP Mainnet', 'ETH'],
  56: ['BNB Smart Chain', 'BNB'],
  100: ['Gnosis', 'xDAI'],
  137: ['Polygon', 'POL'],
  324: ['zkSync Era', 'ETH'],
  8453: ['Base', 'ETH'],
  42161: ['Arbitrum One', 'ETH'],
  42220: ['Celo', 'CELO'],
  43114: ['Avalanche C-Chain', 'AVAX'],
  59144: ['Linea', 'ETH'],
  534352: ['Scroll', 'ETH'],
  11155111: ['Sepolia (testnet)', 'ETH'],
  84532: ['Base Sepolia (testnet)', 'ETH'],
  31337: ['Local development chain', 'ETH'],
};

/** Solana clusters by the genesis hash in their CAIP-2 id. */
const SOLANA_CLUSTERS: Record<string, string> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'Solana',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'Solana Devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'Solana Testnet',
};

export const chainName = (chainId: number) => {
  const known = EIP155_CHAINS[chainId];
  return known ? `${known[0]} (chain ${chainId})` : `Chain ${chainId}`;
};
export const nativeAmount = (chainId: number, value: bigint) => `${formatUnits(value, 18)} ${EIP155_CHAINS[chainId]?.[1] ?? 'native coin'}`;

export const base = (context: DescribeContext, kind: ApprovalDetails['kind'], title: string): ApprovalDetails => ({
  kind,
  title,
  origin: context.origin,
  account: context.account,
  rows: [],
  warnings: [],
});

/** Text as the visitor reads it: UTF-8 when the bytes are text, else their hex. */
function readable(bytes: Uint8Array): { text: string; isText: boolean } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters mean the bytes are not text.
    if (!/[\u0000-\u0008\u000e-\u001f]/.test(text)) return { text, isText: true };
  } catch {
    // not UTF-8
  }
  let hex = '0x';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return { text: hex, isText: false };
}

export function describeMessage(context: DescribeContext, namespace: 'eip155' | 'solana', message: string | Uint8Array): ApprovalDetails {
  const bytes = typeof message === 'string' ? (isHex(message) ? hexToBytes(message as Hex) : new TextEncoder().encode(message)) : message;
  const { text, isText } = readable(bytes);
  const details = base(context, 'message', 'Sign this message');
  details.rows.push({ label: 'Signature type', value: namespace === 'eip155' ? 'Ethereum signed message' : 'Solana signed message' });
  details.text = text;
  if (!isText) details.warnings.push('This message is not readable text. Sign it only if you trust the site and know what it is for.');
  return details;
}

/** A typed-data value in words: an unlimited amount says so, nested structs as JSON. */
function typedValue(value: unknown): string {
  if (typeof value === 'bigint' || (typeof value === 'string' && /^\d+$/.test(value)) || typeof value === 'number') {
    const number = BigInt(value as bigint | string | number);
    return number === maxUint256 ? `Unlimited (${number})` : number.toString();
  }
  if (typeof value === 'string') return value;
  return JSON.stringify(value, (_key, inner) => (typeof inner === 'bigint' ? inner.toString() : inner)) ?? String(value);
}

const ALLOWANCE_TYPES = /permit|approv|allowance/i;

export function describeTypedData(context: DescribeContext, typed: TypedDataDefinition, walletChainId: number): ApprovalDetails {
  const primaryType = String(typed.primaryType ?? '');
  const details = base(context, 'typedData', primaryType ? `Sign typed data: ${primaryType}` : 'Sign typed data');
  const domain = (typed.domain ?? {}) as Record<string, unknown>;
  if (domain.name !== undefined) details.rows.push({ label: 'App', value: String(domain.name) });
  if (domain.verifyingContract !== undefined) details.rows.push({ label: 'Contract', value: String(domain.verifyingContract) });
  if (domain.chainId !== undefined) {
    const chainId = Number(domain.chainId);
    details.rows.push({ label: 'Network', value: chainName(chainId) });
    if (chainId !== walletChainId) details.warnings.push(`This signature is for ${chainName(chainId)}, not the network you are on.`);
  }
  const message = (typed.message ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(message).slice(0, 60))
    details.rows.push({ label: key, value: typedValue(value).slice(0, 4096) });
  const spender = message.spender ?? message.operator;
  if (ALLOWANCE_TYPES.test(primaryType) && typeof spender === 'string')
    details.warnings.push(`This signature lets ${spender} move your tokens without asking you again.`);
  return details;
}

const CONTRACT_ABI = [...erc20Abi, ...erc721Abi.filter((item) => item.type === 'function' && item.name === 'setApprovalForAll')];

/** A call to a token contract, in words; undefined for any other call. */
export function describeCall(details: ApprovalDetails, to: string, data: Hex): boolean {
  let call: ReturnType<typeof decodeFunctionData<typeof CONTRACT_ABI>>;
  try {
    call = decodeFunctionData({ abi: CONTRACT_ABI, data });
  } catch {
    return false;
  }
  const units = (amount: bigint) => (amount === maxUint256 ? 'Unlimited' : `${amount} (in the token's smallest unit)`);
  const push = (...rows: Row[]) => details.rows.push(...rows);
  if (call.functionName === 'transfer') {
    const [recipient, amount] = call.args;
    details.title = 'Send tokens';
    push({ label: 'Token contract', value: to }, { label: 'Recipient', value: recipient }, { label: 'Token amount', value: units(amount) });
  } else if (call.functionName === 'transferFrom') {
    const [from, recipient, amount] = call.args;
    details.title = 'Move tokens';
    push(
      { label: 'Token contract', value: to },
      { label: 'From', value: from },
      { label: 'Recipient', value: recipient },
      { label: 'Token amount', value: units(amount) },
    );
  } else if (call.functionName === 'approve') {
    const [spender, amount] = call.args;
    details.title = 'Allow spending of your tokens';
    push({ label: 'Token contract', value: to }, { label: 'Spender', value: spender }, { label: 'Allowance', value: units(amount) });
    details.warnings.push(
      amount === maxUint256
        ? `${spender} could move all your tokens of this contract, now and later, without asking you again.`
        : `${spender} could move up to this amount of your tokens without asking you again.`,
    );
  } else if (call.functionName === 'setApprovalForAll') {
    const [operator, approved] = call.args;
    details.title = approved ? 'Allow moving all your items' : 'Withdraw permission to move your items';
    push(
      { label: 'Collection contract', value: to },
      { label: 'Operator', value: operator },
      { label: 'Permission', value: approved ? 'All items' : 'None' },
    );
    if (approved) details.warnings.push(`${operator} could move every item you hold in this collection without asking you again.`);
  } else {
    return false;
  }
  return true;
}

export function describeTransaction(context: DescribeContext, tx: TransactionSerializable): ApprovalDetails {
  const chainId = tx.chainId ?? 1;
  const details = base(context, 'transaction', tx.to ? 'Send a transaction' : 'Create a contract');
  const value = tx.value ?? 0n;
  const gas = tx.gas ?? 0n;
  const feePerGas =
    'maxFeePerGas' in tx && tx.maxFeePerGas !== undefined ? tx.maxFeePerGas : ((tx as { gasPrice?: bigint }).gasPrice ?? 0n);
  const fee = gas * feePerGas;
  details.rows.push({ label: 'Network', value: chainName(chainId) });
  const data = (tx.data ?? '0x') as Hex;
  const decoded = tx.to && data !== '0x' ? describeCall(details, tx.to, data) : false;
  if (!decoded) details.rows.push({ label: 'To', value: tx.to ?? 'A new contract' });
  details.rows.push({ label: 'Amount', value: nativeAmount(chainId, value) });
  details.rows.push({ label: 'Network fee (at most)', value: nativeAmount(chainId, fee) });
  details.rows.push({ label: 'Total (at most)', value: nativeAmount(chainId, value + fee) });
  if (data !== '0x' && !decoded) {
    details.rows.push({ label: 'Data', value: `${(data.length - 2) / 2} bytes: ${data.slice(0, 2 + 8)}…` });
    details.warnings.push('This transaction calls a contract. Approve it only if you trust the site and know what it does.');
  }
  details.rows.push({ label: 'Nonce', value: String(tx.nonce ?? 0) });
  return details;
}

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const PROGRAM_NAMES: Record<string, string> = {
  [SYSTEM_PROGRAM]: 'System Program',
  ComputeBudget111111111111111111111111111111: 'Compute Budget',
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'Token Program',
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: 'Token-2022 Program',
  MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr: 'Memo',
  ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL: 'Associated Token Account Program',
};

/** What a Solana transaction does, one row per instruction (a SOL transfer spelled out); its cluster by CAIP-2 id. */
export function describeSolanaTransaction(context: DescribeContext, transaction: Transaction, network: string): ApprovalDetails {
  let message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>;
  try {
    message = getCompiledTransactionMessageDecoder().decode(new Uint8Array(transaction.messageBytes));
  } catch {
    throw new RpcError(-32602, 'transaction is not a Solana wire transaction');
  }
  if (message.version !== 'legacy' && message.version !== 0) throw new RpcError(-32602, 'This transaction version is not supported');
  const details = base(context, 'solanaTransaction', 'Approve a Solana transaction');
  const cluster = network.replace(/^solana:/, '');
  details.rows.push({ label: 'Network', value: SOLANA_CLUSTERS[cluster] ?? `Solana cluster ${cluster}` });
  const accounts = message.staticAccounts as string[];
  details.rows.push({ label: 'Fee payer', value: accounts[0] ?? '?' });
  const accountAt = (index: number) => accounts[index] ?? 'an account from a lookup table';
  message.instructions.forEach((instruction, index) => {
    const program = accountAt(instruction.programAddressIndex);
    const data = instruction.data ?? new Uint8Array();
    const used = (instruction.accountIndices ?? []).map(accountAt);
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    let value: string;
    if (program === SYSTEM_PROGRAM && data.length === 12 && view.getUint32(0, true) === 2) {
      value = `Transfer ${formatUnits(view.getBigUint64(4, true), 9)} SOL from ${used[0]} to ${used[1]}`;
      details.title = 'Send SOL';
    } else {
      value = `${PROGRAM_NAMES[program] ?? program}: ${used.length} account(s), ${data.length} byte(s) of data`;
    }
    details.rows.push({ label: `Instruction ${index + 1}`, value });
  });
  if (message.version === 0 && (message.addressTableLookups?.length ?? 0) > 0)
    details.warnings.push('Some accounts come from address lookup tables the wallet cannot read: they are not named here.');
  const unknown = message.instructions.some((instruction) => !PROGRAM_NAMES[accountAt(instruction.programAddressIndex)]);
  if (unknown) details.warnings.push('This transaction runs programs the wallet does not know. Approve it only if you trust the site.');
  return details;
}
