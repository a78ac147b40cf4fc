import { ADDRESS_CACHE_MAX_ENTRIES, LatchError, toLatchError, type TtlCache } from '@latch/kernel';
import type { AdapterCapabilities, CaipNetwork, Connector, TokenBalance, TransferRequest } from '@latch/kernel';
import { isEvmAddress } from './address.js';
import { isEip1193Provider, type Eip1193Provider } from './provider.js';
import type { NetworkClient } from './rpc/client.js';
import type { WaitForTransferOptions } from './waitForTransfer.js';

type TransferModule = typeof import('./rpc/transfer.js');

export function providerOf(connector: Connector): Eip1193Provider {
  if (isEip1193Provider(connector.provider)) return connector.provider;
  throw new LatchError(`Connector '${connector.id}' has no EIP-1193 provider`, { category: 'CONNECTOR_ERROR' });
}

/** Checked before anything reaches the wallet: a malformed address there would be signed as given. */
function assertValidTransfer({ from, to, token, amount }: TransferRequest): void {
  const invalidField = (): string | undefined => {
    if (!isEvmAddress(from)) return 'sender';
    if (!isEvmAddress(to)) return 'receiver';
    if (token !== undefined && !isEvmAddress(token)) return 'token';
    return amount < 0n ? 'amount' : undefined;
  };
  const field = invalidField();
  if (field) throw new LatchError(`Invalid transfer ${field}`, { category: 'VALIDATION_ERROR' });
}

export interface SendCapabilityHost {
  clientFor(network: CaipNetwork): Promise<NetworkClient>;
  /** The adapter's token balances by `<caipNetworkId>:<address>`: a transfer makes both sides' rows stale. */
  tokenCache: TtlCache<TokenBalance[]>;
  waitForTransfer?: WaitForTransferOptions;
}

/**
 * `send`: native and ERC-20 transfers through the wallet with the fee it quoted (EIP-1559 caps where the chain has a
 * base fee), Max, and the receipt. viem and the transfer code load on first use.
 */
export function createSendCapability({
  clientFor,
  tokenCache,
  waitForTransfer,
}: SendCapabilityHost): NonNullable<AdapterCapabilities['send']> {
  /** Token-cache keys a sent transfer made stale, by hash, until `waitForTransfer` sees it land. */
  const sentTransfers = new Map<string, string[]>();

  async function quote(rpc: TransferModule, request: TransferRequest) {
    try {
      return await rpc.quoteTransferFee(await clientFor(request.network), request);
    } catch (err) {
      throw toLatchError(err, 'RPC_ERROR');
    }
  }

  return {
    async sendTransfer(request) {
      assertValidTransfer(request);
      const [rpc, { sendTransferTransaction }] = await Promise.all([import('./rpc/transfer.js'), import('./signAndSend.js')]);
      // The fee the visitor reviewed, else one quoted now: the wallet is always handed the fee fields.
      const terms = rpc.readFeeTerms(request.feeQuote) ?? rpc.readFeeTerms(await quote(rpc, request));
      if (!terms) throw new LatchError('The fee quote is unreadable', { category: 'RPC_ERROR' });
      const call = rpc.buildTransferCall(request);
      const hash = await sendTransferTransaction(providerOf(request.connector), request.network, call, terms);
      // The sender's and receiver's cached token balances are stale now, and again once the transfer lands.
      const keys = [request.from, request.to].map((address) => `${request.network.caipNetworkId}:${address.toLowerCase()}`);
      for (const key of keys) tokenCache.delete(key);
      if (sentTransfers.size >= ADDRESS_CACHE_MAX_ENTRIES) sentTransfers.clear();
      sentTransfers.set(hash, keys);
      return hash;
    },
    async estimateFee(request) {
      assertValidTransfer(request);
      return quote(await import('./rpc/transfer.js'), request);
    },
    async maxSendable(request) {
      assertValidTransfer({ ...request, amount: 0n });
      try {
        const [rpc, client] = await Promise.all([import('./rpc/transfer.js'), clientFor(request.network)]);
        return await rpc.maxNativeSendable(client, request);
      } catch (err) {
        throw toLatchError(err, 'RPC_ERROR');
      }
    },
    async waitForTransfer(request) {
      const { waitForTransferOutcome } = await import('./waitForTransfer.js');
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
