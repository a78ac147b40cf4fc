import type {
  AccountType,
  ChainNamespace,
  ConnectorContext,
  ConnectorPlugin,
  ConnectorType,
  SessionNamespace,
  SessionRequest,
  SharedSession,
  WalletCapabilities,
  WalletInfo,
} from '@latch/kernel';

export interface FakeConnectorPluginOptions {
  id?: string;
  type?: ConnectorType;
  /** What it says it can serve; absent: anything. */
  namespaces?: readonly ChainNamespace[];
  /** What the wallet approves out of what is asked; default: all. */
  approve?: readonly ChainNamespace[];
  /** Per-namespace wallet capabilities the session declares. */
  capabilities?: Partial<Record<ChainNamespace, WalletCapabilities>>;
  /** The wallet behind the session, as the session reports it for every namespace. */
  walletInfo?: Partial<WalletInfo>;
  /**
   * eip155 account types the session offers (`eoa` at EOA_ADDRESS, `smartAccount` at SMART_ACCOUNT_ADDRESS), the
   * active one first; absent: none (a wallet that is what it is). Enables `setPreferredAccountType`.
   */
  accountTypes?: { active: AccountType; available: readonly AccountType[] };
  smartAccountNetworks?: readonly number[];
  /** An EIP-1193 `request` on every namespace's provider (ERC-7715 permissions and the like). */
  request?(args: { method: string; params?: unknown }): Promise<unknown>;
}

export const EOA_ADDRESS = '0x00000000000000000000000000000000000000e0';
export const SMART_ACCOUNT_ADDRESS = '0x0000000000000000000000000000000000005a5a';

/**
 * A cross-namespace connector plugin: it records what the kernel asks and keeps its "session" in the storage the kernel
 * gives it, so a second instance on the same storage can restore it the way WalletConnect restores a session after a
 * reload. `fail.<method> = error` makes a method throw; `endFromWallet()` plays the wallet ending the session.
 */
export function createFakeConnectorPlugin(options: FakeConnectorPluginOptions = {}) {
  const calls: { method: string; args: unknown[] }[] = [];
  const fail: Partial<Record<'connect' | 'restore' | 'disconnect' | 'setPreferredAccountType', unknown>> = {};
  let context: ConnectorContext | undefined;
  let activeType = options.accountTypes?.active;

  function part(ns: ChainNamespace): SessionNamespace {
    const types =
      ns === 'eip155' && options.accountTypes && activeType ? { active: activeType, available: options.accountTypes.available } : undefined;
    return {
      provider: {
        session: options.id ?? 'shared',
        namespace: ns,
        ...(types ? { address: types.active === 'smartAccount' ? SMART_ACCOUNT_ADDRESS : EOA_ADDRESS } : {}),
        ...(options.request ? { request: options.request } : {}),
      },
      capabilities: options.capabilities?.[ns],
      walletInfo: options.walletInfo,
      ...(types ? { accountTypes: types } : {}),
      ...(types && options.smartAccountNetworks ? { smartAccountNetworks: options.smartAccountNetworks } : {}),
    };
  }

  function session(namespaces: readonly ChainNamespace[]): SharedSession {
    return { namespaces: Object.fromEntries(namespaces.map((ns) => [ns, part(ns)])) };
  }

  const plugin: ConnectorPlugin = {
    id: options.id ?? 'shared',
    name: 'Shared Wallet',
    type: options.type ?? 'WALLET_CONNECT',
    icon: 'data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22/%3E',
    namespaces: options.namespaces,
    setup(ctx) {
      context = ctx;
      calls.push({ method: 'setup', args: [[...ctx.namespaces]] });
      return () => calls.push({ method: 'teardown', args: [] });
    },
    async connect(request: SessionRequest) {
      const asked = Object.keys(request.namespaces);
      calls.push({ method: 'connect', args: [asked, Object.values(request.namespaces).map((list) => list?.[0]?.caipNetworkId)] });
      if (fail.connect) throw fail.connect;
      const granted = asked.filter((ns) => !options.approve || options.approve.includes(ns));
      context?.storage.set('session', granted);
      return session(granted);
    },
    async restore(request: SessionRequest) {
      calls.push({ method: 'restore', args: [Object.keys(request.namespaces)] });
      if (fail.restore) throw fail.restore;
      const stored = context?.storage.get('session');
      return Array.isArray(stored) ? session(stored as ChainNamespace[]) : null;
    },
    ...(options.accountTypes && {
      async setPreferredAccountType(ns: ChainNamespace, type: AccountType) {
        calls.push({ method: 'setPreferredAccountType', args: [ns, type] });
        if (fail.setPreferredAccountType) throw fail.setPreferredAccountType;
        activeType = type;
        return part(ns);
      },
    }),
    async disconnect() {
      calls.push({ method: 'disconnect', args: [] });
      context?.storage.remove('session');
      if (fail.disconnect) throw fail.disconnect;
    },
  };

  return {
    plugin,
    calls,
    fail,
    methods: () => calls.map((c) => c.method),
    context: () => context,
    /** The wallet ends the session on its side (e.g. from the phone). */
    endFromWallet() {
      context?.storage.remove('session');
      context?.emit({ type: 'disconnected' });
    },
  };
}
