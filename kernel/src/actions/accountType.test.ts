import { describe, expect, it } from 'vitest';
import { createModal } from '../createModal.js';
import type { ModalOptions } from '../options.js';
import {
  connector,
  createFakeAdapter,
  createTestStorage,
  mainnet,
  base,
  createFakeConnectorPlugin,
  EOA_ADDRESS,
  type FakeConnectorPluginOptions,
  SMART_ACCOUNT_ADDRESS,
} from '@latch/testkit/kernel';
import { ACCOUNT_TYPE_FALLBACK_MESSAGE, SMART_ACCOUNT_NETWORK_MESSAGE } from './accountType.js';

const BOTH = { active: 'eoa', available: ['eoa', 'smartAccount'] } as const;

/** An embedded-wallet-like session on eip155 that offers both account types, plus an extension wallet. */
function setup(
  pluginOptions: FakeConnectorPluginOptions = { accountTypes: BOTH },
  extra: Partial<ModalOptions> = {},
  storage = createTestStorage(),
) {
  const evm = createFakeAdapter({ namespace: 'eip155', connectors: [connector('ext', 'eip155')] });
  const shared = createFakeConnectorPlugin({ id: 'embedded', type: 'AUTH', ...pluginOptions });
  const modal = createModal({ networks: [mainnet, base], adapters: [evm.adapter], connectors: [shared.plugin], storage, ...extra });
  const loading: boolean[] = [];
  modal.subscribe((state) => {
    if (loading.at(-1) !== state.loading) loading.push(state.loading);
  });
  const errors: string[] = [];
  modal.on('ERROR', ({ event }) => errors.push(event));
  return { modal, evm, shared, storage, loading, errors };
}

const account = (modal: ReturnType<typeof createModal>) => modal.getState().accounts.eip155;
const storedTypes = (storage: ReturnType<typeof createTestStorage>) =>
  JSON.parse(storage.map.get('@latch/preferred_account_types') ?? 'null');

describe('account types on a session that offers both', () => {
  it('starts on the spec default for eip155 (smartAccount): the session is switched and the account says so', async () => {
    const { modal, shared } = setup();
    await modal.connect('embedded');
    expect(shared.calls.filter((c) => c.method === 'setPreferredAccountType').map((c) => c.args)).toEqual([['eip155', 'smartAccount']]);
    expect(account(modal)).toMatchObject({
      address: SMART_ACCOUNT_ADDRESS,
      preferredAccountType: 'smartAccount',
      allAccounts: [{ address: SMART_ACCOUNT_ADDRESS, type: 'smartAccount' }],
    });
  });

  it("starts on the integrator's defaultAccountTypes instead", async () => {
    const { modal, shared } = setup({ accountTypes: BOTH }, { defaultAccountTypes: { eip155: 'eoa' } });
    await modal.connect('embedded');
    expect(shared.methods()).not.toContain('setPreferredAccountType');
    expect(account(modal)).toMatchObject({
      address: EOA_ADDRESS,
      preferredAccountType: 'eoa',
      allAccounts: [{ address: EOA_ADDRESS, type: 'eoa' }],
    });
  });

  it('the change sets loading, asks the plugin, stores the choice, reconnects on the other address, unsets loading', async () => {
    const { modal, shared, storage, loading } = setup();
    await modal.connect('embedded');
    loading.length = 0;
    await modal.setPreferredAccountType('eoa');
    expect(shared.calls.at(-1)).toEqual({ method: 'setPreferredAccountType', args: ['eip155', 'eoa'] });
    expect(loading).toEqual([true, false]);
    expect(storedTypes(storage)).toEqual({ eip155: 'eoa' });
    expect(account(modal)).toMatchObject({ address: EOA_ADDRESS, preferredAccountType: 'eoa', caipAddress: `eip155:1:${EOA_ADDRESS}` });
  });

  it('a stored choice wins over the default on the next visit (a restored session is switched to it)', async () => {
    const storage = createTestStorage();
    const first = setup({ accountTypes: BOTH }, {}, storage);
    await first.modal.connect('embedded');
    await first.modal.setPreferredAccountType('eoa');
    first.modal.destroy();
    // The wallet kept the smart account as its own default: the stored choice switches it back.
    const second = setup({ accountTypes: { active: 'smartAccount', available: BOTH.available } }, {}, storage);
    await second.modal.reconnect();
    expect(second.shared.calls.filter((c) => c.method === 'setPreferredAccountType').map((c) => c.args)).toEqual([['eip155', 'eoa']]);
    expect(account(second.modal)).toMatchObject({ address: EOA_ADDRESS, preferredAccountType: 'eoa' });
  });

  it('a failed change falls back to eoa: stored, a snack says so, the session keeps its account, loading unset', async () => {
    const { modal, shared, storage, loading, errors } = setup({ accountTypes: BOTH }, { defaultAccountTypes: { eip155: 'eoa' } });
    await modal.connect('embedded');
    shared.fail.setPreferredAccountType = new Error('bundler unreachable');
    loading.length = 0;
    await modal.setPreferredAccountType('smartAccount');
    expect(modal.getState().snack).toMatchObject({ open: true, message: ACCOUNT_TYPE_FALLBACK_MESSAGE, variant: 'error' });
    expect(storedTypes(storage)).toEqual({ eip155: 'eoa' });
    expect(account(modal)).toMatchObject({ address: EOA_ADDRESS, preferredAccountType: 'eoa' });
    expect(loading).toEqual([true, false]);
    expect(errors).toContain('SET_PREFERRED_ACCOUNT_TYPE_ERROR');
  });

  it('a network without smart-account support: not switched at connect, and the change falls back to eoa with a snack', async () => {
    const { modal, shared, storage } = setup({ accountTypes: BOTH, smartAccountNetworks: [8453] });
    await modal.connect('embedded'); // on eip155:1, which is not listed
    expect(shared.methods()).not.toContain('setPreferredAccountType');
    expect(modal.getState().networks.eip155?.smartAccountEnabledNetworks).toEqual([8453]);
    await modal.setPreferredAccountType('smartAccount');
    expect(shared.methods()).not.toContain('setPreferredAccountType');
    expect(modal.getState().snack).toMatchObject({ open: true, message: SMART_ACCOUNT_NETWORK_MESSAGE });
    expect(storedTypes(storage)).toEqual({ eip155: 'eoa' });
    expect(account(modal)?.address).toBe(EOA_ADDRESS);
  });

  it('refuses a type the session does not offer, and when nothing is connected', async () => {
    const { modal } = setup();
    await expect(modal.setPreferredAccountType('eoa')).rejects.toThrow('No wallet is connected');
    await modal.connect('embedded');
    await expect(modal.setPreferredAccountType('payment')).rejects.toThrow(
      'This wallet offers no payment account here (only eoa, smartAccount)',
    );
  });
});

describe('the wallet changes the account on its own', () => {
  /** Wallet capabilities as the embedded wallet answers them: atomic only for its smart account's address. */
  function bundlesFor(evm: ReturnType<typeof createFakeAdapter>, asked: string[] = []) {
    evm.adapter.capabilities!.calls = {
      async getCapabilities({ address }) {
        asked.push(address);
        return { '0x1': { atomic: { status: address === SMART_ACCOUNT_ADDRESS ? 'supported' : 'unsupported' } } };
      },
      sendCalls: async () => ({ id: 'x' }),
      getCallsStatus: async () => ({ version: '2.0.0', id: 'x', chainId: '0x1', status: 200, atomic: true }),
    };
    return asked;
  }

  it('a session that offers both moves to its key (a chain without a bundler): the account shows the key and eoa, then the smart account again', async () => {
    const { modal, evm } = setup();
    await modal.connect('embedded');
    expect(account(modal)).toMatchObject({ address: SMART_ACCOUNT_ADDRESS, preferredAccountType: 'smartAccount' });
    const asked = bundlesFor(evm);
    evm.emit({ type: 'accountsChanged', accounts: [{ address: EOA_ADDRESS, type: 'eoa' }] });
    await expect.poll(() => account(modal)?.preferredAccountType).toBe('eoa');
    expect(account(modal)).toMatchObject({ address: EOA_ADDRESS, allAccounts: [{ address: EOA_ADDRESS, type: 'eoa' }] });
    expect(account(modal)?.connector?.accountTypes).toEqual({ active: 'eoa', available: ['eoa', 'smartAccount'] });
    evm.emit({ type: 'accountsChanged', accounts: [{ address: SMART_ACCOUNT_ADDRESS, type: 'eoa' }] });
    await expect.poll(() => account(modal)?.preferredAccountType).toBe('smartAccount');
    expect(account(modal)).toMatchObject({
      address: SMART_ACCOUNT_ADDRESS,
      allAccounts: [{ address: SMART_ACCOUNT_ADDRESS, type: 'smartAccount' }],
    });
    expect(account(modal)?.connector?.accountTypes?.active).toBe('smartAccount');
    expect(asked).toEqual([EOA_ADDRESS, SMART_ACCOUNT_ADDRESS]);
    // The followed session still switches on the visitor's word.
    await modal.setPreferredAccountType('eoa');
    expect(account(modal)).toMatchObject({ address: EOA_ADDRESS, preferredAccountType: 'eoa' });
  });

  it('an extension wallet that moves from its smart account to a plain one is shown as eoa, not the stale type', async () => {
    const evm = createFakeAdapter({ namespace: 'eip155', connectors: [connector('ext', 'eip155')], address: SMART_ACCOUNT_ADDRESS });
    const modal = createModal({ networks: [mainnet, base], adapters: [evm.adapter], storage: createTestStorage() });
    const asked = bundlesFor(evm);
    await modal.connect('ext');
    await expect.poll(() => account(modal)?.allAccounts).toEqual([{ address: SMART_ACCOUNT_ADDRESS, type: 'smartAccount' }]);
    evm.emit({ type: 'accountsChanged', accounts: [{ address: EOA_ADDRESS, type: 'eoa' }] });
    await expect.poll(() => asked).toEqual([SMART_ACCOUNT_ADDRESS, EOA_ADDRESS]);
    expect(account(modal)?.allAccounts).toEqual([{ address: EOA_ADDRESS, type: 'eoa' }]);
    evm.emit({ type: 'accountsChanged', accounts: [{ address: SMART_ACCOUNT_ADDRESS, type: 'eoa' }] });
    await expect.poll(() => account(modal)?.allAccounts).toEqual([{ address: SMART_ACCOUNT_ADDRESS, type: 'smartAccount' }]);
  });
});

describe('wallets with one account type are never switched', () => {
  it('a shared session without account types: refused, nothing asked', async () => {
    const { modal, shared } = setup({});
    await modal.connect('embedded');
    await expect(modal.setPreferredAccountType('smartAccount')).rejects.toThrow(
      'This wallet has a single account type: it cannot be switched',
    );
    expect(shared.methods()).not.toContain('setPreferredAccountType');
    expect(account(modal)?.preferredAccountType).toBeUndefined();
  });

  it('an extension wallet is what its EIP-5792 capabilities say: atomic supported makes it a smart account', async () => {
    const { modal, evm } = setup();
    const asked: string[] = [];
    evm.adapter.capabilities!.calls = {
      async getCapabilities({ address }) {
        asked.push(address);
        return { '0x1': { atomic: { status: 'supported' } } };
      },
      sendCalls: async () => ({ id: 'x' }),
      getCallsStatus: async () => ({ version: '2.0.0', id: 'x', chainId: '0x1', status: 200, atomic: true }),
    };
    await modal.connect('ext');
    await expect.poll(() => account(modal)?.allAccounts).toEqual([{ address: evm.address, type: 'smartAccount' }]);
    expect(asked).toEqual([evm.address]);
    await expect(modal.setPreferredAccountType('eoa')).rejects.toThrow('cannot be switched');
  });

  it('an extension wallet without atomic support stays eoa', async () => {
    const { modal, evm } = setup();
    let answered!: () => void;
    const done = new Promise<void>((resolve) => (answered = resolve));
    evm.adapter.capabilities!.calls = {
      async getCapabilities() {
        queueMicrotask(answered);
        return { '0x1': { atomic: { status: 'ready' } } };
      },
      sendCalls: async () => ({ id: 'x' }),
      getCallsStatus: async () => ({ version: '2.0.0', id: 'x', chainId: '0x1', status: 200, atomic: false }),
    };
    await modal.connect('ext');
    await done;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(account(modal)?.allAccounts).toEqual([{ address: evm.address, type: 'eoa' }]);
  });
});

describe('defaultAccountTypes option', () => {
  it('must map namespaces to account type names', () => {
    const evm = createFakeAdapter({ namespace: 'eip155' });
    expect(() =>
      createModal({ networks: [mainnet], adapters: [evm.adapter], storage: null, defaultAccountTypes: { eip155: 5 as unknown as string } }),
    ).toThrow('`defaultAccountTypes` maps namespaces to account type names');
  });
});
