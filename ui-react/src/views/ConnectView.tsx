import { connectorsAtom, type Connector } from '@latch/kernel';
import { useAtomValue } from 'jotai/react';
import type { ViewProps } from '../modal/views.js';
import { ChevronIcon } from '../parts/icons.js';
import { WalletIcon } from '../parts/WalletIcon.js';
import { namespaceLabel } from '../parts/NetworkList.js';
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
    custom: modal.options.customWallets?.map((w) => ({ id: w.id, name: w.name, homepage: w.homepage, imageUrl: w.imageUrl })),
  });
  const order = connectMethodOrder(entries);
  const shown = entries.slice(0, CONNECT_VIEW_LIMIT);
  const allWallets = modal.options.features?.allWallets !== false;

  const wallets = (
    <section key="wallet" aria-label="Wallets">
      {shown.length === 0 ? (
        <p className="empty" data-testid="latch-no-wallets">
          No wallet found in this browser. Install a wallet extension, or pick one from the list below.
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
              <span className="tag">{Math.max(entries.length, 1)}+</span>
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
      <a className="row" href={entry.homepage} target="_blank" rel="noopener noreferrer" aria-label={`Get ${entry.name} (opens its website)`}>
        <WalletIcon name={entry.name} icon={entry.icon} />
        <span className="name">{entry.name}</span>
        <span className="tag">Get</span>
      </a>
    );
  }
  const tag = entry.section === 'recent' ? 'Recent' : entry.namespaces.length > 1 ? 'Multichain' : 'Installed';
  const chains = entry.namespaces.map(namespaceLabel).join(', ');
  return (
    <button type="button" className="row" onClick={onSelect} aria-label={`${entry.name}, ${tag.toLowerCase()}${entry.namespaces.length > 1 ? `, ${chains}` : ''}`}>
      <WalletIcon name={entry.name} icon={entry.icon} />
      <span className="name">{entry.name}</span>
      <span className={entry.section === 'recent' ? 'tag accent' : 'tag'}>{tag}</span>
    </button>
  );
}
