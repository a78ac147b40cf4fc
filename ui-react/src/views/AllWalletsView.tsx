import type { ChainNamespace, ConnectorPlugin, ConnectorWallet, RegistryWallet } from '@latch/kernel';
import { useEffect, useId, useMemo, useState } from 'react';
import type { ViewProps } from '../modal/views.js';
import { useAtomValueRawSync } from 'jotai/react';
import { RemoteWalletIcon } from '../parts/remoteImage.js';
import { WalletIcon } from '../parts/WalletIcon.js';
import { bundledWalletRegistry, withBundledLogos } from '../wallets/bundledRegistry.js';
import { matchesWalletIds, mergeConnectors, safeHomepage, walletKey } from '../wallets/walletSections.js';
import { openConnecting } from './ConnectView.js';
import { allConnectorsAtom, getInternals } from '@latch/kernel/internal';

export const ALL_WALLETS_PAGE_SIZE = 24;

/** Picking a wallet a connector plugin reaches: the plugin's connecting view, with that wallet. */
function openThroughConnector(
  modal: ViewProps['modal'],
  connectors: readonly { id: string; chain: ChainNamespace }[],
  plugin: ConnectorPlugin,
  wallet: ConnectorWallet,
): void {
  const targets = connectors.filter((c) => c.id === plugin.id).map((c) => ({ id: c.id, namespace: c.chain }));
  getInternals(modal).router.push(plugin.connectingView as string, { name: wallet.name, icon: wallet.icon, targets, wallet: wallet.data });
}

/** Installed wallets first, then the registry: searchable, paged, no request unless configured. */
export default function AllWalletsView({ modal }: ViewProps) {
  const allConnectors = useAtomValueRawSync(allConnectorsAtom, { store: getInternals(modal).store });
  // A connector plugin with a Connect-view section (the e-mail field) is reached there, not as a wallet row.
  const sectionIds = (modal.options.connectors ?? []).filter((c) => c.connectSection).map((c) => c.id);
  const connectors = sectionIds.length ? allConnectors.filter((c) => !sectionIds.includes(c.id)) : allConnectors;
  const registry = useMemo(() => modal.options.dataServices?.walletRegistry ?? bundledWalletRegistry(), [modal]);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [pages, setPages] = useState(1);
  const [result, setResult] = useState<{ wallets: RegistryWallet[]; total: number; error?: string }>({ wallets: [], total: 0 });
  const [viaConnectors, setViaConnectors] = useState<{ wallets: { plugin: ConnectorPlugin; wallet: ConnectorWallet }[]; error?: string }>({
    wallets: [],
  });
  const searchId = useId();
  const excluded = modal.options.excludeWalletIds ?? [];
  const included = modal.options.includeWalletIds ?? [];

  useEffect(() => {
    if (search === query) return; // Nothing typed (e.g. on mount): keep the pages already shown.
    const timer = setTimeout(() => {
      setQuery(search);
      setPages(1);
    }, 150);
    return () => clearTimeout(timer);
  }, [search, query]);

  // Wallets a connector plugin reaches (WalletConnect's registry): asked now that the visitor opened this view.
  useEffect(() => {
    const plugins = (modal.options.connectors ?? []).filter((p) => p.wallets && p.connectingView);
    if (plugins.length === 0) return;
    const controller = new AbortController();
    const signal = controller.signal;
    Promise.all(
      plugins.map(
        async (plugin) => (await plugin.wallets?.({ search: query || undefined, signal }))?.map((wallet) => ({ plugin, wallet })) ?? [],
      ),
    )
      .then((lists) => withBundledLogos(lists.flat()))
      .then((wallets) => !signal.aborted && setViaConnectors({ wallets }))
      .catch(() => !signal.aborted && setViaConnectors({ wallets: [], error: 'The wallet list could not be loaded.' }));
    return () => controller.abort();
  }, [modal, query]);

  useEffect(() => {
    const controller = new AbortController();
    registry
      .listWallets({ page: 1, pageSize: pages * ALL_WALLETS_PAGE_SIZE, search: query || undefined, signal: controller.signal })
      .then((r) => !controller.signal.aborted && setResult(r))
      .catch(() => !controller.signal.aborted && setResult({ wallets: [], total: 0, error: 'The wallet list could not be loaded.' }));
    return () => controller.abort();
  }, [registry, query, pages]);

  const installed = mergeConnectors(connectors.filter((c) => c.type !== 'AUTH' && !matchesWalletIds(c, excluded))).filter(
    (w) => !query || w.name.toLowerCase().includes(query.trim().toLowerCase()),
  );
  const installedKeys = new Set(installed.flatMap((w) => [walletKey(w.name), ...w.connectors.flatMap((c) => (c.rdns ? [c.rdns] : []))]));
  const allowed = (w: { id: string; name: string }) =>
    !matchesWalletIds(w, excluded) && (included.length === 0 || matchesWalletIds(w, included));
  const reachable = viaConnectors.wallets.filter(({ wallet }) => !installedKeys.has(walletKey(wallet.name)) && allowed(wallet));
  const reachableKeys = new Set(reachable.map(({ wallet }) => walletKey(wallet.name)));
  const others = result.wallets.filter(
    (w) =>
      !installedKeys.has(walletKey(w.name)) &&
      !reachableKeys.has(walletKey(w.name)) &&
      !(w.rdns && installedKeys.has(w.rdns)) &&
      !matchesWalletIds(w, excluded) &&
      (included.length === 0 || matchesWalletIds(w, included)),
  );
  const count = installed.length + reachable.length + others.length;

  return (
    <div>
      <label htmlFor={searchId} className="sr-only">
        Search wallets
      </label>
      <input
        id={searchId}
        className="search"
        type="search"
        placeholder="Search wallet"
        autoComplete="off"
        value={search}
        data-autofocus
        onChange={(e) => setSearch(e.target.value)}
      />
      <p className="sr-only" role="status">
        {count} wallets
      </p>
      {result.error || viaConnectors.error ? (
        <p className="empty" role="alert">
          {result.error ?? viaConnectors.error}
        </p>
      ) : null}
      {count === 0 && !result.error ? <p className="empty">No wallet matches “{query}”.</p> : null}
      <ul className="grid" data-testid="latch-all-wallets">
        {installed.map((w) => (
          <li key={`installed-${w.id}`}>
            <button type="button" className="tile" onClick={() => openConnecting(modal, { ...w, section: 'injected' })}>
              <WalletIcon name={w.name} icon={w.icon} />
              <span>{w.name}</span>
              <span className="sr-only">, installed</span>
            </button>
          </li>
        ))}
        {reachable.map(({ plugin, wallet }) => (
          <li key={`${plugin.id}-${wallet.id}`}>
            <button type="button" className="tile" onClick={() => openThroughConnector(modal, connectors, plugin, wallet)}>
              <RemoteWalletIcon wallet={wallet} />
              <span>{wallet.name}</span>
              <span className="sr-only">, connect with {plugin.name}</span>
            </button>
          </li>
        ))}
        {others.map((w) => {
          const homepage = safeHomepage(w.homepage);
          return (
            <li key={w.id}>
              {homepage ? (
                <a className="tile" href={homepage} target="_blank" rel="noopener noreferrer">
                  <WalletIcon name={w.name} icon={w.imageUrl} />
                  <span>{w.name}</span>
                  <span className="sr-only">, not installed: opens its website</span>
                </a>
              ) : (
                <div className="tile">
                  <WalletIcon name={w.name} icon={w.imageUrl} />
                  <span>{w.name}</span>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {result.total > result.wallets.length ? (
        <button type="button" className="button block after-list" onClick={() => setPages((p) => p + 1)}>
          Show more wallets
        </button>
      ) : null}
    </div>
  );
}
