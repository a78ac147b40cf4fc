import type { ChainNamespace, Connector, RecentWallet, RegistryWallet } from '@latch/kernel';

/** §9 connector type order on the Connect view. */
export const SECTION_ORDER = ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'] as const;
export type SectionId = (typeof SECTION_ORDER)[number];

/** §9: multi-chain wallets merge by name, with one alias: 'Trust Wallet' is shown as 'Trust'. */
const NAME_ALIASES: Readonly<Record<string, string>> = { 'trust wallet': 'trust' };
const DISPLAY_NAMES: Readonly<Record<string, string>> = { 'trust wallet': 'Trust' };

export function displayName(name: string): string {
  return DISPLAY_NAMES[name.trim().toLowerCase()] ?? name;
}

/** One row on the Connect view: a wallet, possibly present on several namespaces. */
export interface WalletEntry {
  id: string;
  name: string;
  icon?: string;
  rdns?: string;
  /** Installed connectors, one per namespace it serves. Empty for a registry wallet. */
  connectors: readonly Connector[];
  namespaces: readonly ChainNamespace[];
  homepage?: string;
  section: SectionId;
}

export function walletKey(name: string): string {
  const lower = name.trim().toLowerCase();
  return NAME_ALIASES[lower] ?? lower;
}

/** Registry data is untrusted: only an http(s) homepage becomes a link. */
export function safeHomepage(url: string | undefined): string | undefined {
  return typeof url === 'string' && /^https?:\/\//i.test(url.trim()) ? url.trim() : undefined;
}

/** Whether a wallet is one of `ids` (by id, rdns or name): §5 exclusion, and `includeWalletIds`. */
export function matchesWalletIds(candidate: { id: string; name: string; rdns?: string }, ids: readonly string[]): boolean {
  const key = walletKey(candidate.name);
  return ids.some((x) => x === candidate.id || (candidate.rdns !== undefined && x === candidate.rdns) || walletKey(x) === key);
}

/** §3 merged multi-chain connector: the same wallet (rdns, else name with alias) on several namespaces. */
export function mergeConnectors(connectors: readonly Connector[]): Omit<WalletEntry, 'section'>[] {
  const merged = new Map<string, { id: string; name: string; icon?: string; rdns?: string; connectors: Connector[] }>();
  for (const connector of connectors) {
    const key = walletKey(connector.name);
    const existing = [...merged.values()].find((m) => (connector.rdns && m.rdns === connector.rdns) || walletKey(m.name) === key);
    if (existing) {
      if (!existing.connectors.some((c) => c.chain === connector.chain)) existing.connectors.push(connector);
      existing.icon ??= connector.icon;
    } else {
      merged.set(connector.id + connector.chain, {
        id: connector.id,
        name: displayName(connector.name),
        icon: connector.icon,
        rdns: connector.rdns,
        connectors: [connector],
      });
    }
  }
  return [...merged.values()].map((m) => ({ ...m, namespaces: [...new Set(m.connectors.flatMap((c) => c.chains ?? [c.chain]))] }));
}

export interface SectionInput {
  connectors: readonly Connector[];
  recent: readonly RecentWallet[];
  excluded?: readonly string[];
  featured?: readonly RegistryWallet[];
  custom?: readonly RegistryWallet[];
  recommended?: readonly RegistryWallet[];
}

/** Orders and groups the wallets the Connect view lists (§9 order, §5 hiding, §3 merging). */
export function walletSections(input: SectionInput): WalletEntry[] {
  const excluded = input.excluded ?? [];
  const visible = input.connectors.filter((c) => c.type !== 'AUTH' && !matchesWalletIds(c, excluded));
  const entries = mergeConnectors(visible);
  const recentIds = input.recent.map((r) => r.id);
  const out: WalletEntry[] = [];
  const taken = new Set<string>();
  const push = (entry: Omit<WalletEntry, 'section'>, section: SectionId) => {
    const key = walletKey(entry.name);
    if (taken.has(key)) return;
    taken.add(key);
    out.push({ ...entry, section });
  };
  const ofType = (...types: Connector['type'][]) => entries.filter((e) => e.connectors.some((c) => types.includes(c.type)));
  // A wallet to install is a link to its homepage: without a usable one there is nothing to offer.
  const fromRegistry = (list: readonly RegistryWallet[] | undefined, section: SectionId) =>
    (list ?? [])
      .filter((w) => !matchesWalletIds(w, excluded) && safeHomepage(w.homepage))
      .forEach((w) =>
        push(
          { id: w.id, name: w.name, icon: w.imageUrl, rdns: w.rdns, homepage: safeHomepage(w.homepage), connectors: [], namespaces: [] },
          section,
        ),
      );

  ofType('WALLET_CONNECT').forEach((e) => push(e, 'walletConnect'));
  entries
    .filter((e) => e.connectors.some((c) => recentIds.includes(c.id)))
    .sort((a, b) => rank(a, recentIds) - rank(b, recentIds))
    .forEach((e) => push(e, 'recent'));
  ofType('ANNOUNCED', 'INJECTED', 'MULTI_CHAIN').forEach((e) => push(e, 'injected'));
  fromRegistry(input.featured, 'featured');
  fromRegistry(input.custom, 'custom');
  ofType('EXTERNAL', 'ID_AUTH').forEach((e) => push(e, 'external'));
  fromRegistry(input.recommended, 'recommended');
  return out;
}

function rank(entry: Omit<WalletEntry, 'section'>, recentIds: readonly string[]): number {
  return Math.min(...entry.connectors.map((c) => (recentIds.includes(c.id) ? recentIds.indexOf(c.id) : Infinity)));
}

/** §2: e-mail, social, wallet — or wallet first when an injected or announced wallet is shown. */
export function connectMethodOrder(entries: readonly WalletEntry[]): ('email' | 'social' | 'wallet')[] {
  const hasInstalled = entries.some((e) => e.connectors.some((c) => c.type === 'INJECTED' || c.type === 'ANNOUNCED'));
  return hasInstalled ? ['wallet', 'email', 'social'] : ['email', 'social', 'wallet'];
}
