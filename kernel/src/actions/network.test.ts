import { describe, expect, it } from 'vitest';
import { createModal } from '../createModal.js';
import { LatchError } from '../primitives.js';
import { base, connector, createFakeAdapter, mainnet, network, sepolia, solanaMainnet } from '@latch/testkit/kernel';
import { createTestModal } from '../test-support/testModal.js';
import { getInternals } from '../internals.js';

const optimism = network('eip155', '10');

describe('switchNetwork (§4, §5)', () => {
  it('asks the connected wallet, then makes the network active and stores it', async () => {
    const { modal, fake, storage, events } = createTestModal({ networks: [mainnet, base] });
    await modal.connect('w');
    await modal.switchNetwork(base);
    expect(fake.calls.find((c) => c.method === 'switchNetwork')?.args).toEqual(['eip155:8453', 'w']);
    expect(modal.getState().activeNetwork).toBe(base);
    expect(storage.map.get('@latch/active_caip_network_id')).toBe('"eip155:8453"');
    expect(events).toContain('SWITCH_NETWORK');
  });

  it('switches app-side when nothing is connected', async () => {
    const { modal, fake } = createTestModal({ networks: [mainnet, base] });
    await modal.switchNetwork('eip155:8453');
    expect(fake.methods()).not.toContain('switchNetwork');
    expect(modal.getState().activeNetwork).toBe(base);
  });

  it('an unconfigured network raises the Network Not Found alert (once) and an error', async () => {
    const { modal, events } = createTestModal();
    await expect(modal.switchNetwork(optimism)).rejects.toBeInstanceOf(LatchError);
    expect(modal.getState().alerts.current?.title).toBe('Network Not Found');
    await expect(modal.switchNetwork('eip155:10')).rejects.toThrow('Network not found');
    expect(events.filter((e) => e === 'ALERT')).toHaveLength(1);
    expect(modal.getState().activeNetwork).toBe(mainnet);
  });

  it('a wallet that refuses the switch keeps the old network and surfaces its error', async () => {
    const { modal, fake } = createTestModal({ networks: [mainnet, base] });
    await modal.connect('w');
    fake.fail.switchNetwork = { code: 4001, message: 'User rejected the request.' };
    await expect(modal.switchNetwork(base)).rejects.toMatchObject({ code: 4001 });
    expect(modal.getState().activeNetwork).toBe(mainnet);
  });

  it('crossing namespaces marks a namespace switch and resets the send form', async () => {
    const evm = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] });
    const sol = createFakeAdapter({ namespace: 'solana', connectors: [connector('s', 'solana')] });
    const modal = createModal({ networks: [mainnet, solanaMainnet], adapters: [evm.adapter, sol.adapter], storage: null });
    getInternals(modal).store.set((await import('../state/atoms.js')).sendAtom, {
      loading: false,
      tokenBalances: [],
      sendTokenAmount: '1',
      receiverAddress: '0xabc',
    });
    const marks: boolean[] = [];
    modal.subscribe((s) => marks.push(s.isSwitchingNamespace));
    const switches: boolean[] = [];
    modal.on('SWITCH_NETWORK', ({ namespaceSwitch }) => switches.push(namespaceSwitch));
    await modal.switchNetwork(solanaMainnet);
    expect(marks).toContain(true);
    expect(modal.getState().isSwitchingNamespace).toBe(false);
    expect(modal.getState().send).toEqual({ loading: false, tokenBalances: [] });
    expect(modal.getState().activeNamespace).toBe('solana');
    await modal.switchNetwork(solanaMainnet);
    expect(switches).toEqual([true, false]);
  });
});

describe('UnsupportedChain condition (§4)', () => {
  async function walletOnUnrequested(overrides: Parameters<typeof createTestModal>[0]) {
    const { modal } = createTestModal(overrides, { walletNetwork: 'eip155:56' });
    await modal.connect('w');
    return modal.getState();
  }
  it('shows when the network is not requested, switching is on, unsupported not allowed, not basic', async () => {
    expect(await walletOnUnrequested({})).toMatchObject({ open: true, view: 'UnsupportedChain' });
  });
  it('does not show when network switching is disabled', async () => {
    expect((await walletOnUnrequested({ enableNetworkSwitch: false })).open).toBe(false);
  });
  it('does not show when unsupported chains are allowed', async () => {
    expect((await walletOnUnrequested({ allowUnsupportedChain: true })).open).toBe(false);
  });
  it('does not show in basic WalletConnect mode', async () => {
    const state = await walletOnUnrequested({ manualWCControl: true });
    expect(state.open).toBe(false);
    expect(state.networks.eip155?.isUnsupported).toBe(true);
  });
});

describe('adding and removing networks and adapters (§4, §5)', () => {
  it('adding needs an adapter for the namespace, and only adds a new id', () => {
    const { modal } = createTestModal();
    expect(() => modal.addNetwork('solana', solanaMainnet)).toThrow('Adapter not found');
    expect(modal.addNetwork('eip155', base)).toBe(true);
    expect(modal.addNetwork('eip155', { ...base, name: 'Base again' })).toBe(false);
    expect(modal.getState().networks.eip155?.requestedCaipNetworks.map((n) => n.name)).toEqual([mainnet.name, base.name]);
  });

  it('removing needs an adapter; removing the active network switches to the first remaining', async () => {
    const { modal } = createTestModal({ networks: [mainnet, base, sepolia], defaultNetwork: base });
    await expect(modal.removeNetwork('solana', solanaMainnet.caipNetworkId)).rejects.toThrow('Adapter not found');
    expect(await modal.removeNetwork('eip155', mainnet.caipNetworkId)).toBe(true);
    expect(modal.getState().activeNetwork).toBe(base);
    expect(await modal.removeNetwork('eip155', base.caipNetworkId)).toBe(true);
    expect(modal.getState().activeNetwork).toBe(sepolia);
    expect(await modal.removeNetwork('eip155', 'eip155:424242')).toBe(false);
  });

  it("removing the active adapter switches to another chain's first network", async () => {
    const evm = createFakeAdapter({ namespace: 'eip155' });
    const sol = createFakeAdapter({ namespace: 'solana' });
    const modal = createModal({ networks: [mainnet, solanaMainnet], adapters: [evm.adapter, sol.adapter], storage: null });
    expect(modal.getState().activeNamespace).toBe('eip155');
    await modal.removeAdapter('eip155');
    expect(modal.getState().activeNamespace).toBe('solana');
    expect(modal.getState().activeNetwork).toBe(solanaMainnet);
    expect(modal.getState().networks.eip155).toBeUndefined();
  });
});
