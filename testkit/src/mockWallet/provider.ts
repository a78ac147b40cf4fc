import { isAddressEqual, isHex, toHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { jsonRpcRequest } from '../jsonRpc.js';
import { createMockBundles } from './calls.js';
import { createProviderEvents } from './providerEvents.js';
import {
  disconnectedError,
  invalidParamsError,
  unauthorizedError,
  unrecognizedChainError,
  unsupportedMethodError,
  userRejectedError,
} from './providerRpcError.js';
import { signAndSendTransaction } from './sendTransaction.js';
import { createSessionStore } from './sessionStore.js';
import type {
  MockEip1193Provider,
  MockProviderEvents,
  MockWalletChain,
  MockWalletFailures,
  MockWalletOptions,
  RequestArguments,
} from './types.js';

export type { MockEip1193Provider, MockWalletChain, MockWalletFailures, MockWalletOptions } from './types.js';

const NO_FAILURES: MockWalletFailures = {
  rejectConnect: false,
  rejectSign: false,
  rejectSwitch: false,
  unknownChainOnSwitch: false,
  rejectAddChain: false,
};

// Signing methods this wallet does not offer; forwarding them would let the node sign with its own keys.
const UNSUPPORTED_METHODS = new Set([
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
]);

type Handler = (params: readonly unknown[]) => unknown;

function chainIdParam(value: unknown, method: string): number {
  if (!isHex(value) || value === '0x') throw invalidParamsError(`${method}: chainId must be a 0x-prefixed hex string`);
  return Number.parseInt(value, 16);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalidParamsError('eth_signTypedData_v4: typed data is not valid JSON');
  }
}

function objectParam(value: unknown, method: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) throw invalidParamsError(`${method}: expected an object parameter`);
  return value as Record<string, unknown>;
}

/**
 * An EIP-1193 provider backed by a real private key: it signs locally (EIP-191, EIP-712, transactions) and
 * forwards every read to the JSON-RPC node of its current chain. Works in Node and in the browser.
 */
export function createMockEip1193Provider(options: MockWalletOptions): MockEip1193Provider {
  // `let`: the visitor may select another account in the wallet (switchAccountFromWallet).
  let account = privateKeyToAccount(options.privateKey);
  const chains = new Map<number, MockWalletChain>(options.chains.map((chain) => [chain.chainId, { ...chain }]));
  if (!chains.has(options.chainId)) throw new Error(`mock wallet: chainId ${options.chainId} is not in options.chains`);
  const failures: MockWalletFailures = { ...NO_FAILURES, ...options.failures };
  const session = createSessionStore(options.rdns);
  const events = createProviderEvents<MockProviderEvents>();
  let connected = session.readConnected();
  const storedChainId = session.readChainId();
  let chainId = storedChainId !== undefined && chains.has(storedChainId) ? storedChainId : options.chainId;
  const bundles = options.eip5792 ? createMockBundles() : undefined;

  function currentChain(): MockWalletChain {
    const chain = chains.get(chainId);
    if (!chain) throw disconnectedError();
    return chain;
  }

  function requireAuthorized(address?: unknown): void {
    if (!connected) throw unauthorizedError();
    if (address !== undefined && !(typeof address === 'string' && isHex(address) && isAddressEqual(address, account.address))) {
      throw unauthorizedError();
    }
  }

  function selectChain(next: number): void {
    if (next === chainId) return;
    chainId = next;
    session.writeChainId(next);
    events.emit('chainChanged', toHex(next));
  }

  function connect(): Hex[] {
    if (failures.rejectConnect) throw userRejectedError();
    if (!connected) {
      connected = true;
      session.writeConnected(true);
      events.emit('connect', { chainId: toHex(chainId) });
      events.emit('accountsChanged', [account.address]);
    }
    return [account.address];
  }

  function forgetConnection(): void {
    connected = false;
    session.writeConnected(false);
  }

  const handlers: Readonly<Record<string, Handler>> = {
    eth_requestAccounts: connect,
    eth_accounts: () => (connected ? [account.address] : []),
    eth_chainId: () => toHex(chainId),
    net_version: () => String(chainId),
    wallet_requestPermissions: () => {
      connect();
      return [{ parentCapability: 'eth_accounts' }];
    },
    wallet_getPermissions: () => (connected ? [{ parentCapability: 'eth_accounts' }] : []),
    wallet_revokePermissions: () => {
      forgetConnection();
      events.emit('accountsChanged', []);
      return null;
    },
    wallet_getCapabilities: (params) => {
      if (!bundles) return {};
      requireAuthorized(params[0]);
      return bundles.getCapabilities(params, chains);
    },
    ...(bundles && {
      wallet_sendCalls: (params: readonly unknown[]) => {
        requireAuthorized();
        return bundles.sendCalls(params, account, currentChain(), failures.rejectSign);
      },
      wallet_getCallsStatus: (params: readonly unknown[]) => bundles.getCallsStatus(params, chains),
    }),

    personal_sign: ([message, address]) => {
      requireAuthorized(address);
      if (typeof message !== 'string') throw invalidParamsError('personal_sign: message must be a string');
      if (failures.rejectSign) throw userRejectedError();
      return account.signMessage({ message: isHex(message) ? { raw: message } : message });
    },
    eth_signTypedData_v4: async ([address, typedData]) => {
      requireAuthorized(address);
      const parsed = objectParam(typeof typedData === 'string' ? parseJson(typedData) : typedData, 'eth_signTypedData_v4');
      if (failures.rejectSign) throw userRejectedError();
      try {
        return await account.signTypedData(parsed as unknown as Parameters<typeof account.signTypedData>[0]);
      } catch (error) {
        throw invalidParamsError(`eth_signTypedData_v4: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    eth_sendTransaction: ([transaction]) => {
      const params = objectParam(transaction, 'eth_sendTransaction');
      requireAuthorized(params.from ?? undefined);
      if (failures.rejectSign) throw userRejectedError();
      return signAndSendTransaction(account, currentChain(), params);
    },

    wallet_switchEthereumChain: ([switchParams]) => {
      const requested = chainIdParam(objectParam(switchParams, 'wallet_switchEthereumChain').chainId, 'wallet_switchEthereumChain');
      if (failures.unknownChainOnSwitch || !chains.has(requested)) throw unrecognizedChainError(toHex(requested));
      if (failures.rejectSwitch) throw userRejectedError();
      selectChain(requested);
      return null;
    },
    wallet_addEthereumChain: ([addParams]) => {
      const chain = objectParam(addParams, 'wallet_addEthereumChain');
      const requested = chainIdParam(chain.chainId, 'wallet_addEthereumChain');
      const rpcUrl = Array.isArray(chain.rpcUrls) ? (chain.rpcUrls as unknown[])[0] : undefined;
      if (typeof rpcUrl !== 'string') throw invalidParamsError('wallet_addEthereumChain: rpcUrls[0] must be a URL');
      if (failures.rejectAddChain) throw userRejectedError();
      const name = typeof chain.chainName === 'string' ? chain.chainName : undefined;
      chains.set(requested, { chainId: requested, rpcUrl, ...(name === undefined ? {} : { name }) });
      selectChain(requested);
      return null;
    },
  };

  async function request(args: RequestArguments): Promise<unknown> {
    if (typeof args !== 'object' || args === null || typeof args.method !== 'string') {
      throw invalidParamsError('request: expected { method: string, params?: unknown[] }');
    }
    const { method, params } = args;
    const handler = handlers[method];
    if (handler) return handler(Array.isArray(params) ? params : []);
    if (UNSUPPORTED_METHODS.has(method) || method.startsWith('wallet_')) throw unsupportedMethodError(method);
    return jsonRpcRequest(currentChain().rpcUrl, method, params ?? []);
  }

  const provider: MockEip1193Provider = {
    request,
    on(event, listener) {
      events.on(event, listener);
      return provider;
    },
    removeListener(event, listener) {
      events.removeListener(event, listener);
      return provider;
    },
    get address() {
      return account.address;
    },
    get chainId() {
      return chainId;
    },
    get connected() {
      return connected;
    },
    setFailure(name, value) {
      if (!(name in NO_FAILURES)) throw new Error(`mock wallet: unknown failure switch "${String(name)}"`);
      failures[name] = value;
    },
    emitDisconnect() {
      forgetConnection();
      events.emit('disconnect', disconnectedError());
    },
    switchChainFromWallet(next) {
      if (!chains.has(next)) throw new Error(`mock wallet: chain ${next} is not known; add it first`);
      selectChain(next);
    },
    switchAccountFromWallet(privateKey) {
      account = privateKeyToAccount(privateKey);
      if (connected) events.emit('accountsChanged', [account.address]);
      return account.address;
    },
  };
  return provider;
}
