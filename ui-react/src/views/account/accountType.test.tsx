import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  base,
  connector,
  createFakeAdapter,
  mainnet,
  createFakeConnectorPlugin,
  EOA_ADDRESS,
  type FakeConnectorPluginOptions,
  SMART_ACCOUNT_ADDRESS,
} from '@latch/testkit/kernel';
import { createModal } from '../../createModal.js';
import { cleanupModals, openModal, track } from '../../test-support/renderModal.js';

afterEach(async () => {
  await cleanupModals();
});

const BOTH = { active: 'eoa', available: ['eoa', 'smartAccount'] } as const;
const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`;

async function openAccount(pluginOptions: FakeConnectorPluginOptions, connectorId = 'embedded') {
  const evm = createFakeAdapter({ namespace: 'eip155', connectors: [connector('ext', 'eip155')] });
  const shared = createFakeConnectorPlugin({ id: 'embedded', type: 'AUTH', ...pluginOptions });
  const modal = track(createModal({ networks: [mainnet, base], adapters: [evm.adapter], connectors: [shared.plugin], storage: null }));
  return { modal, evm, shared, connectorId };
}

async function show(made: Awaited<ReturnType<typeof openAccount>>) {
  await made.modal.connect(made.connectorId);
  const screen = await openModal(made.modal, { view: 'Account' });
  await screen.ui.findByTestId('latch-account');
  return { ...made, ...screen };
}

describe('Account view: account type', () => {
  it('shows the type in use as a pressed button of a labelled group, and switches from the keyboard (focus stays)', async () => {
    const { ui, shared } = await show(await openAccount({ accountTypes: BOTH }));
    const group = await ui.findByRole('group', { name: 'Account type' });
    const smart = ui.getByRole('button', { name: 'Smart account' });
    const eoa = ui.getByRole('button', { name: 'Standard (EOA)' });
    expect(group.contains(smart) && group.contains(eoa)).toBe(true);
    expect(smart.getAttribute('aria-pressed')).toBe('true');
    expect(eoa.getAttribute('aria-pressed')).toBe('false');
    expect(ui.getByTestId('latch-account-name').textContent).toBe(short(SMART_ACCOUNT_ADDRESS));

    eoa.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(ui.getByTestId('latch-account-name').textContent).toBe(short(EOA_ADDRESS)));
    expect(ui.getByRole('button', { name: 'Standard (EOA)' }).getAttribute('aria-pressed')).toBe('true');
    expect(ui.getByRole('button', { name: 'Smart account' }).getAttribute('aria-pressed')).toBe('false');
    expect(shared.calls.at(-1)).toEqual({ method: 'setPreferredAccountType', args: ['eip155', 'eoa'] });
    expect((eoa.getRootNode() as ShadowRoot).activeElement).toBe(ui.getByRole('button', { name: 'Standard (EOA)' }));
  });

  it('a failed switch shows the fallback snack and keeps the account', async () => {
    const made = await openAccount({ accountTypes: BOTH });
    const { ui, shared } = await show(made);
    await userEvent.click(ui.getByRole('button', { name: 'Standard (EOA)' }));
    await waitFor(() => expect(ui.getByTestId('latch-account-name').textContent).toBe(short(EOA_ADDRESS)));
    shared.fail.setPreferredAccountType = new Error('bundler unreachable');
    await userEvent.click(ui.getByRole('button', { name: 'Smart account' }));
    const snack = await ui.findByTestId('latch-snackbar');
    expect(snack.textContent).toBe('Smart account unavailable: using your standard account (EOA)');
    expect(ui.getByTestId('latch-account-name').textContent).toBe(short(EOA_ADDRESS));
  });

  it('a network without smart-account support offers only the standard account, and says why', async () => {
    const { ui } = await show(await openAccount({ accountTypes: BOTH, smartAccountNetworks: [8453] }));
    expect(ui.queryByRole('button', { name: 'Smart account' })).toBeNull();
    expect(ui.getByRole('button', { name: 'Standard (EOA)' }).getAttribute('aria-pressed')).toBe('true');
    expect(ui.getByTestId('latch-account-type').textContent).toContain('Smart accounts are not available on eip155 1.');
  });

  it('a wallet with one account type gets no switch; one reporting atomic support is labelled a smart account', async () => {
    const plain = await show(await openAccount({}, 'ext'));
    expect(plain.ui.queryByTestId('latch-account-type')).toBeNull();
    await cleanupModals();

    const made = await openAccount({}, 'ext');
    made.evm.adapter.capabilities!.calls = {
      getCapabilities: async () => ({ '0x1': { atomic: { status: 'supported' } } }),
      sendCalls: async () => ({ id: 'x' }),
      getCallsStatus: async () => ({ version: '2.0.0', id: 'x', chainId: '0x1', status: 200, atomic: true }),
    };
    const { ui } = await show(made);
    expect((await ui.findByTestId('latch-account-type')).textContent).toBe('Smart account');
    expect(ui.queryByRole('group', { name: 'Account type' })).toBeNull();
  });
});
