// Loaded with import() on the first balance, fee or transfer: @polkadot/api never reaches the first load.
import { LatchError, readUntrustedProperty, toLatchError } from '@latch/kernel';
import type { ApiPromise } from '@polkadot/api';
import { connectApi } from './connectApi.js';
import { extensionSigner } from './extensionSigner.js';
import { dispatchFailure, submissionFailure } from './transferErrors.js';

/** How long a submitted transfer may take to reach a block (a relay chain makes one every 6 s). */
const INCLUSION_TIMEOUT_MS = 120_000;

export interface NativeTransfer {
  endpoint: string;
  /** The sender as the extension wrote it: the extension finds its key by it. */
  from: string;
  to: string;
  /** In the smallest unit (planck). */
  amount: bigint;
}

export interface ExtensionTransfer extends NativeTransfer {
  /** The extension's untrusted `signer`. */
  signer: unknown;
  walletName: string;
}

export interface ChainClient {
  freeBalance(endpoint: string, address: string): Promise<bigint>;
  estimateTransferFee(transfer: NativeTransfer): Promise<bigint>;
  /** Signs through the extension and submits; resolves the extrinsic hash once it is in a block and succeeded. */
  sendTransfer(transfer: ExtensionTransfer): Promise<string>;
  disconnect(): Promise<void>;
}

/** `balances.transferKeepAlive(to, amount)`: the sender is never reaped by its own transfer. */
function transferCall(api: ApiPromise, to: string, amount: bigint) {
  const transferKeepAlive = api.tx.balances?.transferKeepAlive;
  if (!transferKeepAlive) throw new LatchError('This chain has no balances.transferKeepAlive', { category: 'RPC_ERROR' });
  return transferKeepAlive(to, amount);
}

/** `system.account(address).data.free`, checked: a chain without the usual System pallet layout is refused clearly. */
async function readFree(api: ApiPromise, address: string): Promise<bigint> {
  const account = api.query.system?.account;
  if (!account) throw new LatchError('This chain has no system.account storage', { category: 'RPC_ERROR' });
  const info: unknown = await account(address);
  const free = readUntrustedProperty(readUntrustedProperty(info, 'data'), 'free');
  const toBigInt = readUntrustedProperty(free, 'toBigInt');
  if (typeof toBigInt !== 'function')
    throw new LatchError('The chain answered an account without a free balance', { category: 'RPC_ERROR' });
  return toBigInt.call(free) as bigint;
}

/**
 * The sender's next nonce, pool included (`system_accountNextIndex`). Left to itself, signAndSend reads a storage
 * subscription that can lag a block behind right after a transfer, and the next one is refused as stale.
 */
async function nextNonce(api: ApiPromise, from: string): Promise<number> {
  const accountNextIndex = api.rpc.system?.accountNextIndex;
  return accountNextIndex ? (await accountNextIndex(from)).toNumber() : -1; // -1: @polkadot/api asks the runtime
}

function includeTransfer(api: ApiPromise, nonce: number, { from, to, amount, signer, walletName }: ExtensionTransfer): Promise<string> {
  const extrinsic = transferCall(api, to, amount);
  const options = { signer: extensionSigner(signer, walletName), nonce };
  return new Promise((resolve, reject) => {
    let settled = false;
    let unsubscribe: (() => void) | undefined;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unsubscribe?.();
      finish();
    };
    const timer = setTimeout(
      () => settle(() => reject(new LatchError('The transfer was not included in a block in time', { category: 'RPC_ERROR' }))),
      INCLUSION_TIMEOUT_MS,
    );
    extrinsic
      .signAndSend(from, options, (result) => {
        const { status, dispatchError } = result;
        if (status.isInBlock || status.isFinalized) {
          settle(() => (dispatchError ? reject(dispatchFailure(api, dispatchError)) : resolve(result.txHash.toHex())));
        } else if (status.isInvalid || status.isDropped || status.isUsurped) {
          settle(() => reject(new LatchError(`The node dropped the transfer (${status.type})`, { category: 'RPC_ERROR' })));
        }
      })
      .then(
        (off) => {
          unsubscribe = off;
          if (settled) off();
        },
        (err: unknown) => settle(() => reject(submissionFailure(err))),
      );
  });
}

/** One ApiPromise per endpoint, shared by every request, dropped when its socket closes. */
export function createChainClient(): ChainClient {
  const apis = new Map<string, Promise<ApiPromise>>();
  function apiFor(endpoint: string): Promise<ApiPromise> {
    let api = apis.get(endpoint);
    if (!api) {
      const created = connectApi(endpoint, () => apis.get(endpoint) === created && apis.delete(endpoint));
      apis.set(endpoint, (api = created));
      created.catch(() => apis.get(endpoint) === created && apis.delete(endpoint));
    }
    return api;
  }
  const rpc = async <T>(read: () => Promise<T>): Promise<T> => {
    try {
      return await read();
    } catch (err) {
      throw toLatchError(err, 'RPC_ERROR');
    }
  };
  return {
    freeBalance: (endpoint, address) => rpc(async () => readFree(await apiFor(endpoint), address)),
    estimateTransferFee: ({ endpoint, from, to, amount }) =>
      rpc(async () => {
        const api = await apiFor(endpoint);
        const info = await transferCall(api, to, amount).paymentInfo(from);
        return info.partialFee.toBigInt();
      }),
    async sendTransfer(transfer) {
      const api = await rpc(() => apiFor(transfer.endpoint));
      const nonce = await rpc(() => nextNonce(api, transfer.from));
      return includeTransfer(api, nonce, transfer);
    },
    async disconnect() {
      const open = [...apis.values()];
      apis.clear();
      await Promise.allSettled(open.map(async (api) => (await api).disconnect()));
    },
  };
}
