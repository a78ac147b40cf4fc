import { describe, expect, it, vi } from 'vitest';
import { createModal } from '../createModal.js';
import type { LatchError } from '../primitives.js';
import type { ModalOptions } from '../options.js';
import {
  connector,
  createFakeAdapter,
  createTestStorage,
  mainnet,
  network,
  solanaMainnet,
  createFakeConnectorPlugin,
  type FakeConnectorPluginOptions,
} from '@latch/testkit/kernel';

const near = network('near', 'mainnet');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Three namespaces (one the kernel has never heard of), an extension on eip155, and one shared-session wallet. */
function setup(pluginOptions: FakeConnectorPluginOptions = {}, extra: Partial<ModalOptions> = {}, storage = createTestStorage()) {
  const evm = createFakeAdapter({ namespace: 'eip155', connectors: [connector('ext', 'eip155')] });
  const sol = createFakeAdapter({ namespace: 'solana' });
  const nearAdapter = createFakeAdapter({ namespace: 'near', address: 'alice.near', balance: '3' });
  const shared = createFakeConnectorPlugin(pluginOptions);
  const modal = createModal({
    networks: [mainnet, solanaMainnet, near],
    adapters: [evm.adapter, sol.adapter, nearAdapter.adapter],
    connectors: [shared.plugin],
    storage,
    ...extra,
  });
  const events: string[] = [];
  for (const name of ['CONNECT_SUCCESS', 'CONNECT_ERROR', 'DISCONNECT_SUCCESS', 'MODAL_CLOSE'] as const)
    modal.on(name, () => events.push(name));
  return { modal, evm, sol, nearAdapter, shared, storage, events };
}

describe('connector plugins: one session, several namespaces', () => {
  it('are listed once, with the namespaces they would serve here', () => {
    const { modal } = setup({ namespaces: ['eip155', 'near', 'cosmos'] });
    const entry = modal.getState().connectors.find((c) => c.id === 'shared');
    expect(entry).toMatchObject({ name: 'Shared Wallet', type: 'WALLET_CONNECT', chain: 'eip155', chains: ['eip155', 'near'] });
    expect(modal.getState().connectors.map((c) => c.id)).toEqual(['shared', 'ext']);
  });

  it('connect opens one session and connects every namespace through its own adapter', async () => {
    const { modal, evm, sol, nearAdapter, shared, events, storage } = setup();
    await modal.open();
    const result = await modal.connect('shared');
    expect(shared.calls.find((c) => c.method === 'connect')?.args).toEqual([
      ['eip155', 'solana', 'near'],
      ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'near:mainnet'],
    ]);
    expect(result.caipNetworkId).toBe('eip155:1');
    for (const [ns, fake] of [
      ['eip155', evm],
      ['solana', sol],
      ['near', nearAdapter],
    ] as const) {
      expect(fake.calls.find((c) => c.method === 'connect')?.args[0]).toBe('shared');
      const account = modal.getState().accounts[ns];
      expect(account?.status).toBe('connected');
      // The adapter drove the provider the session handed over for its namespace.
      expect(account?.connector).toMatchObject({ id: 'shared', chain: ns, provider: { session: 'shared', namespace: ns } });
      expect(storage.map.get(`@latch/${ns}:connected_connector_id`)).toBe('"shared"');
    }
    expect(events.filter((e) => e === 'CONNECT_SUCCESS')).toHaveLength(3);
    expect(events.filter((e) => e === 'MODAL_CLOSE')).toHaveLength(1);
    await settle();
    expect(modal.getState().accounts.near?.balance).toBe('3');
  });

  it('connects only what the plugin serves and the wallet approves', async () => {
    const { modal, sol } = setup({ namespaces: ['eip155', 'solana'], approve: ['solana'] });
    await modal.connect('shared');
    expect(modal.getState().accounts.solana?.status).toBe('connected');
    expect(modal.getState().accounts.eip155?.status).not.toBe('connected');
    expect(modal.getState().accounts.near?.status).not.toBe('connected');
    expect(modal.getState().activeNamespace).toBe('solana');
    expect(sol.methods()).toContain('connect');
  });

  it('a declined session leaves the visitor disconnected and can be retried', async () => {
    const { modal, shared, events, storage } = setup();
    shared.fail.connect = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    const errors: LatchError[] = [];
    modal.on('CONNECT_ERROR', ({ error }) => errors.push(error));
    await expect(modal.connect('shared')).rejects.toMatchObject({ code: 4001, category: 'CONNECTOR_ERROR' });
    expect(modal.getState().status).toBe('disconnected');
    expect(errors.length).toBeGreaterThan(0);
    expect(events).not.toContain('CONNECT_SUCCESS');
    expect([...storage.map.keys()].some((k) => k.endsWith('connected_connector_id'))).toBe(false);
    delete shared.fail.connect;
    await modal.connect('shared');
    expect(modal.getState().status).toBe('connected');
  });

  it('keeps the namespaces whose adapter connected; ends the session when none did', async () => {
    const partial = setup();
    partial.sol.fail.connect = new Error('no solana here');
    await partial.modal.connect('shared');
    expect(partial.modal.getState().accounts.eip155?.status).toBe('connected');
    expect(partial.modal.getState().accounts.solana?.status).not.toBe('connected');

    const none = setup();
    for (const fake of [none.evm, none.sol, none.nearAdapter]) fake.fail.connect = new Error('adapter refused');
    await expect(none.modal.connect('shared')).rejects.toThrow('adapter refused');
    expect(none.shared.methods()).toContain('disconnect');
    expect(none.modal.getState().status).toBe('disconnected');
  });

  it('§4: disconnecting one namespace ends the session for every namespace it served, once', async () => {
    const { modal, evm, sol, nearAdapter, shared } = setup();
    await modal.connect('shared');
    const done: string[][] = [];
    modal.on('DISCONNECT_SUCCESS', ({ namespaces }) => done.push([...namespaces]));
    await modal.disconnect('near');
    expect(done).toEqual([['near', 'eip155', 'solana']]);
    for (const fake of [evm, sol, nearAdapter]) expect(fake.methods()).toContain('disconnect');
    expect(shared.methods().filter((m) => m === 'disconnect')).toHaveLength(1);
    expect(modal.getState().status).toBe('disconnected');
  });

  it('leaves an extension wallet on another namespace connected', async () => {
    const { modal, shared } = setup({ namespaces: ['solana', 'near'] });
    await modal.connect('ext');
    await modal.connect('shared');
    await modal.disconnect('solana');
    expect(shared.methods()).toContain('disconnect');
    expect(modal.getState().accounts.eip155?.status).toBe('connected');
    expect(modal.getState().accounts.near?.status).not.toBe('connected');
    expect(modal.getState().status).toBe('connected');
  });

  it('follows the wallet ending the session on its side', async () => {
    const { modal, evm, shared } = setup();
    await modal.connect('shared');
    const done: string[][] = [];
    modal.on('DISCONNECT_SUCCESS', ({ namespaces }) => done.push([...namespaces]));
    shared.endFromWallet();
    await settle();
    expect(done).toEqual([['eip155', 'solana', 'near']]);
    expect(evm.methods()).toContain('disconnect');
    expect(shared.methods()).not.toContain('disconnect');
    expect(modal.getState().status).toBe('disconnected');
  });

  it('takes the whole session down when one of its namespaces reports the wallet gone', async () => {
    const { modal, evm, nearAdapter, shared } = setup();
    await modal.connect('shared');
    const done: string[][] = [];
    modal.on('DISCONNECT_SUCCESS', ({ namespaces }) => done.push([...namespaces]));
    nearAdapter.emit({ type: 'disconnected' });
    await settle();
    expect(done).toEqual([['near', 'eip155', 'solana']]);
    expect(evm.methods()).toContain('disconnect');
    expect(shared.methods().filter((m) => m === 'disconnect')).toHaveLength(1);
    expect(modal.getState().status).toBe('disconnected');
  });

  it('ends once when every namespace and the session itself report the end at the same moment', async () => {
    const { modal, evm, sol, nearAdapter, shared } = setup();
    await modal.connect('shared');
    const done: string[][] = [];
    modal.on('DISCONNECT_SUCCESS', ({ namespaces }) => done.push([...namespaces]));
    for (const fake of [evm, sol, nearAdapter]) fake.emit({ type: 'disconnected' });
    shared.endFromWallet();
    await settle();
    await settle();
    expect(done).toHaveLength(1);
    expect([...(done[0] ?? [])].sort()).toEqual(['eip155', 'near', 'solana']);
    expect(evm.methods().filter((m) => m === 'disconnect')).toHaveLength(1);
    expect(modal.getState().status).toBe('disconnected');
  });

  it('restores the session silently after a reload, once for all its namespaces', async () => {
    const storage = createTestStorage();
    const first = setup({}, {}, storage);
    await first.modal.connect('shared');
    first.modal.destroy();

    const reloaded = setup({}, {}, storage);
    expect(reloaded.modal.getState().status).toBe('connecting');
    await reloaded.modal.reconnect();
    expect(reloaded.shared.methods().filter((m) => m === 'restore')).toHaveLength(1);
    expect(reloaded.shared.methods()).not.toContain('connect');
    for (const ns of ['eip155', 'solana', 'near']) {
      expect(reloaded.modal.getState().accounts[ns]).toMatchObject({ status: 'connected', connector: { id: 'shared', chain: ns } });
    }
    // Each adapter restored on the connector the kernel handed it, not one it looked up.
    expect(reloaded.nearAdapter.calls.find((c) => c.method === 'reconnect')?.args[0]).toBe('shared');
    expect(reloaded.modal.getState().status).toBe('connected');

    // The restored session is a shared session like the first: one disconnect ends it all.
    await reloaded.modal.disconnect('eip155');
    expect(reloaded.shared.methods()).toContain('disconnect');
    expect(reloaded.modal.getState().status).toBe('disconnected');
  });

  describe('the active namespace after the session connects several (not the last one connected)', () => {
    it("stays the default network's when the session connected it", async () => {
      const { modal, shared } = setup();
      await modal.connect('shared');
      // The plugin connected eip155, solana, then near; the first configured network is eip155's.
      expect(shared.calls.find((c) => c.method === 'connect')?.args[0]).toEqual(['eip155', 'solana', 'near']);
      expect(modal.getState().activeNamespace).toBe('eip155');
      expect(modal.getState().account).toMatchObject({ status: 'connected', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' });
      expect(modal.getState().activeNetwork?.caipNetworkId).toBe('eip155:1');
    });

    it('stays the one the visitor switched to before connecting', async () => {
      const { modal, storage } = setup();
      await modal.switchNetwork(solanaMainnet);
      await modal.connect('shared');
      expect(modal.getState().activeNamespace).toBe('solana');
      expect(storage.map.get('@latch/active_namespace')).toBe('"solana"');
    });

    it("is the default network's when the wallet did not approve the one active before", async () => {
      const { modal } = setup({ approve: ['eip155', 'near'] });
      await modal.switchNetwork(solanaMainnet);
      await modal.connect('shared');
      expect(modal.getState().activeNamespace).toBe('eip155');
    });

    it('is the one stored before a reload when the session comes back', async () => {
      const storage = createTestStorage();
      const first = setup({}, {}, storage);
      await first.modal.connect('shared');
      await first.modal.switchNetwork(solanaMainnet);
      first.modal.destroy();
      const reloaded = setup({}, {}, storage);
      await reloaded.modal.reconnect();
      // Restored in the session's order (eip155, solana, near): the one stored as active stays.
      expect(reloaded.modal.getState().activeNamespace).toBe('solana');
      expect(reloaded.modal.getState().account).toMatchObject({
        status: 'connected',
        address: 'So11111111111111111111111111111111111111112',
      });
    });
  });

  it('forgets the stored namespaces when the session did not survive', async () => {
    const storage = createTestStorage();
    const first = setup({}, {}, storage);
    await first.modal.connect('shared');
    first.shared.context()?.storage.remove('session');
    first.modal.destroy();

    const reloaded = setup({}, {}, storage);
    await reloaded.modal.reconnect();
    expect(reloaded.modal.getState().status).toBe('disconnected');
    expect([...storage.map.keys()].some((k) => k.endsWith('connected_connector_id'))).toBe(false);
  });

  it("a wallet's own capabilities replace or withhold the adapter's", async () => {
    const signMessage = vi.fn(async () => 'signed-by-the-wallet');
    const { modal, sol } = setup({ capabilities: { solana: { balance: false }, near: { signMessage: { signMessage } } } });
    await modal.connect('shared');
    await settle();
    expect(modal.getCapability('solana', 'balance')).toBeUndefined();
    expect(modal.getState().accounts.solana?.balance).toBeUndefined();
    expect(sol.methods()).not.toContain('getBalance');
    expect(modal.getCapability('eip155', 'balance')).toBeDefined();
    await expect(modal.signMessage('hello', { namespace: 'near' })).resolves.toBe('signed-by-the-wallet');
    expect(signMessage).toHaveBeenCalledWith(expect.objectContaining({ message: 'hello', address: 'alice.near' }));
  });

  it("§3 connectedWalletInfo names the session's wallet (and the social provider) when the plugin reports one", async () => {
    const plain = setup();
    await plain.modal.connect('shared');
    expect(plain.modal.getState().accounts.solana?.connectedWalletInfo).toEqual({
      name: 'Shared Wallet',
      icon: expect.stringMatching(/^data:/),
      identifier: 'shared',
    });
    expect(plain.modal.getState().accounts.solana?.socialProvider).toBeUndefined();

    const social = setup({ walletInfo: { name: 'GitHub', social: 'github' } });
    await social.modal.connect('shared');
    for (const ns of ['eip155', 'solana', 'near']) {
      const account = social.modal.getState().accounts[ns];
      expect(account?.connectedWalletInfo).toEqual({
        name: 'GitHub',
        icon: expect.stringMatching(/^data:/),
        identifier: 'shared',
        social: 'github',
      });
      expect(account?.socialProvider).toBe('github');
    }
  });

  it('gives each plugin storage private to it and to its instance', async () => {
    const storage = createTestStorage();
    const a = setup({}, {}, storage);
    const b = setup({}, {}, storage);
    a.shared.context()?.storage.set('k', { v: 1 });
    expect(b.shared.context()?.storage.get('k')).toBeUndefined();
    expect(storage.map.get('@latch/connector:shared:k')).toBe('{"v":1}');
    expect(storage.map.get('@latch/2/connector:shared:k')).toBeUndefined();
    storage.map.set('@latch/connector:shared:bad', '{not json');
    expect(a.shared.context()?.storage.get('bad')).toBeUndefined();
  });

  it("hands the modal's metadata option to each plugin (what a WalletConnect wallet shows about the app)", () => {
    const metadata = { name: 'Shop', description: 'A shop', url: 'https://shop.example', icons: ['https://shop.example/i.png'] };
    expect(setup({}, { metadata }).shared.context()?.metadata).toEqual(metadata);
    expect(setup().shared.context()?.metadata).toBeUndefined();
  });

  it('sees networks added after setup', () => {
    const { modal, shared, nearAdapter } = setup();
    const testnet = network('near', 'testnet', { testnet: true });
    expect(modal.addNetwork('near', testnet)).toBe(true);
    expect(
      shared
        .context()
        ?.networks('near')
        .map((n) => n.caipNetworkId),
    ).toEqual(['near:mainnet', 'near:testnet']);
    expect(nearAdapter.networks()).toEqual(['near:mainnet', 'near:testnet']);
  });
});
