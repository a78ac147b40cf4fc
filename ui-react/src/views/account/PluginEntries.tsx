import type { ChainNamespace } from '@latch/kernel';
import { accountsAtom, getInternals } from '@latch/kernel/internal';
import type { LatchModal } from '../../createModal.js';
import { ChevronIcon } from '../../parts/icons.js';

/**
 * Rows of registered feature plugins outside the §9 wallet-feature list (a plugin's `accountEntry`, e.g. names), and
 * the row of the connector plugin the account is connected through (e.g. the embedded wallet's sign-in methods).
 */
export function PluginEntries({ modal, namespace }: { modal: LatchModal; namespace: ChainNamespace }) {
  const internals = getInternals(modal);
  // The connector plugin whose session this account came through: the kernel names a session's connector after it.
  const through = internals.store.get(accountsAtom)[namespace]?.connector;
  const connector = through ? internals.getConnectorPlugin(through.id) : undefined;
  const entries = [
    ...(modal.options.plugins ?? [])
      .filter((p) => internals.getPlugin(p.id) && p.accountEntry && p.views?.[p.accountEntry.view])
      .map((p) => p.accountEntry as NonNullable<typeof p.accountEntry>)
      .filter((entry) => !entry.namespaces || entry.namespaces.includes(namespace)),
    ...(connector?.accountEntry && connector.views?.[connector.accountEntry.view] ? [connector.accountEntry] : []),
  ];
  return entries.map((entry) => (
    <button
      key={entry.view}
      type="button"
      className="row account-entry"
      data-testid={`latch-feature-${entry.view}`}
      onClick={() => internals.router.push(entry.view, { title: entry.label })}
    >
      <span className="name">{entry.label}</span>
      <ChevronIcon />
    </button>
  ));
}
