import type { CaipNetwork } from '@latch/kernel';
import { ProviderRpcError } from './errors.js';
import { jsonRpc } from './jsonRpc.js';

/*
 * The EIP-1193 provider the eip155 adapter drives. Reads go to the network's own RPC; a key-using request goes
 * to the frame, which shows it to the visitor in its own approval page and signs only what they approved there;
 * sends are filled and broadcast here, the frame never reaches a chain (PROTOCOL §2).
 */

export interface ProviderDeps {
  /** A request to the frame; a key-using one resolves once the visitor approved and the frame signed it. */
  rpc(method: string, params: unknown, namespace: 'eip155' | 'solana', chainId: string | number): Promise<unknown>;
  /** A method the wallet does not answer was asked for: the visitor is told ('Action not allowed'). */
  refused?(method: string): void;
}

/** §6: what the caller reads (with EIP-1193 4200) when the embedded wallet does not answer a method. */
export const NOT_ALLOWED = 'Requested RPC call is not allowed';

type Listener = (...args: unknown[]) => void;

export interface EmbeddedEip155Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on(event: string, listener: Listener): void;
  removeListener(event: string, listener: Listener): void;
  /** The session ended: listeners told (disconnect, no accounts), requests refused. */
  end(): void;
}

const toHex = (value: bigint | number) => `0x${BigInt(value).toString(16)}`;

const SAFE_READS = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'net_version',
  'web3_clientVersion',
]);

interface TransactionRequest {
  from?: string;
  to?: string;
  value?: string;
  data?: string;
  input?: string;
  gas?: string;
  nonce?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  gasPrice?: string;
}

export function createEip155Provider(address: string, networks: readonly CaipNetwork[], deps: ProviderDeps): EmbeddedEip155Provider {
  const listeners = new Map<string, Set<Listener>>();
  let network = networks[0] as CaipNetwork;
  let ended = false;
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args);
  };
  const chainId = () => Number(network.id);
  const rpcUrl = () => {
    const url = network.rpcUrls.default.http[0];
    if (!url) throw new ProviderRpcError(-32002, `No RPC URL configured for ${network.name}`);
    return url;
  };
  const node = (method: string, params: unknown[]) => jsonRpc(rpcUrl(), method, params);
  const sign = (method: string, params: unknown) => deps.rpc(method, params, 'eip155', network.caipNetworkId);
  const isMine = (value: unknown) => typeof value === 'string' && value.toLowerCase() === address.toLowerCase();

  async function fill(tx: TransactionRequest) {
    if (tx.from !== undefined && !isMine(tx.from)) throw new ProviderRpcError(4100, 'The transaction is not from this account');
    const data = tx.data ?? tx.input ?? '0x';
    const base = { from: address, to: tx.to, value: tx.value ?? '0x0', data };
    const [nonce, gas, block, tip] = await Promise.all([
      tx.nonce ?? node('eth_getTransactionCount', [address, 'pending']),
      tx.gas ?? node('eth_estimateGas', [base]),
      node('eth_getBlockByNumber', ['latest', false]) as Promise<{ baseFeePerGas?: string } | null>,
      tx.maxPriorityFeePerGas ?? node('eth_maxPriorityFeePerGas', []).catch(() => '0x3b9aca00'),
    ]);
    const baseFee = block?.baseFeePerGas ? BigInt(block.baseFeePerGas) : undefined;
    // A chain without a base fee, or an app that set a legacy gasPrice: the fee it asked for is the fee signed.
    if (baseFee === undefined || (tx.gasPrice !== undefined && tx.maxFeePerGas === undefined)) {
      const gasPrice = tx.gasPrice ?? ((await node('eth_gasPrice', [])) as string);
      return { ...base, nonce, gas, gasPrice, chainId: toHex(chainId()), type: '0x0' };
    }
    const maxFeePerGas = tx.maxFeePerGas ?? toHex(baseFee * 2n + BigInt(tip as string));
    return { ...base, nonce, gas, maxFeePerGas, maxPriorityFeePerGas: tip, chainId: toHex(chainId()), type: '0x2' };
  }

  async function handle(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [address];
      case 'eth_chainId':
        return toHex(chainId());
      case 'net_version':
        return String(chainId());
      case 'wallet_switchEthereumChain': {
        const wanted = Number((params[0] as { chainId?: string } | undefined)?.chainId);
        const next = networks.find((n) => Number(n.id) === wanted);
        if (!next) throw new ProviderRpcError(4902, `Unrecognized chain ID ${String((params[0] as { chainId?: string })?.chainId)}`);
        if (next !== network) {
          network = next;
          await sign('wallet_switchEthereumChain', [{ chainId: toHex(chainId()) }]).catch(() => undefined);
          emit('chainChanged', toHex(chainId()));
        }
        return null;
      }
      case 'personal_sign': {
        const [message, account] = params as [string, string];
        if (typeof message !== 'string') throw new ProviderRpcError(-32602, 'personal_sign needs a message');
        if (!isMine(account)) throw new ProviderRpcError(4100, 'The message is not for this account');
        return sign('personal_sign', [message, address]);
      }
      case 'eth_signTypedData_v4': {
        const [account, json] = params as [string, string];
        if (!isMine(account)) throw new ProviderRpcError(4100, 'The data is not for this account');
        return sign('eth_signTypedData_v4', [address, typeof json === 'string' ? json : JSON.stringify(json)]);
      }
      case 'eth_signTransaction':
      case 'eth_sendTransaction': {
        const tx = params[0] as TransactionRequest | undefined;
        if (typeof tx !== 'object' || tx === null) throw new ProviderRpcError(-32602, `${method} needs a transaction`);
        const filled = await fill(tx);
        const raw = await sign('eth_signTransaction', [filled]);
        return method === 'eth_sendTransaction' ? node('eth_sendRawTransaction', [raw]) : raw;
      }
      // No EIP-5792 abilities (the adapter asks before reading wallet_getAssets); §8: no capabilities is `{}`.
      case 'wallet_getCapabilities':
        return {};
      // The adapter's disconnect asks this; the session itself ends with the connector's sign-out.
      case 'wallet_revokePermissions':
        return null;
      default:
        if (SAFE_READS.has(method)) return node(method, params);
        deps.refused?.(method);
        throw new ProviderRpcError(4200, `${NOT_ALLOWED}: the embedded wallet does not support ${method}`);
    }
  }

  return {
    async request(args) {
      if (ended) throw new ProviderRpcError(4900, 'The embedded wallet is disconnected');
      if (typeof args?.method !== 'string') throw new ProviderRpcError(-32600, 'A request needs a method');
      const params = Array.isArray(args.params) ? args.params : args.params === undefined ? [] : [args.params];
      return handle(args.method, params);
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    end() {
      if (ended) return;
      ended = true;
      emit('accountsChanged', []);
      emit('disconnect', new ProviderRpcError(4900, 'The embedded wallet is disconnected'));
      listeners.clear();
    },
  };
}
