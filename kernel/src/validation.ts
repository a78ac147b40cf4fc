import { parseCaipNetworkId } from './caip.js';
import type { ChainNamespace, TokenBalance } from './types.js';

/** §5 name registration: ASCII letters, digits and hyphen only, at least 4 characters. */
export function isValidAccountName(name: string): boolean {
  return typeof name === 'string' && /^[A-Za-z0-9-]{4,}$/.test(name);
}

const EMAIL_MAX_LENGTH = 254;
const EMAIL_LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LEVEL_DOMAIN = /^[A-Za-z]{2,63}$/;

/** local@domain.tld; split on '@' and '.' first so no regex can backtrack catastrophically. */
export function isValidEmail(email: string): boolean {
  if (typeof email !== 'string' || email.length > EMAIL_MAX_LENGTH) return false;
  const parts = email.split('@');
  if (parts.length !== 2) return false;
  const [local = '', domain = ''] = parts;
  if (!EMAIL_LOCAL_PART.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) {
    return false;
  }
  const labels = domain.split('.');
  const topLevel = labels.at(-1) ?? '';
  return labels.length >= 2 && labels.every((label) => DOMAIN_LABEL.test(label)) && TOP_LEVEL_DOMAIN.test(topLevel);
}

/** §5: a one-time code is a string; the frame decides whether it is correct. */
export function isValidOtp(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

export function isTransactionHash(value: string): boolean {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value);
}

export function isSignedMessage(value: string): boolean {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{62,}$/.test(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const startsWith0x = (value: unknown): boolean => typeof value === 'string' && value.startsWith('0x');

/** wallet_sendCalls: each call needs `to` starting 0x; `data`, when present, starts 0x. An empty bundle is rejected. */
export function validateSendCalls(calls: unknown): string | undefined {
  if (!Array.isArray(calls) || calls.length === 0) return 'wallet_sendCalls needs a non-empty list of calls';
  for (const [index, call] of calls.entries()) {
    if (!isRecord(call)) return `Call ${index} must be an object`;
    if (!startsWith0x(call['to'])) return `Call ${index}: 'to' must be a string starting with 0x`;
    if (call['data'] !== undefined && !startsWith0x(call['data'])) {
      return `Call ${index}: 'data' must be a string starting with 0x`;
    }
  }
  return undefined;
}

/** §9: the namespaces the send flow supports. */
export const SEND_SUPPORTED_NAMESPACES = ['eip155', 'solana'] as const satisfies readonly ChainNamespace[];
export const SEND_AMOUNT_AND_RECEIVER_REQUIRED_MESSAGE = 'An amount and receiver address are required';
export const SEND_TOKEN_REQUIRED_MESSAGE = 'A token is required';
export const UNSUPPORTED_CHAIN_MESSAGE = 'Unsupported chain';

export interface SendForm {
  namespace: ChainNamespace | string | undefined;
  token: unknown;
  amount: string | number | undefined | null;
  receiverAddress: string | undefined | null;
}

const isBlank = (value: string | number | undefined | null): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Checks follow the order the visitor fills the form: amount and receiver, then token, then chain. */
export function validateSendForm({ namespace, token, amount, receiverAddress }: SendForm): string | undefined {
  if (isBlank(amount) || isBlank(receiverAddress)) return SEND_AMOUNT_AND_RECEIVER_REQUIRED_MESSAGE;
  if (token === undefined || token === null) return SEND_TOKEN_REQUIRED_MESSAGE;
  if (!(SEND_SUPPORTED_NAMESPACES as readonly unknown[]).includes(namespace)) return UNSUPPORTED_CHAIN_MESSAGE;
  return undefined;
}

/** §3 "Wallet asset reply" (EIP-7811 wallet_getAssets entry). */
export interface WalletAsset {
  address: string;
  /** Hex quantity, e.g. `0x1bc16d674ec80000`. */
  balance: `0x${string}`;
  type: 'ERC20' | 'NATIVE';
  metadata: { name: string; symbol: string; decimals: number; price: number; iconUrl: string; value?: number };
}

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

// Balance must be hex and decimals a whole number so BigInt()/formatUnits downstream cannot throw.
function toWalletAsset(asset: unknown): WalletAsset | undefined {
  if (!isRecord(asset) || !isRecord(asset['metadata'])) return undefined;
  const { address, balance, type } = asset;
  const { name, symbol, iconUrl, decimals, price, value } = asset['metadata'];
  if (typeof address !== 'string' || typeof balance !== 'string' || !/^0x[0-9a-fA-F]+$/.test(balance)) return undefined;
  if (type !== 'ERC20' && type !== 'NATIVE') return undefined;
  if (typeof name !== 'string' || typeof symbol !== 'string' || typeof iconUrl !== 'string') return undefined;
  if (!isFiniteNumber(decimals) || !Number.isInteger(decimals) || decimals < 0 || !isFiniteNumber(price)) {
    return undefined;
  }
  const metadata: WalletAsset['metadata'] = { name, symbol, decimals, price, iconUrl };
  if (isFiniteNumber(value)) metadata.value = value;
  return { address, balance: balance as `0x${string}`, type, metadata };
}

/**
 * §5 asset discovery: accepts an array of assets or an EIP-7811 record of arrays keyed by chain id
 * (flattened); one malformed asset rejects the whole reply. Returns fresh objects with known fields only.
 */
export function validateWalletAssets(reply: unknown): WalletAsset[] | undefined {
  let candidates: unknown[];
  if (Array.isArray(reply)) {
    candidates = reply;
  } else if (isRecord(reply)) {
    const groups = Object.values(reply);
    if (!groups.every(Array.isArray)) return undefined;
    candidates = groups.flat();
  } else {
    return undefined;
  }
  const assets: WalletAsset[] = [];
  for (const candidate of candidates) {
    const asset = toWalletAsset(candidate);
    if (!asset) return undefined;
    assets.push(asset);
  }
  return assets;
}

/** §5: balances whose decimals are '0' are dropped. */
export function filterTokenBalances(list: readonly TokenBalance[]): TokenBalance[] {
  return list.filter((balance) => balance.quantity.decimals !== '0');
}

export interface FilterableTransaction {
  metadata: { chain: string };
  transfers: readonly { nft_info?: { flags?: { is_spam?: boolean } } }[];
}

/** §5: a transaction is spam only when it has transfers and every one is flagged spam. */
export function isSpamTransaction(transaction: FilterableTransaction): boolean {
  const { transfers } = transaction;
  return transfers.length > 0 && transfers.every((transfer) => transfer.nft_info?.flags?.is_spam === true);
}

/** §5: drops spam transactions and those not on the active network. */
export function filterTransactions<T extends FilterableTransaction>(
  transactions: readonly T[],
  activeCaipNetworkId: string,
): T[] {
  return transactions.filter((tx) => tx.metadata.chain === activeCaipNetworkId && !isSpamTransaction(tx));
}

export interface TransactionMonthGroup<T> {
  /** 0-based month index (January = 0). */
  month: number;
  transactions: T[];
}

export interface TransactionYearGroup<T> {
  year: number;
  months: TransactionMonthGroup<T>[];
}

/**
 * §3: groups by year then month, newest first at every level. Uses UTC so grouping does not depend on
 * the viewer's time zone; transactions whose minedAt is not a parseable date are left out.
 */
export function groupTransactionsByYearMonth<T extends { metadata: { minedAt: string } }>(
  transactions: readonly T[],
): TransactionYearGroup<T>[] {
  const dated = transactions
    .map((transaction) => ({ transaction, time: Date.parse(transaction.metadata.minedAt) }))
    .filter(({ time }) => Number.isFinite(time))
    .sort((a, b) => b.time - a.time);
  const years: TransactionYearGroup<T>[] = [];
  for (const { transaction, time } of dated) {
    const date = new Date(time);
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth();
    let yearGroup = years.at(-1);
    if (yearGroup?.year !== year) {
      yearGroup = { year, months: [] };
      years.push(yearGroup);
    }
    let monthGroup = yearGroup.months.at(-1);
    if (monthGroup?.month !== month) {
      monthGroup = { month, transactions: [] };
      yearGroup.months.push(monthGroup);
    }
    monthGroup.transactions.push(transaction);
  }
  return years;
}

/** §5: SIWE over a WalletConnect provider only when every chain is eip155 (and there is at least one). */
export function canUseSiweOnWalletConnect(caipNetworkIds: readonly string[]): boolean {
  return caipNetworkIds.length > 0 && caipNetworkIds.every((id) => parseCaipNetworkId(id)?.namespace === 'eip155');
}

export const RPC_NOT_ALLOWED_MESSAGE = 'Requested RPC call is not allowed';
export const RPC_NOT_ALLOWED_UI_TEXT = 'Action not allowed';

/** §6 embedded-wallet methods that run silently. */
export const SAFE_RPC_METHODS = [
  'eth_accounts',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_requestAccounts',
  'eth_sendRawTransaction',
  'eth_syncing',
  'eth_uninstallFilter',
  'net_version',
  'web3_clientVersion',
  'wallet_getAssets',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'wallet_switchEthereumChain',
] as const;

/** §6 embedded-wallet methods that need the visitor's approval. */
export const UNSAFE_RPC_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
] as const;

export type SafeRpcMethod = (typeof SAFE_RPC_METHODS)[number];
export type UnsafeRpcMethod = (typeof UNSAFE_RPC_METHODS)[number];

export function isSafeRpcMethod(method: string): method is SafeRpcMethod {
  return (SAFE_RPC_METHODS as readonly string[]).includes(method);
}

export function isUnsafeRpcMethod(method: string): method is UnsafeRpcMethod {
  return (UNSAFE_RPC_METHODS as readonly string[]).includes(method);
}

/** §5: a request method must be on the safe or the unsafe list; anything else is rejected. */
export function isAllowedRpcMethod(method: string): method is SafeRpcMethod | UnsafeRpcMethod {
  return isSafeRpcMethod(method) || isUnsafeRpcMethod(method);
}
