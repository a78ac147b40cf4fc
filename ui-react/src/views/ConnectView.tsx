import { connectorsAtom, type Connector } from '@latch/kernel';
import { useAtomValue } from 'jotai/react';
import type { ViewProps } from '../modal/views.js';
import { ChevronIcon } from '../parts/icons.js';
import { WalletIcon } from '../parts/WalletIcon.js';
import { namespaceLabel } from '../parts/NetworkList.js';
import { BUNDLED_WALLETS } from '../wallets/bundledWallets.js';
import { connectMethodOrder, walletSections, type WalletEntry } from '../wallets/walletSections.js';

/** How many wallets the Connect view lists before pointing to All Wallets. */
export const CONNECT_VIEW_LIMIT = 6;

export function connectingData(entry: WalletEntry) {
  return { name: entry.name, icon: entry.icon, targets: entry.connectors.map((c) => ({ id: c.id, namespace: c.chain })) };
}

export default function ConnectView({ modal }: ViewProps) {
  const byNamespace = useAtomValue(connectorsAtom, { store: modal.store });
  const connectors = Object.values(byNamespace).flatMap((list) => (list ?? []) as Connector[]);
  const entries = walletSections({
    connectors,
    recent: modal.getRecentWallets(),
    excluded: modal.options.excludeWalletIds,
    // Featured ids are looked up in the bundled list: showing this view makes no request.
    featured: (modal.options.featuredWalletIds ?? []).flatMap((id) => BUNDLED_WALLETS.filter((w) => w.id === id)),
    custom: modal.options.customWallets?.map((w) => ({ id: w.id, name: w.name, homepage: w.homepage, imageUrl: w.imageUrl })),
  });
  const order = connectMethodOrder(entries);
  const shown = entries.slice(0, CONNECT_VIEW_LIMIT);
  const allWallets = modal.options.features?.allWallets !== false;

  const wallets = (
    <section key="wallet" aria-label="Wallets">
      {shown.length === 0 ? (
        <p className="empty" data-testid="latch-no-wallets">
          No wallet found in this browser. {allWallets ? 'Install a wallet extension, or pick one from the list below.' : 'Install a wallet extension to continue.'}
        </p>
      ) : (
        <ul className="list" data-testid="latch-wallet-list">
          {shown.map((entry) => (
            <li key={entry.id + entry.section}>
              <WalletRow entry={entry} onSelect={() => modal.router.push('ConnectingExternal', connectingData(entry))} />
            </li>
          ))}
        </ul>
      )}
      {allWallets ? (
        <ul className="list" style={{ marginTop: 6 }}>
          <li>
            <button type="button" className="row" onClick={() => modal.router.push('AllWallets')}>
              <span className="name">All Wallets</span>
              <ChevronIcon />
            </button>
          </li>
        </ul>
      ) : null}
    </section>
  );
  // E-mail and social sign-in appear here, in §2 order, once the embedded-wallet connector exists.
  return <>{order.map((method) => (method === 'wallet' ? wallets : null))}</>;
}

function WalletRow({ entry, onSelect }: { entry: WalletEntry; onSelect(): void }) {
  const installed = entry.connectors.length > 0;
  if (!installed) {
    return (
      <a className="row" href={entry.homepage} target="_blank" rel="noopener noreferrer">
        <WalletIcon name={entry.name} icon={entry.icon} />
        <span className="name">{entry.name}</span>
        <span className="tag">Get</span>
        <span className="sr-only"> (opens its website)</span>
      </a>
    );
  }
  const tag = entry.section === 'recent' ? 'Recent' : entry.namespaces.length > 1 ? 'Multichain' : 'Installed';
  const chains = entry.namespaces.map(namespaceLabel).join(', ');
  // No aria-label: the visible name and tag are the accessible name (WCAG 2.5.3, label in name).
  return (
    <button type="button" className="row" onClick={onSelect}>
      <WalletIcon name={entry.name} icon={entry.icon} />
      <span className="name">{entry.name}</span>
      <span className={entry.section === 'recent' ? 'tag accent' : 'tag'}>{tag}</span>
      {entry.namespaces.length > 1 ? <span className="sr-only">{` (${chains})`}</span> : null}
    </button>
  );
}
