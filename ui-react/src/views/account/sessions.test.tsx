import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { connector, createFakeAdapter, mainnet, createFakeConnectorPlugin } from '@latch/testkit/kernel';
import { createModal } from '../../createModal.js';
import { cleanupModals, openModal, track } from '../../test-support/renderModal.js';

afterEach(async () => {
  await cleanupModals();
});

const KEY_A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const KEY_B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const session = (signer: string, context: string) => ({ permissionsContext: context, signer, expiry: 1_900_000_000 });

/** An embedded-like wallet (both account types, smart active) whose provider lists sessions and revokes them. */
async function show(options: { smartSessions: boolean; type?: 'smartAccount' | 'eoa'; failRevoke?: boolean }) {
  let live = [session(KEY_A, '0xa1'), session(KEY_B, '0xb2')];
  const asked: string[] = [];
  const shared = createFakeConnectorPlugin({
    id: 'embedded',
    type: 'AUTH',
    accountTypes: { active: options.type ?? 'smartAccount', available: ['eoa', 'smartAccount'] },
    async request({ method, params }) {
      asked.push(method);
      if (method === 'latch_getPermissions') return live;
      if (method === 'wallet_revokePermissions') {
        if (options.failRevoke) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
        const { permissionsContext } = (params as [{ permissionsContext: string }])[0];
        live = live.filter((entry) => entry.permissionsContext !== permissionsContext);
        return null;
      }
      throw new Error(`unexpected ${method}`);
    },
  });
  const evm = createFakeAdapter({ namespace: 'eip155', connectors: [connector('ext', 'eip155')] });
  const modal = track(
    createModal({
      networks: [mainnet],
      adapters: [evm.adapter],
      connectors: [shared.plugin],
      storage: null,
      features: { smartSessions: options.smartSessions },
      defaultAccountTypes: { eip155: options.type ?? 'smartAccount' },
    }),
  );
  await modal.connect('embedded');
  const screen = await openModal(modal, { view: 'Account' });
  await screen.ui.findByTestId('latch-account');
  return { ...screen, asked };
}

describe('Account view: smart sessions', () => {
  it('lists each session (key, expiry) under a labelled heading; Revoke asks the wallet, removes it and keeps focus in the list', async () => {
    const { ui, asked } = await show({ smartSessions: true });
    const list = await ui.findByRole('region', { name: 'Sessions this site holds' });
    expect(list.textContent).toContain('Key 0x70…dc79C8');
    expect(list.textContent).toContain('Key 0x3C…4293BC');
    const revokeA = ui.getByRole('button', { name: new RegExp(`^Revoke the session of key ${KEY_A} \\(until .+\\)$`) });
    revokeA.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(ui.queryByRole('button', { name: new RegExp(`key ${KEY_A}`) })).toBeNull());
    expect(ui.getByRole('button', { name: new RegExp(`key ${KEY_B}`) })).toBeTruthy();
    expect((await ui.findByTestId('latch-snackbar')).textContent).toBe('Session revoked');
    const heading = ui.getByRole('heading', { name: 'Sessions this site holds' });
    expect((heading.getRootNode() as ShadowRoot).activeElement).toBe(heading);
    expect(asked).toEqual(['latch_getPermissions', 'wallet_revokePermissions', 'latch_getPermissions']);
  });

  it('a refused revoke keeps the session and says so', async () => {
    const { ui } = await show({ smartSessions: true, failRevoke: true });
    await userEvent.click(await ui.findByRole('button', { name: new RegExp(`key ${KEY_A}`) }));
    expect((await ui.findByTestId('latch-snackbar')).textContent).toBe('The session was not revoked');
    expect(ui.getByRole('button', { name: new RegExp(`key ${KEY_A}`) })).toBeTruthy();
  });

  it('nothing is listed (and the wallet is not asked) with the feature off or on the standard account; the smart account lists them', async () => {
    const off = await show({ smartSessions: false });
    // Round trips through the switch (each waited for on screen) give a list that would load the time to show.
    await userEvent.click(await off.ui.findByRole('button', { name: 'Standard (EOA)' }));
    await waitFor(() => expect(off.ui.getByRole('button', { name: 'Standard (EOA)' }).getAttribute('aria-pressed')).toBe('true'));
    await userEvent.click(off.ui.getByRole('button', { name: 'Smart account' }));
    await waitFor(() => expect(off.ui.getByRole('button', { name: 'Smart account' }).getAttribute('aria-pressed')).toBe('true'));
    expect(off.ui.queryByTestId('latch-sessions')).toBeNull();
    expect(off.asked).toEqual([]);
    await cleanupModals();

    const eoa = await show({ smartSessions: true, type: 'eoa' });
    expect((await eoa.ui.findByRole('button', { name: 'Standard (EOA)' })).getAttribute('aria-pressed')).toBe('true');
    expect(eoa.ui.queryByTestId('latch-sessions')).toBeNull();
    await userEvent.click(eoa.ui.getByRole('button', { name: 'Smart account' }));
    await eoa.ui.findByTestId('latch-sessions');
    // Asked once: by the smart account's list, never while the standard account was shown.
    expect(eoa.asked).toEqual(['latch_getPermissions']);
  });
});
