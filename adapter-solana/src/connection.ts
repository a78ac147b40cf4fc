import { connectorError, readUntrustedProperty } from '@latch/kernel';
import type { AdapterEvent, CaipNetwork, ConnectResult, Connector } from '@latch/kernel';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { readFeature, solanaAccounts } from './walletFeatures.js';
import { toWalletError, unsupportedFeature } from './walletErrors.js';

/**
 * standard:connect; `silent` restores an earlier authorisation without a popup. Resolves with the Solana
 * accounts the wallet granted (possibly none when silent).
 */
export async function requestAccounts(wallet: Wallet, connector: Connector, { silent }: { silent: boolean }): Promise<WalletAccount[]> {
  const feature = readFeature(wallet, 'standard:connect');
  if (!feature) throw unsupportedFeature(connector.name, 'standard:connect');
  try {
    const output = await (silent ? feature.connect({ silent: true }) : feature.connect());
    return solanaAccounts(readUntrustedProperty(output, 'accounts'));
  } catch (err) {
    throw toWalletError(err);
  }
}

/** Solana wallets have no current chain: the connection is on the network the app asked for. */
export function toConnectResult(accounts: readonly WalletAccount[], network: CaipNetwork, connector: Connector): ConnectResult {
  const first = accounts[0];
  if (!first) throw connectorError('ACCOUNT_NOT_FOUND', connector.name);
  return {
    address: first.address,
    caipNetworkId: network.caipNetworkId,
    accounts: accounts.map((account) => ({ address: account.address, type: 'eoa' as const })),
  };
}

export interface WalletSession {
  readonly connector: Connector;
  readonly wallet: Wallet;
  /** The granted accounts, the active one first; follows the wallet's change events. */
  readonly accounts: readonly WalletAccount[];
  /** Stops following the wallet; idempotent. */
  end(): void;
}

const sameAddresses = (a: readonly WalletAccount[], b: readonly WalletAccount[]) =>
  a.length === b.length && a.every((account, index) => account.address === b[index]?.address);

/** Follows standard:events `change` and reports account switches and a wallet-side disconnect. */
export function startSession(
  connector: Connector,
  wallet: Wallet,
  accounts: readonly WalletAccount[],
  emit: (event: AdapterEvent) => void,
): WalletSession {
  let ended = false;
  let off: (() => void) | undefined;
  const session = {
    connector,
    wallet,
    accounts,
    end() {
      ended = true;
      try {
        off?.();
      } catch {
        // A wallet that throws while unsubscribing is no reason to keep a session alive.
      }
      off = undefined;
    },
  };
  const onChange = (properties: unknown) => {
    const changed = readUntrustedProperty(properties, 'accounts');
    if (ended || changed === undefined) return;
    const next = solanaAccounts(changed);
    if (next.length === 0) {
      session.end();
      emit({ type: 'disconnected' });
      return;
    }
    if (sameAddresses(next, session.accounts)) return;
    session.accounts = next;
    emit({ type: 'accountsChanged', accounts: next.map((account) => ({ address: account.address, type: 'eoa' })) });
  };
  try {
    const unsubscribe = readFeature(wallet, 'standard:events')?.on('change', onChange);
    off = typeof unsubscribe === 'function' ? unsubscribe : undefined;
  } catch {
    off = undefined; // the session works without events; the wallet just cannot report switches
  }
  return session;
}
