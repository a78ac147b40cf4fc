import { accountsAtom, activeAccountAtom, activeNamespaceAtom, activeNetworkAtom, networksAtom, formatBalance, truncateAddress, type AccountTab, type ChainNamespace, type TokenBalance } from '@latch/kernel';
import { useAtomValue } from 'jotai/react';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { ViewProps } from '../modal/views.js';
import { Avatar } from '../parts/Avatar.js';
import { ChevronIcon, CopyIcon, ExternalIcon, LogoutIcon } from '../parts/icons.js';
import { namespaceLabel, NetworkBadge } from '../parts/NetworkList.js';

const TABS: readonly AccountTab[] = ['Tokens', 'NFTs', 'Activity'];

export default function AccountView({ modal }: ViewProps) {
  const store = modal.store;
  const account = useAtomValue(activeAccountAtom, { store });
  const namespace = useAtomValue(activeNamespaceAtom, { store });
  const network = useAtomValue(activeNetworkAtom, { store });
  const accounts = useAtomValue(accountsAtom, { store });
  const networks = useAtomValue(networksAtom, { store });
  const connectedNamespaces = Object.entries(accounts).filter(([, a]) => a?.status === 'connected').map(([ns]) => ns as ChainNamespace);
  const tabsId = useId();

  useEffect(() => {
    if (namespace && account?.status === 'connected') void modal.refreshTokenBalances(namespace);
  }, [modal, namespace, account?.status, account?.address, network?.caipNetworkId]);

  if (!account?.address || !namespace) {
    return <p className="empty">No wallet is connected.</p>;
  }
  const address = account.address;
  const name = account.profileName ?? truncateAddress(address);
  const tab = account.currentTab;

  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      void modal.feedback.showSnack('Address copied', 'success');
    } catch {
      void modal.feedback.showSnack('Copy failed', 'error');
    }
  }

  return (
    <div data-testid="latch-account">
      <div className="account-head">
        <Avatar address={address} image={account.profileImage} />
        <div className="account-name">
          <span data-testid="latch-account-name" title={address}>{name}</span>
          <button type="button" className="icon-button" aria-label="Copy address" onClick={() => void copy()}>
            <CopyIcon />
          </button>
        </div>
        <div className="balance" data-testid="latch-account-balance" aria-live="polite">
          {account.balanceLoading && account.balance === undefined ? 'Loading balance…' : account.balance !== undefined ? `${formatBalance(account.balance)} ${account.balanceSymbol ?? ''}` : 'Balance unavailable'}
        </div>
        <div className="actions">
          {account.addressExplorerUrl ? (
            <a className="button" href={account.addressExplorerUrl} target="_blank" rel="noopener noreferrer">
              <ExternalIcon /> Explorer<span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
          {connectedNamespaces.length > 1 ? (
            <>
              <button type="button" className="button danger" onClick={() => void modal.disconnect(namespace).catch(() => undefined)}>
                <LogoutIcon /> Disconnect {namespaceLabel(namespace)}
              </button>
              <button type="button" className="button danger" onClick={() => void modal.disconnect().then(() => modal.close(), () => undefined)}>
                Disconnect all
              </button>
            </>
          ) : (
            <button type="button" className="button danger" onClick={() => void modal.disconnect().then(() => modal.close(), () => undefined)}>
              <LogoutIcon /> Disconnect
            </button>
          )}
        </div>
      </div>
      {connectedNamespaces.length > 1 ? (
        <div className="tabs" role="group" aria-label="Connected accounts" style={{ gridTemplateColumns: `repeat(${connectedNamespaces.length}, 1fr)`, marginBottom: 10 }}>
          {connectedNamespaces.map((ns) => (
            <button
              key={ns}
              type="button"
              className="tab"
              aria-pressed={ns === namespace}
              data-testid={`latch-namespace-${ns}`}
              onClick={() => {
                const target = networks[ns]?.caipNetwork;
                if (target && ns !== namespace) void modal.switchNetwork(target).catch(() => undefined);
              }}
            >
              {namespaceLabel(ns)}
            </button>
          ))}
        </div>
      ) : null}
      {network ? (
        <button type="button" className="row" style={{ marginBottom: 10 }} onClick={() => modal.router.push('Networks')}>
          <NetworkBadge network={network} />
          <span className="name">{network.name}</span>
          <span className="sr-only">, change network</span>
          <ChevronIcon />
        </button>
      ) : null}
      {Object.keys(networks).some((ns) => !connectedNamespaces.includes(ns as ChainNamespace) && modal.getAdapter(ns as ChainNamespace)) ? (
        <button type="button" className="row" style={{ marginBottom: 10 }} onClick={() => modal.router.push('Connect')}>
          <span className="name">Connect another wallet</span>
          <ChevronIcon />
        </button>
      ) : null}
      <Tabs id={tabsId} current={tab} onChange={(t) => modal.setAccountTab(namespace, t)} />
      <div className="panel" role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${tab}`} tabIndex={0}>
        {tab === 'Tokens' ? <TokenList tokens={account.tokenBalance} /> : null}
        {tab === 'NFTs' ? <p className="empty">NFTs are not shown yet. Your NFTs are safe in your wallet.</p> : null}
        {tab === 'Activity' ? <p className="empty">Activity is not shown yet. Your wallet keeps your full history.</p> : null}
      </div>
    </div>
  );
}

function Tabs({ id, current, onChange }: { id: string; current: AccountTab; onChange(tab: AccountTab): void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  function onKeyDown(event: KeyboardEvent) {
    const index = TABS.indexOf(current);
    const next = event.key === 'ArrowRight' ? (index + 1) % TABS.length : event.key === 'ArrowLeft' ? (index + TABS.length - 1) % TABS.length : event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : -1;
    if (next < 0) return;
    event.preventDefault();
    onChange(TABS[next] as AccountTab);
    refs.current[next]?.focus();
  }
  return (
    <div className="tabs" role="tablist" aria-label="Account" onKeyDown={onKeyDown}>
      {TABS.map((tab, i) => (
        <button
          key={tab}
          ref={(el) => void (refs.current[i] = el)}
          type="button"
          role="tab"
          id={`${id}-${tab}`}
          className="tab"
          aria-selected={tab === current}
          aria-controls={`${id}-panel`}
          tabIndex={tab === current ? 0 : -1}
          onClick={() => onChange(tab)}
        >
          {tab}
        </button>
      ))}
    </div>
  );
}

function TokenList({ tokens }: { tokens: readonly TokenBalance[] }) {
  if (tokens.length === 0) return <p className="empty">No tokens on this network yet.</p>;
  return (
    <ul className="list" data-testid="latch-tokens">
      {tokens.map((token) => (
        <li key={`${token.chainId}-${token.address ?? 'native'}`} className="token">
          <span aria-hidden="true" className="wallet-icon monogram" data-letter={token.symbol.charAt(0)} style={{ width: 32, height: 32, borderRadius: '50%', color: 'var(--fg)' }} />
          <span>
            <strong>{token.name}</strong>
            <br />
            <span className="muted">{token.symbol}</span>
          </span>
          <span className="figures">{formatBalance(token.quantity.numeric)}</span>
        </li>
      ))}
    </ul>
  );
}
