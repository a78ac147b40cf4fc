import { ERROR_CODES, invalidOption, isUserRejection, LatchError, type ModalInstance } from '@latch/kernel';
import type { CreateConnectorFn } from '@wagmi/core';
import { type Address, type EIP1193Provider, getAddress, SwitchChainError, UserRejectedRequestError } from 'viem';
import { chainIdOf, type Eip155View, readEip155, sameAccounts, settledState } from './eip155State.js';

export interface LatchConnectorOptions {
  /** The connector's id in wagmi (stored as its recent connector). Default 'latch'. */
  id?: string;
  /** The name wagmi lists it under. Default 'Latch'. */
  name?: string;
  /** An icon URL for wagmi's connector list. */
  icon?: string;
}

/** The message of the error wagmi's connect rejects with when the visitor closes the modal without connecting. */
export const MODAL_CLOSED_MESSAGE = 'The visitor closed the Latch modal without connecting a wallet.';

export const LATCH_CONNECTOR_TYPE = 'latch';

/** The connected wallet's EIP-1193 provider; undefined while no wallet is connected on eip155. */
export type LatchProvider = EIP1193Provider | undefined;

/**
 * A wagmi connector whose wallet is the one the Latch modal connects on eip155. Latch owns the connection:
 * wagmi's `connect` opens the modal, `disconnect` disconnects Latch's eip155 wallet, `switchChain` switches
 * Latch's network; and whatever happens in Latch (its Connect button, its Account view, the wallet itself)
 * reaches wagmi as connector events. The modal must list the chains wagmi switches to among its networks.
 */
export function latchConnector(modal: ModalInstance, options: LatchConnectorOptions = {}): CreateConnectorFn<LatchProvider> {
  return (config) => {
    const read = (): Eip155View => readEip155(modal.getState());
    let last: Eip155View = read();
    // Set while wagmi asks Latch to disconnect, so the state change it causes is not reported back as a second disconnect.
    let disconnecting = false;

    // The wallet's events as wagmi's connectors report them (Latch has already followed the wallet).
    const onDisconnect = () => config.emitter.emit('disconnect');
    const onChainChanged = (chain: string) => config.emitter.emit('change', { chainId: Number(chain) });
    const onAccountsChanged = (accounts: string[]) => {
      if (accounts.length === 0) onDisconnect();
      else config.emitter.emit('change', { accounts: accounts.map((address) => getAddress(address)) as Address[] });
    };

    return {
      id: options.id ?? 'latch',
      name: options.name ?? 'Latch',
      type: LATCH_CONNECTOR_TYPE,
      ...(options.icon ? { icon: options.icon } : {}),

      async setup() {
        // Latch's state is the source of truth: every change of its eip155 side becomes a wagmi event.
        modal.subscribe((state) => {
          const next = readEip155(state);
          const previous = last;
          last = next;
          const wasConnected = previous.accounts.length > 0;
          const isConnected = next.accounts.length > 0;
          if (!wasConnected && isConnected && next.chainId !== undefined) {
            // Ignored by wagmi while its own connect or reconnect runs; picked up when Latch connected on its own.
            config.emitter.emit('connect', { accounts: next.accounts, chainId: next.chainId });
          } else if (wasConnected && !isConnected) {
            if (!disconnecting) onDisconnect();
          } else if (isConnected) {
            if (!sameAccounts(previous.accounts, next.accounts)) onAccountsChanged([...next.accounts]);
            if (next.chainId !== undefined && next.chainId !== previous.chainId) onChainChanged(String(next.chainId));
          }
        });
      },

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        let view = readEip155(await settledState(modal));
        if (view.accounts.length === 0) {
          if (isReconnecting) throw new LatchError('Latch has no eip155 wallet to restore.', { category: 'CONNECTOR_ERROR' });
          await connectThroughModal(modal);
          view = read();
        }
        if (chainId !== undefined && chainId !== view.chainId) {
          await switchTo(modal, config, chainId);
          view = read();
        }
        const chain = view.chainId ?? config.chains[0].id;
        const accounts = withCapabilities ? view.accounts.map((address) => ({ address, capabilities: {} })) : view.accounts;
        return { accounts, chainId: chain } as never;
      },

      async disconnect() {
        disconnecting = true;
        try {
          await modal.disconnect('eip155');
        } finally {
          disconnecting = false;
        }
      },

      async getAccounts() {
        return read().accounts;
      },

      async getChainId() {
        return read().chainId ?? config.chains[0].id;
      },

      async getProvider(): Promise<LatchProvider> {
        return readEip155(await settledState(modal)).provider;
      },

      async isAuthorized() {
        return readEip155(await settledState(modal)).accounts.length > 0;
      },

      async switchChain({ chainId }) {
        return switchTo(modal, config, chainId);
      },

      onAccountsChanged,
      onChainChanged,
      onDisconnect,
    };
  };
}

type ConnectorConfig = Parameters<CreateConnectorFn<LatchProvider>>[0];

/** Opens the modal and settles once Latch has an eip155 account, or rejects when the visitor closes it without one. */
function connectThroughModal(modal: ModalInstance): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop: (() => void)[] = [];
    const finish = (settle: () => void) => {
      for (const off of stop.splice(0)) off();
      settle();
    };
    stop.push(
      modal.subscribe((state) => {
        if (readEip155(state).accounts.length > 0) finish(resolve);
      }),
      modal.on('MODAL_CLOSE', () => {
        if (readEip155(modal.getState()).accounts.length === 0)
          finish(() =>
            reject(
              new UserRejectedRequestError(
                new LatchError(MODAL_CLOSED_MESSAGE, { category: 'CONNECTOR_ERROR', code: ERROR_CODES.USER_REJECTED }),
              ),
            ),
          );
      }),
    );
    modal.open().catch((error: unknown) => finish(() => reject(error)));
  });
}

/** Switches Latch's eip155 network to a chain wagmi knows, with wagmi's errors. */
async function switchTo(modal: ModalInstance, config: ConnectorConfig, chainId: number) {
  const chain = config.chains.find((each) => each.id === chainId);
  if (!chain) throw new SwitchChainError(invalidOption(`Chain ${chainId} is not among wagmi's chains.`));
  const network = modal.getState().networks.eip155?.requestedCaipNetworks.find((each) => chainIdOf(each) === chainId);
  if (!network) throw new SwitchChainError(invalidOption(`Chain ${chainId} is not among the Latch modal's eip155 networks.`));
  try {
    await modal.switchNetwork(network);
  } catch (error) {
    if (isUserRejection(error)) throw new UserRejectedRequestError(error as Error);
    throw new SwitchChainError(error as Error);
  }
  return chain;
}
