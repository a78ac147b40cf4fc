// Loaded with import() on the first balance, fee or transfer: @polkadot/api never reaches the first load.
import { LatchError, toLatchError, type FeeQuote, type MaxSendable } from '@latch/kernel';
import type { ApiPromise } from '@polkadot/api';
import { existentialDepositOf, readFunds } from './accountReads.js';
import { connectApi, NodeUnreachableError, RPC_TIMEOUT_MS } from './connectApi.js';
import { submitSigned, type Submitted } from './submitTransfer.js';
import { planMax, planTransfer, type TransferCallName } from './transferPlan.js';

export interface NativeTransfer {
  endpoint: string;
  /** The sender as the extension wrote it: the extension finds its key by it. */
  from: string;
  to: string;
  /** In the smallest unit (planck). */
  amount: bigint;
  /** For the words of a refusal or a warning. */
  currency: { symbol: string; decimals: number };
}

export interface ExtensionTransfer extends NativeTransfer {
  /** The extension's untrusted `signer`. */
  signer: unknown;
  walletName: string;
  /** The call the visitor reviewed (its quote's), when there was a review. */
  reviewed?: TransferCallName;
}

export interface ChainClient {
  freeBalance(endpoint: string, address: string): Promise<bigint>;
  /** The call and fee of the transfer, or the chain's refusal (existential deposit, balance) before any extension. */
  quoteTransfer(transfer: NativeTransfer): Promise<FeeQuote>;
  /** Max that keeps the sender's account open. */
  maxSendable(transfer: Omit<NativeTransfer, 'amount' | 'to'>): Promise<MaxSendable>;
  /** Checks again, signs through the extension and submits; `outcome` follows it into a block. */
  sendTransfer(transfer: ExtensionTransfer): Promise<Submitted>;
  disconnect(): Promise<void>;
}

/** The balances call by name: `transferAllowDeath` is `transfer` on runtimes from before it was renamed. */
function transferCall(api: ApiPromise, call: TransferCallName, to: string, amount: bigint) {
  const balances = api.tx.balances;
  const build = call === 'transferKeepAlive' ? balances?.transferKeepAlive : (balances?.transferAllowDeath ?? balances?.transfer);
  if (!build) throw new LatchError(`This chain has no balances.${call}`, { category: 'RPC_ERROR' });
  return build(to, amount);
}

/**
 * The sender's next nonce, pool included (`system_accountNextIndex`). Left to itself, signAndSend reads a storage
 * subscription that can lag a block behind right after a transfer, and the next one is refused as stale.
 */
async function nextNonce(api: ApiPromise, from: string): Promise<number> {
  const accountNextIndex = api.rpc.system?.accountNextIndex;
  return accountNextIndex ? (await accountNextIndex(from)).toNumber() : -1; // -1: @polkadot/api asks the runtime
}

async function quoteOn(api: ApiPromise, { from, to, amount, currency }: NativeTransfer): Promise<FeeQuote> {
  const [sender, receiver] = await Promise.all([readFunds(api, from), readFunds(api, to)]);
  const feeOf = async (call: TransferCallName, planck: bigint) =>
    (await transferCall(api, call, to, planck).paymentInfo(from)).partialFee.toBigInt();
  return planTransfer({ sender, receiver, existentialDeposit: existentialDepositOf(api), amount, currency, feeOf });
}

/**
 * How the adapter talks to a Substrate node (the adapter's `rpc` option). One WebSocket per node carries every
 * request, answered out of order by id, so there is no JSON-RPC batching: a batch would save no round trip.
 */
export interface PolkadotRpcOptions {
  /** Give up on a request, and on opening the socket, after this long. Default 10 000 ms. */
  timeoutMs?: number;
  /** Retries of a read when the node could not be reached or the socket dropped under it. Default 3. */
  retryCount?: number;
  /** The first retry's delay, doubled for each next one. Default 150 ms. */
  retryDelayMs?: number;
}

/** The socket could not open, or closed under the request: a new socket may work. A timeout or an answer is final. */
const nodeDidNotTakeIt = (err: unknown) =>
  err instanceof NodeUnreachableError || (err instanceof Error && /^disconnected from |^WebSocket is not connected/.test(err.message));

/**
 * One ApiPromise per endpoint, shared by every request, dropped when its socket closes. Reads are retried with
 * back-off on a new socket when the node could not take them; a signed transfer is submitted once.
 */
export function createChainClient(options: PolkadotRpcOptions = {}): ChainClient {
  const { timeoutMs = RPC_TIMEOUT_MS, retryCount = 3, retryDelayMs = 150 } = options;
  const apis = new Map<string, Promise<ApiPromise>>();
  function apiFor(endpoint: string): Promise<ApiPromise> {
    let api = apis.get(endpoint);
    if (!api) {
      const created = connectApi(endpoint, () => apis.get(endpoint) === created && apis.delete(endpoint), timeoutMs);
      apis.set(endpoint, (api = created));
      created.catch(() => apis.get(endpoint) === created && apis.delete(endpoint));
    }
    return api;
  }
  const read = async <T>(endpoint: string, use: (api: ApiPromise) => Promise<T>): Promise<T> => {
    for (let tries = 0; ; tries += 1) {
      const api = apiFor(endpoint);
      try {
        return await use(await api);
      } catch (err) {
        if (!nodeDidNotTakeIt(err) || tries >= retryCount) throw toLatchError(err, 'RPC_ERROR');
        if (apis.get(endpoint) === api) apis.delete(endpoint);
        void api.then((dropped) => dropped.disconnect()).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** tries));
      }
    }
  };
  return {
    freeBalance: (endpoint, address) => read(endpoint, async (api) => (await readFunds(api, address)).free),
    quoteTransfer: (transfer) => read(transfer.endpoint, (api) => quoteOn(api, transfer)),
    maxSendable: ({ endpoint, from, currency }) =>
      read(endpoint, async (api) => {
        const feeOf = async (call: TransferCallName, planck: bigint) =>
          // The fee does not depend on the receiver: the sender stands in for it.
          (await transferCall(api, call, from, planck).paymentInfo(from)).partialFee.toBigInt();
        return planMax({ sender: await readFunds(api, from), existentialDeposit: existentialDepositOf(api), currency, feeOf });
      }),
    async sendTransfer(transfer) {
      // The chain may have moved since the review: the call is planned again, and must be the one reviewed.
      const { api, plan, nonce } = await read(transfer.endpoint, async (api) => ({
        api,
        plan: await quoteOn(api, transfer),
        nonce: await nextNonce(api, transfer.from),
      }));
      const call = (plan.terms as { call: TransferCallName }).call;
      if (transfer.reviewed && transfer.reviewed !== call) {
        throw new LatchError('The balances changed since the review: review the transfer again', { category: 'VALIDATION_ERROR' });
      }
      const extrinsic = transferCall(api, call, transfer.to, transfer.amount);
      return submitSigned(api, extrinsic, { from: transfer.from, nonce, signer: transfer.signer, walletName: transfer.walletName });
    },
    async disconnect() {
      const open = [...apis.values()];
      apis.clear();
      await Promise.allSettled(open.map(async (api) => (await api).disconnect()));
    },
  };
}
