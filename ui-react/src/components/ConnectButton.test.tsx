import { act, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { base, mainnet } from '@latch/testkit/kernel';
import { cleanupModals, createTestModal, holdConnect, modalScreen, renderWithModal } from '../test-support/renderModal.js';
import { ConnectButton } from './ConnectButton.js';
import { NetworkButton } from './NetworkButton.js';

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await cleanupModals();
});

describe('ConnectButton', () => {
  it('opens the modal at Connect, with the integrator’s label', async () => {
    const { modal } = createTestModal();
    const { getByRole } = renderWithModal(modal, <ConnectButton label="Sign in" />);
    fireEvent.click(getByRole('button', { name: 'Sign in' }));
    const { ui } = await modalScreen(modal);
    expect(await ui.findByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy();
  });

  it('says it is busy while a wallet connects', async () => {
    const { modal, fake } = createTestModal();
    const hold = holdConnect(fake.adapter);
    const { getByTestId, findByTestId } = renderWithModal(modal, <ConnectButton loadingLabel="One moment" />);
    const button = getByTestId('latch-connect-button');
    expect(button.hasAttribute('aria-busy')).toBe(false);
    let connected: Promise<unknown> = Promise.resolve();
    act(() => void (connected = modal.connect('w')));
    await waitFor(() => expect(button.textContent).toBe('One moment'));
    expect(button.getAttribute('aria-busy')).toBe('true');
    hold.approve();
    await act(() => connected);
    expect(await findByTestId('latch-account-button')).toBeTruthy();
  });

  it('when connected, shows balance and address (or name) and opens the Account view', async () => {
    const { modal } = createTestModal({}, { balance: '0.123456', identity: { name: 'alice.eth' } });
    const { findByTestId } = renderWithModal(modal, <ConnectButton />);
    await act(async () => void (await modal.connect('w')));
    const account = await findByTestId('latch-account-button');
    await waitFor(() => expect(account.textContent).toBe('0.123 ETHalice.eth'));
    fireEvent.click(account);
    const { ui } = await modalScreen(modal);
    expect(await ui.findByRole('dialog', { name: 'Account' })).toBeTruthy();
  });

  it('shows an ENS avatar only from a host in imageHosts (or inline): no request to a host nobody configured', async () => {
    const avatar = 'https://avatars.example/alice.png';
    const plain = createTestModal({}, { identity: { name: 'alice.eth', avatar } });
    const first = renderWithModal(plain.modal, <ConnectButton />);
    await act(() => plain.modal.connect('w'));
    const button = await first.findByTestId('latch-account-button');
    await waitFor(() => expect(button.textContent).toContain('alice.eth'));
    expect(button.querySelector('img')).toBeNull();
    first.unmount();

    const allowed = createTestModal({ imageHosts: ['avatars.example'] }, { identity: { name: 'alice.eth', avatar } });
    const second = renderWithModal(allowed.modal, <ConnectButton />);
    await act(() => allowed.modal.connect('w'));
    await waitFor(async () =>
      expect((await second.findByTestId('latch-account-button')).querySelector('img')?.getAttribute('src')).toBe(avatar),
    );
  });

  it('balance="hide" shows the address alone', async () => {
    const { modal } = createTestModal();
    const { findByTestId } = renderWithModal(modal, <ConnectButton balance="hide" />);
    await act(async () => void (await modal.connect('w')));
    await waitFor(async () => expect((await findByTestId('latch-account-button')).textContent).toBe('0xf3…b92266'));
  });

  it('loads the modal code on hover or focus, once', async () => {
    const { modal } = createTestModal();
    const prefetch = vi.spyOn(modal, 'prefetch').mockResolvedValue(undefined);
    const { getByTestId } = renderWithModal(modal, <ConnectButton />);
    const button = getByTestId('latch-connect-button');
    fireEvent.pointerEnter(button);
    fireEvent.focus(button);
    fireEvent.pointerEnter(button);
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('loads the modal code when the browser is idle, and cancels that on unmount', async () => {
    const idle = vi.fn((_cb: () => void, _options?: { timeout: number }) => 7);
    const cancel = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', cancel);
    const { modal } = createTestModal();
    const prefetch = vi.spyOn(modal, 'prefetch').mockResolvedValue(undefined);
    const { unmount } = renderWithModal(modal, <ConnectButton />);
    expect(idle).toHaveBeenCalledTimes(1);
    expect(prefetch).not.toHaveBeenCalled();
    idle.mock.calls[0]?.[0]();
    expect(prefetch).toHaveBeenCalledTimes(1);
    unmount();
    expect(cancel).toHaveBeenCalledWith(7);
  });

  it('waits with that idle loading while a connection settles (a stored session restored after a reload goes first)', async () => {
    const idle = vi.fn((_cb: () => void, _options?: { timeout: number }) => 7);
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const { modal, fake } = createTestModal();
    const hold = holdConnect(fake.adapter);
    let connected: Promise<unknown> = Promise.resolve();
    act(() => void (connected = modal.connect('w')));
    await waitFor(() => expect(modal.getState().status).toBe('connecting'));
    const { findByTestId } = renderWithModal(modal, <ConnectButton />);
    expect(idle).not.toHaveBeenCalled();
    hold.approve();
    await act(() => connected);
    await findByTestId('latch-account-button');
    expect(idle).toHaveBeenCalledTimes(1);
  });
});

describe('NetworkButton', () => {
  it('names the active network and opens the network list', async () => {
    const { modal } = createTestModal({ networks: [mainnet, base], defaultNetwork: base });
    const { getByTestId } = renderWithModal(modal, <NetworkButton />);
    const button = getByTestId('latch-network-button');
    expect(button.textContent).toMatch(/^eip155 8453/);
    fireEvent.click(button);
    const { ui } = await modalScreen(modal);
    expect(await ui.findByRole('dialog', { name: 'Choose Network' })).toBeTruthy();
  });
});
