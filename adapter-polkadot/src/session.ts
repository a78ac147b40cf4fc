import type { AdapterEvent, AccountEntry, CaipNetwork, Connector } from '@latch/kernel';
import { parseAccounts, toAccountEntries, type ExtensionAccount } from './extension.js';
import { ss58FormatOf } from './networkInfo.js';

export interface PolkadotSession {
  readonly connector: Connector;
  /** What the extension's enable() resolved: accounts and signer. */
  readonly injected: object;
  /** The shared accounts, the active one first; follows the extension's subscription. */
  readonly accounts: readonly ExtensionAccount[];
  /** The accounts as the kernel knows them, in the session network's address format. */
  entries(): AccountEntry[];
  /** Writes the accounts for another network; true when their addresses changed. */
  setNetwork(network: CaipNetwork): boolean;
  /** Stops following the extension; idempotent. Nothing is reported afterwards. */
  end(): void;
}

const sameAccounts = (a: readonly ExtensionAccount[], b: readonly ExtensionAccount[]) =>
  a.length === b.length && a.every((account, i) => account.publicKey.every((byte, j) => byte === b[i]?.publicKey[j]));

export interface SessionStart {
  connector: Connector;
  injected: object;
  accounts: readonly ExtensionAccount[];
  network: CaipNetwork;
  /** The extension's account lists as they change (web3AccountsSubscribe); the function returned stops them. */
  follow: (onAccounts: (list: unknown) => void) => () => void;
  emit: (event: AdapterEvent) => void;
}

/** Follows the extension's account lists: a new list is an account switch, an empty one the visitor revoking the site. */
export function startSession({ connector, injected, accounts, network, follow, emit }: SessionStart): PolkadotSession {
  let ended = false;
  let unsubscribe: (() => void) | undefined;
  let ss58Format = ss58FormatOf(network);
  const session = {
    connector,
    injected,
    accounts,
    entries: () => toAccountEntries(session.accounts, ss58Format),
    setNetwork(next: CaipNetwork) {
      const before = ss58Format;
      ss58Format = ss58FormatOf(next);
      return before !== ss58Format;
    },
    end() {
      ended = true;
      unsubscribe?.();
      unsubscribe = undefined;
    },
  };
  const onAccounts = (list: unknown) => {
    if (ended) return;
    const next = parseAccounts(list);
    if (next.length === 0) {
      session.end();
      emit({ type: 'disconnected' });
      return;
    }
    if (sameAccounts(next, session.accounts)) return;
    session.accounts = next;
    emit({ type: 'accountsChanged', accounts: session.entries() });
  };
  unsubscribe = follow(onAccounts);
  return session;
}
