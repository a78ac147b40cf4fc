import { truncateAddress } from '@latch/kernel';
import { fireEvent, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { connector } from '@latch/testkit/kernel';
import { ConnectButton } from '../components/ConnectButton.js';
import {
  cleanupModals,
  createTestModal,
  holdConnect,
  modalScreen,
  openModal,
  renderWithModal,
  USER_REJECTED,
} from '../test-support/renderModal.js';

afterEach(cleanupModals);

const ICON = 'data:image/svg+xml;base64,PHN2Zy8+';
const CHECKSUMMED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('ConnectingExternal view', () => {
  it('while pending, names the wallet and shows its icon', async () => {
    const { modal, fake } = createTestModal({}, { connectors: [{ ...connector('w', 'eip155'), name: 'Acme Wallet', icon: ICON }] });
    holdConnect(fake.adapter);
    const { ui } = await openModal(modal);
    fireEvent.click(await ui.findByRole('button', { name: /Acme Wallet/ }));
    const view = await ui.findByTestId('latch-connecting');
    expect(view.dataset.phase).toBe('pending');
    expect(ui.getByRole('dialog', { name: 'Acme Wallet' })).toBeTruthy();
    expect(ui.getByRole('heading', { name: 'Continue in Acme Wallet' })).toBeTruthy();
    expect(view.querySelector('img.wallet-icon')?.getAttribute('src')).toBe(ICON);
    expect(ui.queryByRole('button', { name: 'Try again' })).toBeNull();
    await waitFor(() => expect(modal.getState().status).toBe('connecting'));
  });

  it('on success closes the modal, and ConnectButton shows the truncated checksummed address', async () => {
    const user = userEvent.setup();
    const { modal, fake } = createTestModal();
    const hold = holdConnect(fake.adapter);
    const host = renderWithModal(modal, <ConnectButton balance="hide" />);
    await user.click(host.getByRole('button', { name: 'Connect Wallet' }));
    const { ui } = await modalScreen(modal);
    await user.click(await ui.findByRole('button', { name: /Wallet w/ }));
    await ui.findByText('Continue in Wallet w');
    await waitFor(() => expect(modal.getState().status).toBe('connecting'));
    expect(host.getByTestId('latch-connect-button').textContent).toBe('Connecting…');

    hold.approve();
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
    expect(modal.getState().open).toBe(false);
    const account = await host.findByTestId('latch-account-button');
    expect(account.textContent).toBe('0xf3…b92266');
    expect(truncateAddress(CHECKSUMMED)).toBe('0xf3…b92266');
    expect(fake.address).toBe(CHECKSUMMED);
  });

  it("a rejection shows 'Connection declined', keeps the visitor disconnected, and 'Try again' succeeds", async () => {
    const { modal, fake } = createTestModal();
    fake.fail.connect = USER_REJECTED;
    const host = renderWithModal(modal, <ConnectButton />);
    const { ui } = await openModal(modal);
    fireEvent.click(await ui.findByRole('button', { name: /Wallet w/ }));
    expect(await ui.findByRole('heading', { name: 'Connection declined' })).toBeTruthy();
    expect(ui.getByTestId('latch-connecting').dataset.phase).toBe('declined');
    expect(ui.getByText('The request was declined in Wallet w. You can try again.')).toBeTruthy();
    expect(modal.getState().status).toBe('disconnected');
    expect(modal.getState().account?.status).not.toBe('connected');
    expect(host.getByTestId('latch-connect-button').textContent).toBe('Connect Wallet');
    expect(modal.getState().open).toBe(true);

    delete fake.fail.connect;
    fireEvent.click(ui.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(modal.getState().status).toBe('connected'));
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
    expect(fake.methods().filter((m) => m === 'connect')).toHaveLength(2);
    expect(await host.findByTestId('latch-account-button')).toBeTruthy();
  });

  it("another error shows 'Connection failed' with the wallet's message", async () => {
    const { modal, fake } = createTestModal();
    fake.fail.connect = new Error('The wallet is locked');
    const { ui } = await openModal(modal);
    fireEvent.click(await ui.findByRole('button', { name: /Wallet w/ }));
    expect(await ui.findByRole('heading', { name: 'Connection failed' })).toBeTruthy();
    expect(ui.getByText('The wallet is locked')).toBeTruthy();
    expect(ui.getByTestId('latch-connecting').dataset.phase).toBe('failed');
    expect(ui.queryByText('Connection declined')).toBeNull();
    expect(modal.getState().status).toBe('disconnected');
    // The outcome is announced.
    expect(ui.getByText('Connection failed').closest('[role="status"]')).toBeTruthy();
  });
});
