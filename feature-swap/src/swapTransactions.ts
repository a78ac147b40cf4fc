import { connectorError, isUserRejection, LatchError, readErrorMessage, SIGNATURE_DECLINED_MESSAGE, toLatchError } from '@latch/kernel';
import { type Client, createClient, encodeFunctionData, http, toHex } from 'viem';
import { getBalance, readContract } from 'viem/actions';
import { erc20Abi } from './abis.js';
import type { SwapCall, SwapToken } from './types.js';

type Address = `0x${string}`;

/** An EIP-1193 provider: what an eip155 connector exposes (`Connector.provider`). */
export interface Eip1193Like {
  request(args: { method: string; params?: readonly unknown[] }): Promise<unknown>;
}

export function isEip1193(value: unknown): value is Eip1193Like {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function';
}

const clients = new Map<string, Client>();
/** One read client per RPC URL, made when the view first needs it. */
export function readClient(rpcUrl: string): Client {
  let client = clients.get(rpcUrl);
  if (!client) {
    client = createClient({ transport: http(rpcUrl, { retryCount: 1 }) });
    clients.set(rpcUrl, client);
  }
  return client;
}

/** The account's balance of a token (the native currency without `address`), in its smallest unit. */
export async function readTokenBalance(client: Client, token: SwapToken, account: Address): Promise<bigint> {
  try {
    if (!token.address) return await getBalance(client, { address: account });
    return await readContract(client, { address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [account] });
  } catch (err) {
    throw toLatchError(err, 'RPC_ERROR');
  }
}

/** What `spender` may still take of the account's `token`. */
export async function readAllowance(client: Client, token: Address, owner: Address, spender: Address): Promise<bigint> {
  try {
    return await readContract(client, { address: token, abi: erc20Abi, functionName: 'allowance', args: [owner, spender] });
  } catch (err) {
    throw toLatchError(err, 'RPC_ERROR');
  }
}

/** A token typed in by address: its symbol, name and decimals read from the contract. */
export async function readTokenMetadata(client: Client, address: Address): Promise<SwapToken> {
  try {
    const [symbol, name, decimals] = await Promise.all([
      readContract(client, { address, abi: erc20Abi, functionName: 'symbol' }),
      readContract(client, { address, abi: erc20Abi, functionName: 'name' }),
      readContract(client, { address, abi: erc20Abi, functionName: 'decimals' }),
    ]);
    // A contract's own text: untrusted, so control characters go and the length is capped.
    const clean = (text: string) =>
      text
        .replace(/\p{Cc}/gu, '')
        .trim()
        .slice(0, 32);
    return { address, symbol: clean(symbol) || '?', name: clean(name) || clean(symbol), decimals };
  } catch {
    throw new LatchError('No ERC-20 token at this address on this network', { category: 'VALIDATION_ERROR' });
  }
}

/** The allowance step: `approve(spender, amount)` on the token. */
export function approveCall(token: Address, spender: Address, amount: bigint): SwapCall {
  return { to: token, value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }) };
}

/**
 * Sends a call through the connected wallet (`eth_sendTransaction`), after checking the wallet is on
 * `chainId`: a wallet on another chain would sign the same call for the wrong chain.
 */
export async function sendCall(provider: Eip1193Like, chainId: number, from: Address, call: SwapCall): Promise<Address> {
  const walletChain = await provider.request({ method: 'eth_chainId' });
  if (typeof walletChain !== 'string' || Number(walletChain) !== chainId) {
    throw connectorError('CHAIN_MISMATCH', `eip155:${Number(walletChain)} ≠ eip155:${chainId}`);
  }
  const transaction = { from, to: call.to, data: call.data, ...(call.value > 0n ? { value: toHex(call.value) } : {}) };
  const hash = await provider.request({ method: 'eth_sendTransaction', params: [transaction] });
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) {
    throw new LatchError('The wallet returned an invalid transaction hash', { category: 'CONNECTOR_ERROR' });
  }
  return hash as Address;
}

// Router revert reason meaning "the price moved past the minimum": Uniswap v2 and v3 wording.
const SLIPPAGE_REVERTS = /INSUFFICIENT_OUTPUT_AMOUNT|Too little received/i;
const DEADLINE_REVERTS = /UniswapV2Router: EXPIRED|Transaction too old/i;
const REVERTED = /execution reverted|reverted by the contract|contract refused|vm exception while processing transaction: revert/i;
const REVERT_REASON = /execution reverted:\s*([^\n]+)/i;

/**
 * Where a swap failed: `refused` before it was sent (the wallet's or the node's gas estimation: nothing reached the
 * chain, so it is never called reverted), or `reverted` once mined (its fee was paid).
 */
export type SwapFailureStage = 'refused' | 'reverted';

/** §8 wording for a swap that went wrong, from a wallet error or a failed transaction's reason. */
export function swapFailureMessage(error: unknown, slippagePercent: string, stage: SwapFailureStage): string {
  if (isUserRejection(error)) return SIGNATURE_DECLINED_MESSAGE;
  const text = typeof error === 'string' ? error : readErrorMessage(error);
  const lead = stage === 'refused' ? 'The contract refused this swap' : 'The transaction was reverted by the contract';
  const tail = stage === 'refused' ? ' Nothing was sent.' : '';
  if (SLIPPAGE_REVERTS.test(text)) {
    return `${lead}: the price moved by more than your ${slippagePercent} % slippage tolerance. Get a new quote or raise the tolerance.${tail}`;
  }
  if (DEADLINE_REVERTS.test(text)) {
    return `${lead}: the quote expired before the swap was ${stage === 'refused' ? 'sent' : 'included'}. Get a new quote.${tail}`;
  }
  if (!REVERTED.test(text)) return text;
  if (stage === 'reverted') return text.startsWith('The transaction was reverted') ? text : `${lead}: ${text}`;
  const reason = REVERT_REASON.exec(text)?.[1]?.trim();
  return `${lead}${reason && !/custom error/i.test(reason) ? `: ${reason}.` : '.'}${tail}`;
}
