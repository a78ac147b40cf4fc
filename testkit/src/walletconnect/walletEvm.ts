import { hexToNumber, isAddressEqual, isHex, type LocalAccount, toHex } from 'viem';
import { ProviderRpcError } from '../mockWallet/providerRpcError.js';
import { signAndSendTransaction } from '../mockWallet/sendTransaction.js';
import {
  invalidParams,
  unrecognizedChain,
  unsupportedAccounts,
  unsupportedMethod,
  userRejected,
  WalletRequestError,
} from './walletRequestError.js';

/** The eip155 methods the test wallet approves and answers. */
export const EVM_METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain'] as const;
export const EVM_EVENTS = ['chainChanged', 'accountsChanged'] as const;

export interface EvmRequestContext {
  readonly account: LocalAccount;
  /** The chain the dapp addressed the request to (its `chainId`, `eip155:<id>`). */
  readonly chainId: number;
  rpcUrlOf(chainId: number): string | undefined;
  readonly rejectSigning: boolean;
  /** Adds the chain to the session if needed and emits chainChanged. */
  switchChain(chainId: number): Promise<void>;
}

function paramList(params: unknown): unknown[] {
  return Array.isArray(params) ? params : [];
}

function objectParam(value: unknown, method: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidParams(`${method}: expected an object parameter`);
  return value as Record<string, unknown>;
}

function requireOwnAddress(context: EvmRequestContext, address: unknown): void {
  if (address === undefined || address === null) return;
  if (!(typeof address === 'string' && isHex(address) && isAddressEqual(address, context.account.address))) {
    throw unsupportedAccounts(String(address));
  }
}

function parseTypedData(value: unknown): Record<string, unknown> {
  if (typeof value !== 'string') return objectParam(value, 'eth_signTypedData_v4');
  try {
    return objectParam(JSON.parse(value), 'eth_signTypedData_v4');
  } catch (error) {
    if (error instanceof WalletRequestError) throw error;
    throw invalidParams('eth_signTypedData_v4: typed data is not JSON');
  }
}

/** Answers one eip155 request with the wallet's real key; reads and sends go to the addressed chain's RPC. */
export async function answerEvmRequest(context: EvmRequestContext, method: string, params: unknown): Promise<unknown> {
  const [first, second] = paramList(params);
  switch (method) {
    case 'personal_sign': {
      if (typeof first !== 'string') throw invalidParams('personal_sign: message must be a string');
      requireOwnAddress(context, second);
      if (context.rejectSigning) throw userRejected();
      return context.account.signMessage({ message: isHex(first) ? { raw: first } : first });
    }
    case 'eth_signTypedData_v4': {
      requireOwnAddress(context, first);
      const typedData = parseTypedData(second);
      if (context.rejectSigning) throw userRejected();
      try {
        return await context.account.signTypedData(typedData as unknown as Parameters<LocalAccount['signTypedData']>[0]);
      } catch (error) {
        throw invalidParams(`eth_signTypedData_v4: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    case 'eth_sendTransaction': {
      const transaction = objectParam(first, 'eth_sendTransaction');
      requireOwnAddress(context, transaction.from);
      const rpcUrl = context.rpcUrlOf(context.chainId);
      if (!rpcUrl) throw unrecognizedChain(toHex(context.chainId));
      if (context.rejectSigning) throw userRejected();
      try {
        return await signAndSendTransaction(context.account, { chainId: context.chainId, rpcUrl }, transaction);
      } catch (error) {
        if (error instanceof ProviderRpcError) throw new WalletRequestError(error.code, error.message, error.data);
        throw error;
      }
    }
    case 'wallet_switchEthereumChain': {
      const requested = objectParam(first, 'wallet_switchEthereumChain').chainId;
      if (typeof requested !== 'string' || !isHex(requested)) {
        throw invalidParams('wallet_switchEthereumChain: chainId must be a 0x-prefixed hex string');
      }
      const chainId = hexToNumber(requested);
      if (!context.rpcUrlOf(chainId)) throw unrecognizedChain(requested);
      if (context.rejectSigning) throw userRejected();
      await context.switchChain(chainId);
      return null;
    }
    default:
      throw unsupportedMethod(method);
  }
}
