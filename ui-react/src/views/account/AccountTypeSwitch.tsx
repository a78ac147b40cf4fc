import type { AccountType, ChainNamespace } from '@latch/kernel';
import { accountsAtom, getInternals, networksAtom } from '@latch/kernel/internal';
import { useAtomValueRawSync } from 'jotai/react';
import { useId, useState } from 'react';
import type { LatchModal } from '../../createModal.js';

const LABELS: Readonly<Record<string, string>> = { smartAccount: 'Smart account', eoa: 'Standard (EOA)' };
const label = (type: AccountType) => LABELS[type] ?? type;

/**
 * Which account type is in use, and the switch between them when the wallet's session offers both (the embedded
 * wallet's key and its smart account). A smart account is only offered on the networks the session lists for it. A
 * wallet with one type shows "Smart account" when it reports being one (EIP-5792 atomic support), else nothing.
 */
export default function AccountTypeSwitch({ modal, data }: { modal: LatchModal; data?: unknown }) {
  const namespace = data as ChainNamespace;
  const store = getInternals(modal).store;
  const account = useAtomValueRawSync(accountsAtom, { store })[namespace];
  const network = useAtomValueRawSync(networksAtom, { store })[namespace]?.caipNetwork;
  const [busy, setBusy] = useState(false);
  const labelId = useId();
  const connector = account?.connector;
  const active = account?.preferredAccountType ?? account?.allAccounts.find((entry) => entry.address === account.address)?.type;
  const offered = connector?.accountTypes;
  if (!offered || offered.available.length < 2) {
    return active === 'smartAccount' ? (
      <p className="muted account-type" data-testid="latch-account-type">
        Smart account
      </p>
    ) : null;
  }
  const reference = network?.caipNetworkId.split(':')[1];
  const smartAllowed = !connector.smartAccountNetworks || connector.smartAccountNetworks.some((id) => String(id) === reference);
  const choices = offered.available.filter((type) => type !== 'smartAccount' || smartAllowed);

  async function choose(type: AccountType) {
    if (busy || type === active) return;
    setBusy(true);
    try {
      await modal.setPreferredAccountType(type, { namespace });
    } catch {
      // The kernel already told the visitor (its snack) and reported the error.
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="account-type" data-testid="latch-account-type">
      <span id={labelId} className="muted">
        Account type
      </span>
      <div className="tabs" role="group" aria-labelledby={labelId} aria-busy={busy}>
        {choices.map((type) => (
          <button
            key={type}
            type="button"
            className="tab"
            aria-pressed={type === active}
            aria-disabled={busy}
            data-testid={`latch-account-type-${type}`}
            onClick={() => void choose(type)}
          >
            {label(type)}
          </button>
        ))}
      </div>
      {choices.length < offered.available.length ? (
        <p className="muted account-type-note">Smart accounts are not available on {network?.name ?? 'this network'}.</p>
      ) : null}
    </div>
  );
}
