import {
  formatAccountBalance,
  formatBalance,
  truncateAddress,
  type AccountState,
  type AccountTab,
  type ChainNamespace,
  type TokenBalance,
} from '@latch/kernel';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { LatchModal } from '../createModal.js';
import type { ViewLoader, ViewProps } from '../modal/views.js';
import { useAtomValueRawSync } from 'jotai/react';
import { Avatar } from '../parts/Avatar.js';
import { ChevronIcon, CopyIcon, ExternalIcon } from '../parts/icons.js';
import { namespaceLabel, NetworkBadge } from '../parts/NetworkList.js';
import { TokenIcon } from '../parts/TokenIcon.js';
import { fiatOf } from './send/fiat.js';
import { DisconnectButtons } from './account/DisconnectButtons.js';
import { PluginEntries } from './account/PluginEntries.js';
import { WalletFeatures } from './account/WalletFeatures.js';
import {
  accountsAtom,
  activeAccountAtom,
  activeNamespaceAtom,
  activeNetworkAtom,
  getInternals,
  networksAtom,
} from '@latch/kernel/internal';

const ALL_TABS: readonly AccountTab[] = ['Tokens', 'NFTs', 'Activity'];

/* The NFTs and Activity tabs are chunks of their own, loaded when the visitor opens them. */
const NFT_LOADER: ViewLoader = () => import('./account/NftGrid.js');
const ACTIVITY_LOADER: ViewLoader = () => import('./account/ActivityList.js');
/* The account type (and its switch) is a chunk too: only smart-account capable sessions and wallets show it. */
const ACCOUNT_TYPE_LOADER: ViewLoader = () => import('./account/AccountTypeSwitch.js');
/* The sessions a smart account granted this site (the smartSessions feature): a chunk loaded only with the feature on. */
const SESSIONS_LOADER: ViewLoader = () => import('./account/SessionList.js');

export default function AccountView({ modal, host }: ViewProps) {
  const store = getInternals(modal).store;
  const account = useAtomValueRawSync(activeAccountAtom, { store });
  const namespace = useAtomValueRawSync(activeNamespaceAtom, { store });
  const network = useAtomValueRawSync(activeNetworkAtom, { store });
  const accounts = useAtomValueRawSync(accountsAtom, { store });
  const networks = useAtomValueRawSync(networksAtom, { store });
  const connectedNamespaces = Object.entries(accounts)
    .filter(([, a]) => a?.status === 'connected')
    .map(([ns]) => ns as ChainNamespace);
  const tabsId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload tokens when the account or network changes, not on every render of `account`.
  useEffect(() => {
    if (namespace && account?.status === 'connected') void getInternals(modal).refreshTokenBalances(namespace);
  }, [modal, namespace, account?.status, account?.address, network?.caipNetworkId]);

  // The session ended (the wallet's side, another tab): nothing to show here, so the visitor can connect again.
  const nothingConnected = connectedNamespaces.length === 0;
  useEffect(() => {
    if (nothingConnected) getInternals(modal).router.reset('Connect');
  }, [modal, nothingConnected]);

  if (!account?.address || !namespace) return <p className="empty">No wallet is connected.</p>;
  // §6 `history` off: no Activity tab.
  const tabs = modal.options.features.history ? ALL_TABS : ALL_TABS.filter((t) => t !== 'Activity');
  const tab = tabs.includes(account.currentTab) ? account.currentTab : 'Tokens';

  return (
    <div data-testid="latch-account">
      <AccountHead modal={modal} account={account} address={account.address} namespace={namespace} />
      {connectedNamespaces.length > 1 ? (
        <div className="tabs" role="group" aria-label="Connected accounts">
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
      {account.connector?.accountTypes || account.allAccounts.some((entry) => entry.type === 'smartAccount') ? (
        <host.View modal={modal} loader={ACCOUNT_TYPE_LOADER} data={namespace} />
      ) : null}
      {modal.options.features.smartSessions &&
      namespace === 'eip155' &&
      (account.preferredAccountType ?? account.connector?.accountTypes?.active) === 'smartAccount' ? (
        <host.View modal={modal} loader={SESSIONS_LOADER} data={account.address} />
      ) : null}
      {network ? (
        <button type="button" className="row account-entry" onClick={() => getInternals(modal).router.push('Networks')}>
          <NetworkBadge network={network} />
          <span className="name">{network.name}</span>
          <span className="sr-only">, change network</span>
          <ChevronIcon />
        </button>
      ) : null}
      <WalletFeatures modal={modal} namespace={namespace} />
      <PluginEntries modal={modal} namespace={namespace} />
      {Object.keys(networks).some((ns) => !connectedNamespaces.includes(ns as ChainNamespace) && modal.getAdapter(ns as ChainNamespace)) ? (
        <button type="button" className="row account-entry" onClick={() => getInternals(modal).router.push('Connect')}>
          <span className="name">Connect another wallet</span>
          <ChevronIcon />
        </button>
      ) : null}
      <Tabs id={tabsId} tabs={tabs} current={tab} onChange={(t) => getInternals(modal).setAccountTab(namespace, t)} />
      <div className="panel" role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${tab}`} tabIndex={0}>
        {tab === 'Tokens' ? <TokenList modal={modal} tokens={account.tokenBalance} /> : null}
        {tab === 'NFTs' ? (
          modal.options.dataServices?.nfts || modal.getCapability(namespace, 'nfts') ? (
            <host.View modal={modal} loader={NFT_LOADER} data={undefined} />
          ) : (
            <p className="empty">NFTs are not available on {network?.name ?? 'this network'}. Your NFTs are safe in your wallet.</p>
          )
        ) : null}
        {tab === 'Activity' ? (
          modal.options.dataServices?.activity || modal.getCapability(namespace, 'activity') ? (
            <host.View modal={modal} loader={ACTIVITY_LOADER} data={undefined} />
          ) : (
            <p className="empty">Activity is not available on {network?.name ?? 'this network'}. Your wallet keeps your full history.</p>
          )
        ) : null}
      </div>
    </div>
  );
}

/** The account's avatar, name (copied with its button), balance, explorer link and disconnect buttons. */
function AccountHead({
  modal,
  account,
  address,
  namespace,
}: {
  modal: LatchModal;
  account: AccountState;
  address: string;
  namespace: ChainNamespace;
}) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      void getInternals(modal).feedback.showSnack('Address copied', 'success');
    } catch {
      void getInternals(modal).feedback.showSnack('Copy failed', 'error');
    }
  }

  return (
    <div className="account-head">
      <Avatar address={address} image={account.profileImage} hosts={modal.options.imageHosts} />
      <div className="account-name">
        <span data-testid="latch-account-name" title={address}>
          {account.profileName ?? truncateAddress(address)}
        </span>
        <button type="button" className="icon-button" aria-label="Copy address" onClick={() => void copy()}>
          <CopyIcon />
        </button>
      </div>
      <div className="balance" data-testid="latch-account-balance" aria-live="polite">
        {account.balanceLoading && account.balance === undefined
          ? 'Loading balance…'
          : account.balance !== undefined
            ? formatAccountBalance(account.balance, account.balanceSymbol)
            : 'Balance unavailable'}
      </div>
      <div className="actions">
        {account.addressExplorerUrl ? (
          <a className="button" href={account.addressExplorerUrl} target="_blank" rel="noopener noreferrer">
            <ExternalIcon /> Explorer<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
        <DisconnectButtons modal={modal} namespace={namespace} />
      </div>
    </div>
  );
}

function Tabs({
  id,
  tabs,
  current,
  onChange,
}: {
  id: string;
  tabs: readonly AccountTab[];
  current: AccountTab;
  onChange(tab: AccountTab): void;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.indexOf(current);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index + tabs.length - 1) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    onChange(tabs[next] as AccountTab);
    refs.current[next]?.focus();
  }
  return (
    <div className="tabs" role="tablist" aria-label="Account" onKeyDown={onKeyDown}>
      {tabs.map((tab, i) => (
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

function TokenList({ modal, tokens }: { modal: LatchModal; tokens: readonly TokenBalance[] }) {
  if (tokens.length === 0) return <p className="empty">No tokens on this network yet.</p>;
  return (
    <ul className="list" data-testid="latch-tokens">
      {tokens.map((token) => {
        const fiat = fiatOf(modal, token, token.quantity.numeric);
        return (
          <li key={`${token.chainId}-${token.address ?? 'native'}`} className="token">
            <TokenIcon modal={modal} token={token} />
            <span>
              <strong>{token.name}</strong>
              <br />
              <span className="muted">{token.symbol}</span>
            </span>
            <span className="figures">
              {formatBalance(token.quantity.numeric)}
              {fiat ? (
                <>
                  <br />
                  <span className="muted">{fiat}</span>
                </>
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
