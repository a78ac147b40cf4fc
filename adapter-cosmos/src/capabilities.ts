import { LatchError, formatUnits, nativeTokenBalance, retryableImport, toLatchError } from '@latch/kernel';
import type { AdapterCapabilities, CaipNetwork, Connector, TransferRequest } from '@latch/kernel';
import { isCosmosAddress } from './address.js';
import { cosmosChainOf } from './chainConfig.js';
import type { CosmosChainConfig } from './networks/cosmosNetwork.js';
import type { QueryClient } from './rpc/queryClient.js';
import { rpcUrlOf, validTransferChain } from './transferRequest.js';
import { callWallet, hasWalletMethod, type KeplrStyleWallet } from './wallet/keplrStyleWallet.js';

/** What the capabilities need from the adapter: its one lookup of each wallet, chain and client. */
export interface CapabilityContext {
  walletOf(connector: Connector): KeplrStyleWallet;
  /** The chain `address` belongs to for this connector (by its bech32 prefix). */
  chainOfAddress(address: string, connector: Connector): CosmosChainConfig;
  /** Throws ACCOUNT_NOT_FOUND unless the wallet's key on `chain` is `address` (no prompt on an enabled chain). */
  assertGranted(wallet: KeplrStyleWallet, connector: Connector, chain: CosmosChainConfig, address: string): Promise<void>;
  queryClientFor(rpcUrl: string): Promise<QueryClient>;
  readonly broadcastPollIntervalMs: number;
}

// CosmJS and the answer checks load on first use. After a fetch failed, the next use fetches the code anew (the browser
// keeps a failed module for its URL; the kernel's retryableImport says how).
const transferCode = retryableImport(() => import('./rpc/transfer.js'));
/** Also the connection's query clients' code (connection.ts). */
export const queryClientCode = retryableImport(() => import('./rpc/queryClient.js'));
const signingCode = retryableImport(() => import('./signing.js'));
const transferOutcomeCode = retryableImport(() => import('./rpc/transferOutcome.js'));

type Filled<T> = Required<NonNullable<T>>;
/** The capabilities the adapter declares, every method present. */
export interface CosmosCapabilities {
  balance: Filled<AdapterCapabilities['balance']>;
  signMessage: Filled<AdapterCapabilities['signMessage']>;
  /** No `maxSendable`: Max is the balance less `estimateFee`, as the kernel works it out. */
  send: Filled<Omit<NonNullable<AdapterCapabilities['send']>, 'maxSendable'>>;
}

/** balance, signMessage (ADR-36) and send (MsgSend): CosmJS and the checks of what the wallet answers load on first use. */
export function createCosmosCapabilities(context: CapabilityContext): CosmosCapabilities {
  async function transferOf(request: TransferRequest) {
    const chain = validTransferChain(request);
    const { connector } = request;
    const wallet = context.walletOf(connector);
    await context.assertGranted(wallet, connector, chain, request.from);
    const [transfer, walletSigner] = await Promise.all([
      transferCode(),
      callWallet(wallet, connector.name, 'getOfflineSigner', [chain.chainId]),
    ]);
    const { from, to, amount } = request;
    const details = { rpcUrl: rpcUrlOf(request.network), chain, walletName: connector.name, walletSigner, from, to, amount };
    const quotedFee = transfer.quotedStdFee(request.feeQuote, chain.denom);
    return {
      transfer,
      details: { ...details, broadcastPollIntervalMs: context.broadcastPollIntervalMs, ...(quotedFee ? { quotedFee } : {}) },
    };
  }

  async function nativeAmountOf(address: string, network: CaipNetwork): Promise<bigint> {
    const chain = cosmosChainOf(network);
    if (!isCosmosAddress(address, chain.bech32Prefix)) {
      throw new LatchError(`Not a ${network.name} address: ${String(address)}`, { category: 'VALIDATION_ERROR' });
    }
    try {
      const [client, query] = await Promise.all([context.queryClientFor(rpcUrlOf(network)), queryClientCode()]);
      return await query.readNativeBalance(client, address, chain.denom);
    } catch (err) {
      throw toLatchError(err, 'RPC_ERROR');
    }
  }

  return {
    balance: {
      async getBalance(address, network) {
        const amount = await nativeAmountOf(address, network);
        return { balance: formatUnits(amount, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol };
      },
      // The Tokens tab and the Send form's token: the native denom (IBC and CW20 tokens are not listed).
      async getTokenBalances(address, network) {
        return [nativeTokenBalance(network, await nativeAmountOf(address, network))];
      },
    },
    signMessage: {
      async signMessage({ message, address, connector }) {
        if (typeof message !== 'string') throw new LatchError('The message must be a string', { category: 'VALIDATION_ERROR' });
        const wallet = context.walletOf(connector);
        const chain = context.chainOfAddress(address, connector);
        await context.assertGranted(wallet, connector, chain, address);
        if (!hasWalletMethod(wallet, 'signArbitrary')) {
          throw new LatchError(`${connector.name} cannot sign messages (no signArbitrary)`, { category: 'CONNECTOR_ERROR', code: 4200 });
        }
        const signing = await signingCode(); // before the prompt: a chunk that fails to load must not waste the visitor's approval
        const answer = await callWallet(wallet, connector.name, 'signArbitrary', [chain.chainId, address, message]);
        return signing.checkArbitrarySignature(answer, address, message, connector.name);
      },
    },
    send: {
      async sendTransfer(request) {
        const { transfer, details } = await transferOf(request);
        return transfer.sendNativeTransfer(details);
      },
      async estimateFee(request) {
        const { transfer, details } = await transferOf(request);
        return transfer.estimateNativeTransferFee(details);
      },
      async waitForTransfer({ hash, network, signal }) {
        cosmosChainOf(network);
        const [client, outcome] = await Promise.all([context.queryClientFor(rpcUrlOf(network)), transferOutcomeCode()]);
        return outcome.waitForTransferOutcome(client, hash, {
          pollIntervalMs: context.broadcastPollIntervalMs,
          ...(signal ? { signal } : {}),
        });
      },
    },
  };
}
