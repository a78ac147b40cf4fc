import { useEffect, useState } from 'react';
import { loadedView, loadView, resolveViewLoader, type ViewProps } from '../modal/views.js';
import { useStoreValue } from '../hooks/useKernelState.js';
import { ChevronIcon } from '../parts/icons.js';
import { WalletIcon } from '../parts/WalletIcon.js';
import { namespaceLabel } from '../parts/NetworkList.js';
import { BUNDLED_WALLETS } from '../wallets/bundledWallets.js';
import { connectMethodOrder, safeHomepage, walletSections, type WalletEntry } from '../wallets/walletSections.js';
import { allConnectorsAtom, getInternals } from '@latch/kernel/internal';

/** How many wallets the Connect view lists before pointing to All Wallets. */
export const CONNECT_VIEW_LIMIT = 6;

export function connectingData(entry: WalletEntry) {
  return { name: entry.name, icon: entry.icon, targets: entry.connectors.map((c) => ({ id: c.id, namespace: c.chain })) };
}

/** Where picking a wallet leads: a connector plugin's own connecting view (a QR code…), else the generic one. */
export function openConnecting(modal: ViewProps['modal'], entry: WalletEntry): void {
  const plugin = modal.options.connectors?.find((c) => c.connectingView && entry.connectors.some((e) => e.id === c.id));
  getInternals(modal).router.push(plugin?.connectingView ?? 'ConnectingExternal', connectingData(entry));
}

export default function ConnectView({ modal }: ViewProps) {
  const allConnectors = useStoreValue(getInternals(modal).store, allConnectorsAtom);
  // A connector plugin with a Connect-view section (the embedded wallet's e-mail field) shows there, not as a row.
  const sections = (modal.options.connectors ?? []).filter((c) => c.connectSection).map((c) => c.connectSection as string);
  const sectionIds = new Set((modal.options.connectors ?? []).filter((c) => c.connectSection).map((c) => c.id));
  const connectors = sectionIds.size ? allConnectors.filter((c) => !sectionIds.has(c.id)) : allConnectors;
  const entries = walletSections({
    connectors,
    recent: getInternals(modal).getRecentWallets(),
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
          No wallet found in this browser.{' '}
          {allWallets ? 'Install a wallet extension, or pick one from the list below.' : 'Install a wallet extension to continue.'}
        </p>
      ) : (
        <ul className="list" data-testid="latch-wallet-list">
          {shown.map((entry) => (
            <li key={entry.id + entry.section}>
              <WalletRow entry={entry} onSelect={() => openConnecting(modal, entry)} />
            </li>
          ))}
        </ul>
      )}
      {allWallets ? (
        <ul className="list" style={{ marginTop: 6 }}>
          <li>
            <button type="button" className="row" onClick={() => getInternals(modal).router.push('AllWallets')}>
              <span className="name">All Wallets</span>
              <ChevronIcon />
            </button>
          </li>
        </ul>
      ) : null}
    </section>
  );
  const { termsConditionsUrl, privacyPolicyUrl } = modal.options;
  const terms = safeHomepage(termsConditionsUrl);
  const privacy = safeHomepage(privacyPolicyUrl);
  // The section holds the e-mail field and the social buttons: it shows while either is on, and hides the one that is off.
  const emailOn = modal.options.features?.email !== false;
  const email =
    (emailOn || modal.options.features?.socials !== false) && sections.length ? (
      <section key="email" aria-label={emailOn ? 'Email' : 'Social sign-in'}>
        {sections.map((view) => (
          <ConnectSection key={view} modal={modal} view={view} />
        ))}
      </section>
    ) : null;
  // E-mail (a connector plugin's section) and wallets, in §2 order; social sign-in has no connector yet.
  return (
    <>
      {order.map((method) => (method === 'wallet' ? wallets : method === 'email' ? email : null))}
      {terms || privacy ? (
        <p className="muted legal" data-testid="latch-legal">
          By connecting a wallet, you agree to{' '}
          {terms ? (
            <a href={terms} target="_blank" rel="noopener noreferrer">
              the Terms of Service
            </a>
          ) : null}
          {terms && privacy ? ' and ' : null}
          {privacy ? (
            <a href={privacy} target="_blank" rel="noopener noreferrer">
              the Privacy Policy
            </a>
          ) : null}
          .
        </p>
      ) : null}
    </>
  );
}

/** A connector plugin's Connect-view section, loaded on first show (it is in no first-load chunk). */
function ConnectSection({ modal, view }: { modal: ViewProps['modal']; view: string }) {
  const loader = resolveViewLoader(modal, view);
  const [module, setModule] = useState(() => (loader ? loadedView(loader) : undefined));
  useEffect(() => {
    if (!loader || module) return;
    let live = true;
    loadView(loader).then(
      (m) => live && setModule(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [loader, module]);
  if (!module) return null;
  const Section = module.default;
  return <Section modal={modal} />;
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
