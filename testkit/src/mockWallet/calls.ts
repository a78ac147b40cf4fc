import { isAddress, isHex, keccak256, toHex, type Hex, type LocalAccount } from 'viem';
import { jsonRpcRequest } from '../jsonRpc.js';
import { ProviderRpcError, invalidParamsError, userRejectedError } from './providerRpcError.js';
import { signAndSendTransaction } from './sendTransaction.js';
import type { MockWalletChain } from './types.js';

/*
 * EIP-5792 as a plain key can do it: the calls go out one by one (each once the previous one is mined, so an approval
 * is in place before the swap that needs it), never atomically, and the wallet says so (`atomic: unsupported`).
 */

/** The most calls one bundle may carry (more: 5740). */
export const MOCK_WALLET_MAX_CALLS = 10;

const bundleError = (code: number, message: string) => new ProviderRpcError(code, message);

interface Bundle {
  chainId: number;
  hashes: Hex[];
  /** Calls not sent because an earlier one failed. */
  unsent: number;
}

export interface MockBundles {
  getCapabilities(params: readonly unknown[], knownChains: ReadonlyMap<number, MockWalletChain>): Record<string, unknown>;
  sendCalls(params: readonly unknown[], account: LocalAccount, chain: MockWalletChain, rejectSign: boolean): Promise<{ id: string }>;
  getCallsStatus(params: readonly unknown[], chains: ReadonlyMap<number, MockWalletChain>): Promise<unknown>;
}

async function waitForReceipt(rpcUrl: string, hash: Hex): Promise<{ status: string }> {
  for (;;) {
    const receipt = (await jsonRpcRequest(rpcUrl, 'eth_getTransactionReceipt', [hash])) as { status: string } | null;
    if (receipt) return receipt;
    // anvil mines on arrival: a missing receipt is a moment away.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function createMockBundles(): MockBundles {
  const bundles = new Map<string, Bundle>();
  return {
    getCapabilities([, chainIds], knownChains) {
      const asked = Array.isArray(chainIds)
        ? chainIds.filter((id): id is Hex => isHex(id)).map((id) => Number(id))
        : [...knownChains.keys()];
      const result: Record<string, unknown> = {};
      for (const id of asked) if (knownChains.has(id)) result[toHex(id)] = { atomic: { status: 'unsupported' } };
      return result;
    },

    async sendCalls([request], account, chain, rejectSign) {
      if (typeof request !== 'object' || request === null) throw invalidParamsError('wallet_sendCalls: expected a request object');
      const { version, id, from, chainId, atomicRequired, calls, capabilities } = request as Record<string, unknown>;
      if (version !== '2.0.0') throw invalidParamsError('wallet_sendCalls: version must be "2.0.0"');
      if (!isHex(chainId) || Number(chainId) !== chain.chainId)
        throw bundleError(5710, `wallet_sendCalls: chain ${String(chainId)} is not the wallet's current chain`);
      if (from !== undefined && (typeof from !== 'string' || from.toLowerCase() !== account.address.toLowerCase())) {
        throw new ProviderRpcError(4100, 'The requested account and/or method has not been authorized by the user.');
      }
      if (!Array.isArray(calls) || calls.length === 0) throw invalidParamsError('wallet_sendCalls: calls must be a non-empty array');
      if (calls.length > MOCK_WALLET_MAX_CALLS) throw bundleError(5740, `wallet_sendCalls: at most ${MOCK_WALLET_MAX_CALLS} calls`);
      if (atomicRequired === true) throw bundleError(5760, 'wallet_sendCalls: this wallet cannot run calls atomically');
      for (const [name, value] of Object.entries((capabilities ?? {}) as Record<string, { optional?: boolean }>)) {
        if (value?.optional !== true) throw bundleError(5700, `wallet_sendCalls: capability "${name}" is not supported`);
      }
      for (const call of calls as Record<string, unknown>[]) {
        if (typeof call?.to !== 'string' || !isAddress(call.to))
          throw invalidParamsError('wallet_sendCalls: each call needs a "to" address');
        if (call.data !== undefined && !isHex(call.data)) throw invalidParamsError('wallet_sendCalls: "data" must be 0x hex');
      }
      if (id !== undefined && (typeof id !== 'string' || bundles.has(id)))
        throw bundleError(5720, `wallet_sendCalls: a bundle with id ${String(id)} exists`);
      if (rejectSign) throw userRejectedError();
      const bundleId = typeof id === 'string' ? id : keccak256(toHex(`${account.address}:${Date.now()}:${bundles.size}:${Math.random()}`));
      const bundle: Bundle = { chainId: chain.chainId, hashes: [], unsent: calls.length };
      for (const call of calls as Record<string, unknown>[]) {
        let hash: Hex;
        try {
          hash = await signAndSendTransaction(account, chain, { to: call.to, data: call.data, value: call.value });
        } catch (error) {
          if (bundle.hashes.length === 0) throw error;
          break;
        }
        bundle.hashes.push(hash);
        bundle.unsent -= 1;
        if ((await waitForReceipt(chain.rpcUrl, hash)).status !== '0x1') break;
      }
      bundles.set(bundleId, bundle);
      return { id: bundleId };
    },

    async getCallsStatus([id], chains) {
      const bundle = typeof id === 'string' ? bundles.get(id) : undefined;
      if (!bundle) throw bundleError(5730, `wallet_getCallsStatus: unknown bundle id ${String(id)}`);
      const chain = chains.get(bundle.chainId);
      if (!chain) throw bundleError(5710, `wallet_getCallsStatus: chain ${bundle.chainId} is no longer known`);
      const receipts = (await Promise.all(
        bundle.hashes.map((hash) => jsonRpcRequest(chain.rpcUrl, 'eth_getTransactionReceipt', [hash])),
      )) as ({ status: string } | null)[];
      const landed = receipts.filter((receipt): receipt is { status: string } => receipt !== null);
      const ok = landed.filter((receipt) => receipt.status === '0x1').length;
      const status = landed.length < receipts.length ? 100 : ok === landed.length && bundle.unsent === 0 ? 200 : ok === 0 ? 500 : 600;
      return { version: '2.0.0', id, chainId: toHex(bundle.chainId), status, atomic: false, receipts: landed };
    },
  };
}
