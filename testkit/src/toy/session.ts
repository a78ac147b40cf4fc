import { isCaipNetworkId, LatchError, readUntrustedProperty } from '@latch/kernel';
import type { AdapterEvent, ConnectResult, Connector } from '@latch/kernel';
import { isToyAddress } from './address.js';
import { TOY_NAMESPACE } from './protocol.js';
import type { ToyWalletProvider } from './walletTypes.js';

/** A wallet's `{ address, chainId }` answer as a kernel ConnectResult; throws on anything malformed. */
export function toConnectResult(account: unknown): ConnectResult {
  const address = readUntrustedProperty(account, 'address');
  const chainId = readUntrustedProperty(account, 'chainId');
  const caipNetworkId = `${TOY_NAMESPACE}:${String(chainId)}` as const;
  if (!isToyAddress(address) || typeof chainId !== 'string' || !isCaipNetworkId(caipNetworkId)) {
    throw new LatchError('The toy wallet answered a malformed account', { category: 'CONNECTOR_ERROR' });
  }
  return { address, caipNetworkId, accounts: [{ address, type: 'eoa' }] };
}

export interface ToySession {
  readonly connector: Connector;
  readonly wallet: ToyWalletProvider;
  /** Stops following the wallet; idempotent. Nothing is reported afterwards. */
  end(): void;
}

/** Follows the wallet's account and disconnect events and reports them as adapter events until ended. */
export function startToySession(connector: Connector, wallet: ToyWalletProvider, emit: (event: AdapterEvent) => void): ToySession {
  let ended = false;
  const unsubscribers: (() => void)[] = [];
  const end = () => {
    ended = true;
    for (const unsubscribe of unsubscribers.splice(0)) {
      try {
        unsubscribe();
      } catch {
        // a wallet's broken unsubscribe must not keep the session alive: `ended` already silences it
      }
    }
  };
  const subscribe = (event: 'accountChanged' | 'disconnect', listener: (payload?: unknown) => void) => {
    try {
      const unsubscribe: unknown = wallet.on(event, listener);
      if (typeof unsubscribe === 'function') unsubscribers.push(unsubscribe as () => void);
    } catch {
      // a wallet that cannot be followed still connects; its changes are simply not heard
    }
  };
  subscribe('accountChanged', (account) => {
    if (ended) return;
    const address = readUntrustedProperty(account, 'address');
    if (isToyAddress(address)) emit({ type: 'accountsChanged', accounts: [{ address, type: 'eoa' }] });
  });
  subscribe('disconnect', () => {
    if (ended) return;
    end();
    emit({ type: 'disconnected' });
  });
  return { connector, wallet, end };
}
