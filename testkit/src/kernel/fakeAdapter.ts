import type {
  AdapterCapabilities,
  AdapterContext,
  AdapterEvent,
  CaipNetwork,
  CaipNetworkId,
  ChainAdapter,
  ChainNamespace,
  ConnectResult,
  Connector,
  ConnectorType,
} from '@latch/kernel';

/*
 * An in-memory ChainAdapter: it records what the kernel asks and lets a test play the wallet's side. For tests of what
 * sits on top of an adapter (the kernel, a connector, a feature plugin, a view); an adapter itself is tested against a
 * real wallet and chain with the conformance suite.
 */

/** A CAIP network of `ns` with a placeholder RPC on 127.0.0.1 (nothing listens there) and `extra` on top. */
export function network(ns: ChainNamespace, reference: string, extra: Partial<CaipNetwork> = {}): CaipNetwork {
  return {
    id: reference,
    name: `${ns} ${reference}`,
    caipNetworkId: `${ns}:${reference}` as CaipNetworkId,
    chainNamespace: ns,
    nativeCurrency: { name: 'Coin', symbol: ns === 'solana' ? 'SOL' : 'ETH', decimals: ns === 'solana' ? 9 : 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
    blockExplorers: { default: { name: 'Explorer', url: 'https://explorer.example' } },
    ...extra,
  };
}

export const mainnet = network('eip155', '1');
export const base = network('eip155', '8453');
export const sepolia = network('eip155', '11155111', { testnet: true });
export const solanaMainnet = network('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp');

/** A connector of namespace `ns` named `Wallet <id>`, announced unless `type` says otherwise. */
export function connector(id: string, ns: ChainNamespace, type: ConnectorType = 'ANNOUNCED'): Connector {
  return { id, name: `Wallet ${id}`, type, chain: ns, rdns: `com.${id}` };
}

export interface FakeAdapterOptions {
  namespace: ChainNamespace;
  connectors?: Connector[];
  address?: string;
  /** The network the wallet says it is on after connect; default: the one asked for. */
  walletNetwork?: CaipNetworkId;
  balance?: string;
  identity?: { name?: string; avatar?: string };
  /** Capabilities this adapter does not declare. */
  without?: readonly ('balance' | 'identity')[];
}

/**
 * A fake adapter of one namespace: `adapter` to hand to `createModal`, `calls` (and `methods()`) recording what the
 * kernel asked, `fail.<method> = error` to make a method throw, `emit` to play a wallet event, `announce` to change the
 * connectors it discovers.
 */
export function createFakeAdapter(options: FakeAdapterOptions) {
  const calls: { method: string; args: unknown[] }[] = [];
  let context: AdapterContext | undefined;
  let onConnectors: ((c: readonly Connector[]) => void) | undefined;
  let connectors = options.connectors ?? [];
  const address =
    options.address ??
    (options.namespace === 'solana' ? 'So11111111111111111111111111111111111111112' : '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  const fail: Partial<Record<'connect' | 'disconnect' | 'switchNetwork' | 'reconnect' | 'balance', unknown>> = {};
  let session: string | undefined;
  // A provider that names its address (a fake session's account type) is what the wallet reports.
  const addressOf = (c?: Connector) => {
    const own = (c?.provider as { address?: unknown } | undefined)?.address;
    return typeof own === 'string' ? own : address;
  };
  const result = (network: CaipNetwork, c?: Connector): ConnectResult => ({
    address: addressOf(c),
    caipNetworkId: options.walletNetwork ?? network.caipNetworkId,
  });

  const declared: AdapterCapabilities = {
    balance: {
      async getBalance(addr, net) {
        calls.push({ method: 'getBalance', args: [addr, net.caipNetworkId] });
        if (fail.balance) throw fail.balance;
        return { balance: options.balance ?? '1.5', symbol: net.nativeCurrency.symbol };
      },
    },
    identity: {
      async getIdentity(addr, net) {
        calls.push({ method: 'getIdentity', args: [addr, net.caipNetworkId] });
        return options.identity ?? {};
      },
    },
  };
  for (const name of options.without ?? []) delete declared[name];

  const adapter: ChainAdapter = {
    namespace: options.namespace,
    capabilities: declared,
    setup(ctx) {
      context = ctx;
      calls.push({ method: 'setup', args: [ctx.networks.map((n) => n.caipNetworkId)] });
      return () => calls.push({ method: 'teardown', args: [] });
    },
    watchConnectors(cb) {
      onConnectors = cb;
      cb(connectors);
      return () => {
        onConnectors = undefined;
      };
    },
    async connect(c, { network: net }) {
      calls.push({ method: 'connect', args: [c.id, net.caipNetworkId] });
      if (fail.connect) throw fail.connect;
      session = c.id;
      return result(net, c);
    },
    async reconnect(id, { network: net, connector: given }) {
      calls.push({ method: 'reconnect', args: [id, net.caipNetworkId] });
      if (fail.reconnect) throw fail.reconnect;
      const c = given ?? connectors.find((x) => x.id === id);
      return c ? { connector: c, result: result(net, c) } : null;
    },
    async disconnect(c) {
      calls.push({ method: 'disconnect', args: [c.id] });
      if (fail.disconnect) throw fail.disconnect;
      session = undefined;
    },
    async switchNetwork(net, c) {
      calls.push({ method: 'switchNetwork', args: [net.caipNetworkId, c.id] });
      if (fail.switchNetwork) throw fail.switchNetwork;
    },
    isAddress: (a) => a.length > 0,
  };

  return {
    adapter,
    calls,
    fail,
    address,
    get session() {
      return session;
    },
    methods: () => calls.map((c) => c.method),
    emit: (event: AdapterEvent) => context?.emit(event),
    /** What the adapter's context says the namespace's networks are, now. */
    networks: () => context?.networks.map((n) => n.caipNetworkId),
    announce(next: Connector[]) {
      connectors = next;
      onConnectors?.(next);
    },
  };
}

/** A Web Storage stand-in backed by a Map, with a switch that makes every call throw. */
export function createTestStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  const state = { broken: false };
  const guard = () => {
    if (state.broken) throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  return {
    map,
    state,
    getItem: (k: string) => (guard(), map.get(k) ?? null),
    setItem: (k: string, v: string) => (guard(), void map.set(k, v)),
    removeItem: (k: string) => (guard(), void map.delete(k)),
  };
}
