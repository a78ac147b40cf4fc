import type { Address, Hex } from 'viem';
import type { ProviderRpcError } from './providerRpcError.js';

export interface MockWalletChain {
  chainId: number;
  rpcUrl: string;
  name?: string;
}

export interface MockWalletFailures {
  /** eth_requestAccounts / wallet_requestPermissions answer 4001. */
  rejectConnect: boolean;
  /** personal_sign, eth_signTypedData_v4 and eth_sendTransaction answer 4001. */
  rejectSign: boolean;
  /** wallet_switchEthereumChain answers 4001. */
  rejectSwitch: boolean;
  /** wallet_switchEthereumChain answers 4902 even for a known chain (unknown chains always do). */
  unknownChainOnSwitch: boolean;
  /** wallet_addEthereumChain answers 4001. */
  rejectAddChain: boolean;
}

/** Plain JSON (no functions), so the same options cross into a browser page through an init script. */
export interface MockWalletOptions {
  privateKey: Hex;
  /** Chains the wallet knows; reads and sends go to the RPC of the current one. */
  chains: MockWalletChain[];
  /** The chain selected at start (unless a stored session selected another). */
  chainId: number;
  failures?: Partial<MockWalletFailures>;
  /** Names the localStorage keys that keep the session across reloads (`latch-mock-wallet:<rdns>:connected`). */
  rdns?: string;
  /**
   * Answers EIP-5792 (`wallet_getCapabilities` with `atomic: unsupported`, `wallet_sendCalls` sent one call at a time,
   * `wallet_getCallsStatus`); off: `wallet_getCapabilities` is `{}` and the other two answer 4200.
   */
  eip5792?: boolean;
}

export interface MockProviderEvents {
  accountsChanged: (accounts: Address[]) => void;
  chainChanged: (chainId: Hex) => void;
  connect: (info: { chainId: Hex }) => void;
  disconnect: (error: ProviderRpcError) => void;
}

export type MockProviderEventName = keyof MockProviderEvents;

export interface RequestArguments {
  readonly method: string;
  readonly params?: readonly unknown[] | object;
}

/** An EIP-1193 provider plus switches a test flips from outside the page's code. */
export interface MockEip1193Provider {
  request(args: RequestArguments): Promise<unknown>;
  on<E extends MockProviderEventName>(event: E, listener: MockProviderEvents[E]): MockEip1193Provider;
  removeListener<E extends MockProviderEventName>(event: E, listener: MockProviderEvents[E]): MockEip1193Provider;
  readonly address: Address;
  readonly chainId: number;
  readonly connected: boolean;
  setFailure(name: keyof MockWalletFailures, value: boolean): void;
  /** Emits 'disconnect' (code 4900) and forgets the connection, as when the user disconnects in the wallet. */
  emitDisconnect(): void;
  /** Switches the chain from the wallet's side (no dapp request), emitting 'chainChanged'. */
  switchChainFromWallet(chainId: number): void;
  /** Selects another key in the wallet; a connected dapp gets 'accountsChanged'. Returns the new address. */
  switchAccountFromWallet(privateKey: Hex): Address;
}
