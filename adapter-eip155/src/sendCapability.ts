import { ADDRESS_CACHE_MAX_ENTRIES, LatchError, retryableImport, type TtlCache } from '@latch/kernel';
import type { AdapterCapabilities, CaipNetwork, Connector, TokenBalance } from '@latch/kernel';
import { isEip1193Provider, type Eip1193Provider } from './provider.js';
import type { NetworkClient } from './rpc/client.js';
import type { WaitForTransferOptions } from './waitForTransfer.js';

// The transfer code and the receipt wait load on first use, and again after a failed fetch (retryableImport).
const transferCode = /* @__PURE__ */ retryableImport(() => import('./rpc/transfer.js'));
const waitCode = /* @__PURE__ */ retryableImport(() => import('./waitForTransfer.js'));

export function providerOf(connector: Connector): Eip1193Provider {
  if (isEip1193Provider(connector.provider)) return connector.provider;
  throw new LatchError(`Connector '${connector.id}' has no EIP-1193 provider`, { category: 'CONNECTOR_ERROR' });
}

export interface SendCapabilityHost {
  clientFor(network: CaipNetwork): Promise<NetworkClient>;
  /** The adapter's token balances by `<caipNetworkId>:<address>`: a transfer makes both sides' rows stale. */
  tokenCache: TtlCache<TokenBalance[]>;
  waitForTransfer?: WaitForTransferOptions;
}

/**
 * `send`: native and ERC-20 transfers through the wallet with the fee it quoted (EIP-1559 caps where the chain has a
 * base fee), Max, and the receipt. The checks, viem and the transfer code (rpc/transfer.ts) load on first use.
 */
export function createSendCapability({
  clientFor,
  tokenCache,
  waitForTransfer,
}: SendCapabilityHost): NonNullable<AdapterCapabilities['send']> {
  /** Token-cache keys a sent transfer made stale, by hash, until `waitForTransfer` sees it land. */
  const sentTransfers = new Map<string, string[]>();
  const transfers = transferCode;

  return {
    async sendTransfer(request) {
      const [rpc, client] = await Promise.all([transfers(), clientFor(request.network)]);
      const hash = await rpc.sendQuotedTransfer(client, providerOf(request.connector), request);
      // The sender's and receiver's cached token balances are stale now, and again once the transfer lands.
      const keys = [request.from, request.to].map((address) => `${request.network.caipNetworkId}:${address.toLowerCase()}`);
      for (const key of keys) tokenCache.delete(key);
      if (sentTransfers.size >= ADDRESS_CACHE_MAX_ENTRIES) sentTransfers.clear();
      sentTransfers.set(hash, keys);
      return hash;
    },
    estimateFee: async (request) => (await transfers()).estimateTransferFee(await clientFor(request.network), request),
    maxSendable: async (request) => (await transfers()).maxNativeSendable(await clientFor(request.network), request),
    async waitForTransfer(request) {
      const { waitForTransferOutcome } = await waitCode();
      try {
        return await waitForTransferOutcome(clientFor(request.network), request, waitForTransfer);
      } finally {
        const keys = sentTransfers.get(request.hash);
        // A transaction this adapter did not build (a swap, any contract call through the wallet) may have moved any token.
        if (keys) for (const key of keys) tokenCache.delete(key);
        else tokenCache.clear();
        sentTransfers.delete(request.hash);
      }
    },
  };
}
