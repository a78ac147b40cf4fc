import { describe, expectTypeOf, it } from 'vitest';
import {
  type AdapterCapabilities,
  type CallsStatus,
  type CaipNetwork,
  type CaipNetworkId,
  type ChainAdapter,
  type ChainNamespace,
  type ConnectorPlugin,
  type ConnectResult,
  createModal,
  type KnownNamespace,
  type ModalInstance,
  type ModalOptions,
  type ModalSnapshot,
  type SendCallsResult,
  type SharedSession,
  type WalletCallCapabilities,
} from './index.js';

const near: CaipNetwork = {
  id: 'mainnet',
  name: 'NEAR',
  caipNetworkId: 'near:mainnet',
  chainNamespace: 'near',
  nativeCurrency: { name: 'NEAR', symbol: 'NEAR', decimals: 24 },
  rpcUrls: { default: { http: ['https://rpc.example'] } },
};

describe('createModal', () => {
  it('returns the declared instance type, with no writable store', () => {
    expectTypeOf(createModal).returns.toEqualTypeOf<ModalInstance>();
    expectTypeOf<ModalInstance>().not.toHaveProperty('store');
    expectTypeOf<ModalInstance>().not.toHaveProperty('router');
    expectTypeOf<ModalInstance['getState']>().returns.toEqualTypeOf<ModalSnapshot>();
  });

  it('takes options that reject what it does not know', () => {
    expectTypeOf(createModal).parameter(0).toEqualTypeOf<ModalOptions>();
    // @ts-expect-error 'swap' is not a §6 feature (it is 'swaps')
    createModal({ networks: [near], features: { swap: false } });
    // @ts-expect-error networks are required
    createModal({});
  });

  it('types event payloads and capabilities per name', () => {
    const modal = createModal({ networks: [near] });
    modal.on('CONNECT_SUCCESS', (payload) => {
      expectTypeOf(payload.address).toEqualTypeOf<string>();
      expectTypeOf(payload.namespace).toEqualTypeOf<ChainNamespace>();
    });
    // @ts-expect-error not an event
    modal.on('CONNECTED', () => undefined);
    expectTypeOf(modal.getCapability('near', 'balance')).toEqualTypeOf<AdapterCapabilities['balance'] | undefined>();
    // @ts-expect-error not a capability name
    modal.getCapability('near', 'teleport');
    expectTypeOf(modal.connect('w')).resolves.toEqualTypeOf<ConnectResult>();
    expectTypeOf(modal.signMessage('hi', { namespace: 'near' })).resolves.toEqualTypeOf<string>();
  });

  it('opens only at a view that exists: built in, or declared by a plugin package', () => {
    const modal = createModal({ networks: [near] });
    void modal.open({ view: 'WalletSend' });
    // @ts-expect-error not a view
    void modal.open({ view: 'Nope' });
  });
});

describe('namespaces', () => {
  it('are open strings that still autocomplete the known five', () => {
    expectTypeOf<'near'>().toExtend<ChainNamespace>();
    expectTypeOf<KnownNamespace>().toEqualTypeOf<'eip155' | 'solana' | 'polkadot' | 'bip122' | 'cosmos'>();
    expectTypeOf<'near:mainnet'>().toExtend<CaipNetworkId>();
    expectTypeOf<'mainnet'>().not.toExtend<CaipNetworkId>();
  });
});

describe('plugin contracts', () => {
  it('a chain adapter needs only its few members; the rest are optional', () => {
    const adapter = {
      namespace: 'near',
      watchConnectors: () => () => undefined,
      connect: async () => ({ address: 'alice.near', caipNetworkId: 'near:mainnet' }),
      disconnect: async () => undefined,
      isAddress: (address: string) => address.endsWith('.near'),
    } satisfies ChainAdapter;
    expectTypeOf(adapter).toExtend<ChainAdapter>();
    // @ts-expect-error connect is required
    const incomplete: ChainAdapter = {
      namespace: 'near',
      watchConnectors: () => () => undefined,
      disconnect: async () => undefined,
      isAddress: () => true,
    };
    void incomplete;
    expectTypeOf<NonNullable<ChainAdapter['reconnect']>>().parameter(1).toHaveProperty('connector');
  });

  it('a connector plugin hands each namespace a provider, and may withhold a capability', () => {
    const session: SharedSession = { namespaces: { eip155: { provider: {} }, near: { provider: {}, capabilities: { send: false } } } };
    const plugin = {
      id: 'wc',
      name: 'WalletConnect',
      type: 'WALLET_CONNECT',
      connect: async () => session,
      disconnect: async () => undefined,
    } satisfies ConnectorPlugin;
    expectTypeOf(plugin).toExtend<ConnectorPlugin>();
    // @ts-expect-error a connector type from §3 only
    const wrongType: ConnectorPlugin = { ...plugin, type: 'PHONE' };
    void wrongType;
    createModal({ networks: [near], connectors: [plugin] });
  });

  it('call bundles: calls take bigint values, resolve an id; the status and capabilities are typed', () => {
    const modal = createModal({ networks: [near] });
    expectTypeOf(
      modal.sendCalls({ calls: [{ to: '0x00', data: '0x', value: 1n }], atomicRequired: true }),
    ).resolves.toEqualTypeOf<SendCallsResult>();
    expectTypeOf(modal.getCallsStatus('id')).resolves.toEqualTypeOf<CallsStatus>();
    expectTypeOf(modal.getCapabilities()).resolves.toEqualTypeOf<WalletCallCapabilities>();
    expectTypeOf<CallsStatus['status']>().toEqualTypeOf<number>();
    // @ts-expect-error a value is a bigint in the smallest unit, not a hex string
    void modal.sendCalls({ calls: [{ to: '0x00', value: '0x1' }] });
    // @ts-expect-error calls are required
    void modal.sendCalls({ atomicRequired: true });
    expectTypeOf<AdapterCapabilities['calls']>().not.toBeUndefined();
  });

  it('a connector plugin may offer account types and switch them', () => {
    const session: SharedSession = {
      namespaces: {
        eip155: { provider: {}, accountTypes: { active: 'smartAccount', available: ['eoa', 'smartAccount'] }, smartAccountNetworks: [1] },
      },
    };
    expectTypeOf<NonNullable<ConnectorPlugin['setPreferredAccountType']>>().returns.resolves.toHaveProperty('provider');
    void session;
  });
});
