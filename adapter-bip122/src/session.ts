import type { AdapterEvent, Connector } from '@latch/kernel';
import { accountEntries, type BitcoinAccounts, type BitcoinWalletDriver } from './wallets/types.js';

export interface BitcoinSession {
  readonly connector: Connector;
  readonly driver: BitcoinWalletDriver;
  /** The granted accounts now; follows the wallet's events. */
  readonly accounts: BitcoinAccounts;
  /** Takes accounts the adapter read itself (after a network switch) and reports what changed. */
  update(accounts: BitcoinAccounts): void;
  /** Stops following the wallet; idempotent. Nothing is reported afterwards. */
  end(): void;
}

const sameAccounts = (a: BitcoinAccounts, b: BitcoinAccounts) =>
  a.payment.address === b.payment.address && a.ordinal?.address === b.ordinal?.address;

/** Follows a connected wallet and reports its network, account switches and its own disconnect as adapter events. */
export function startBitcoinSession(
  connector: Connector,
  driver: BitcoinWalletDriver,
  initial: BitcoinAccounts,
  emit: (event: AdapterEvent) => void,
): BitcoinSession {
  let ended = false;
  let accounts = initial;
  let unwatch: (() => void) | undefined;
  const session: BitcoinSession = {
    connector,
    driver,
    get accounts() {
      return accounts;
    },
    update(next) {
      if (ended) return;
      const previous = accounts;
      accounts = next;
      // The kernel reads the network when it records the new address: the network goes first.
      if (next.caipNetworkId !== previous.caipNetworkId) emit({ type: 'networkChanged', caipNetworkId: next.caipNetworkId });
      if (!sameAccounts(previous, next)) emit({ type: 'accountsChanged', accounts: accountEntries(next) });
    },
    end() {
      ended = true;
      try {
        unwatch?.();
      } catch {
        // a wallet that throws while unsubscribing is no reason to keep a session alive
      }
      unwatch = undefined;
    },
  };
  unwatch = driver.watch(
    () => accounts,
    (event) => {
      if (ended) return;
      if (event.type === 'accounts') return session.update(event.accounts);
      session.end();
      emit({ type: 'disconnected' });
    },
  );
  if (ended) unwatch();
  return session;
}
