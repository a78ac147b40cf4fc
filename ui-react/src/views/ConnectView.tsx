import { type RefObject, useEffect, useRef, useState } from 'react';
import type { ViewProps } from '../modal/views.js';
import { useAtomValueRawSync } from 'jotai/react';
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

export default function ConnectView({ modal, host }: ViewProps) {
  const allConnectors = useAtomValueRawSync(allConnectorsAtom, { store: getInternals(modal).store });
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
  const features = modal.options.features;
  const allWallets = features?.allWallets !== false;
  const { termsConditionsUrl, privacyPolicyUrl } = modal.options;
  const terms = safeHomepage(termsConditionsUrl);
  const privacy = safeHomepage(privacyPolicyUrl);
  const [agreed, setAgreed] = useState(false);
  const [walletsOpen, setWalletsOpen] = useState(false);
  const walletList = useRef<HTMLElement>(null);
  // After "Continue with a wallet" the button is gone: focus goes to the first wallet, not to the page.
  useEffect(() => {
    if (walletsOpen) walletList.current?.querySelector<HTMLElement>('button, a')?.focus();
  }, [walletsOpen]);
  // The section holds the e-mail field and the social buttons: it shows while either is on, and hides the one that is off.
  const emailOn = features?.email !== false;
  const email =
    (emailOn || features?.socials !== false) && sections.length ? (
      <section key="email" aria-label={emailOn ? 'Email' : 'Social sign-in'}>
        {sections.map((view) => (
          <host.Section key={view} modal={modal} view={view} />
        ))}
      </section>
    ) : null;
  // With e-mail (and social) sign-in on the view, either flag puts the wallets behind one button.
  const collapsed = email !== null && !walletsOpen && (features?.collapseWallets === true || features?.emailShowWallets === false);
  // The consent checkbox replaces the legal line; it needs a terms or privacy link to agree to.
  const consent = features?.legalCheckbox === true && Boolean(terms || privacy);
  const links = <LegalLinks terms={terms} privacy={privacy} />;

  const wallets = collapsed ? (
    <CollapsedWallets key="wallet" onOpen={() => setWalletsOpen(true)} />
  ) : (
    <WalletsSection key="wallet" modal={modal} shown={shown} allWallets={allWallets} listRef={walletList} />
  );
  // E-mail (a connector plugin's section) and wallets, in §2 order; social sign-in has no connector yet.
  const methods = order.map((method) => (method === 'wallet' ? wallets : method === 'email' ? email : null));
  return consent ? (
    <>
      <label className="muted legal consent" data-testid="latch-legal">
        <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.currentTarget.checked)} />
        <span>I agree to {links}</span>
      </label>
      {/* Until ticked, the ways to connect can be seen but neither reached nor used. */}
      <div className="consent-gate" inert={!agreed} data-testid="latch-connect-methods">
        {methods}
      </div>
    </>
  ) : (
    <>
      {methods}
      {terms || privacy ? (
        <p className="muted legal" data-testid="latch-legal">
          By connecting a wallet, you agree to {links}.
        </p>
      ) : null}
    </>
  );
}

/** The links of the legal line: the terms, the privacy policy, or both. */
function LegalLinks({ terms, privacy }: { terms?: string; privacy?: string }) {
  return (
    <>
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
    </>
  );
}

/** The wallets behind one button, while e-mail (and social) sign-in leads the view. */
function CollapsedWallets({ onOpen }: { onOpen(): void }) {
  return (
    <section aria-label="Wallets">
      <ul className="list">
        <li>
          <button type="button" className="row" data-testid="latch-continue-with-wallet" onClick={onOpen}>
            <span className="name">Continue with a wallet</span>
            <ChevronIcon />
          </button>
        </li>
      </ul>
    </section>
  );
}

/** The wallets listed on the Connect view (the first few), and the way to All Wallets. */
function WalletsSection({
  modal,
  shown,
  allWallets,
  listRef,
}: {
  modal: ViewProps['modal'];
  shown: WalletEntry[];
  allWallets: boolean;
  listRef: RefObject<HTMLElement | null>;
}) {
  return (
    <section aria-label="Wallets" ref={listRef}>
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
        <ul className="list all-wallets-entry">
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
