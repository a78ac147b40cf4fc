import { act, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanupModals, createTestModal, openModal } from '../test-support/renderModal.js';
import { SNACK_VISIBLE_MS } from './Snackbar.js';
import { getInternals } from '@latch/kernel/internal';

afterEach(async () => {
  vi.useRealTimers();
  await cleanupModals();
});

async function openedModal() {
  const { modal } = createTestModal();
  const screen = await openModal(modal);
  await screen.ui.findByRole('button', { name: /Wallet w/ });
  return { modal, ...screen };
}

describe('Snackbar', () => {
  it('announces success politely (role=status) and errors assertively (role=alert)', async () => {
    const { modal, ui } = await openedModal();
    await act(() => getInternals(modal).feedback.showSnack('Saved', 'success'));
    let snack = await ui.findByTestId('latch-snackbar');
    expect(snack.textContent).toBe('Saved');
    expect(snack.dataset.variant).toBe('success');
    expect(snack.parentElement?.getAttribute('role')).toBe('status');
    expect(snack.parentElement?.getAttribute('aria-live')).toBe('polite');

    await act(() => getInternals(modal).feedback.showSnack('Something broke', 'error'));
    await waitFor(() => expect(ui.getByTestId('latch-snackbar').textContent).toBe('Something broke'));
    snack = ui.getByTestId('latch-snackbar');
    expect(snack.parentElement?.getAttribute('role')).toBe('alert');
    expect(snack.parentElement?.getAttribute('aria-live')).toBe('assertive');
  });

  it(`hides itself after SNACK_VISIBLE_MS (${SNACK_VISIBLE_MS} ms)`, async () => {
    const { modal, ui } = await openedModal();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(() => getInternals(modal).feedback.showSnack('Address copied', 'success'));
    expect(ui.getByTestId('latch-snackbar').textContent).toBe('Address copied');
    act(() => vi.advanceTimersByTime(SNACK_VISIBLE_MS - 1));
    expect(ui.queryByTestId('latch-snackbar')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(ui.queryByTestId('latch-snackbar')).toBeNull();
    expect(modal.getState().snack.open).toBe(false);
  });

  it('keeps a loading snack until it is replaced', async () => {
    const { modal, ui } = await openedModal();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(() => getInternals(modal).feedback.showSnack('Waiting for the wallet', 'loading'));
    act(() => vi.advanceTimersByTime(SNACK_VISIBLE_MS * 4));
    const snack = ui.getByTestId('latch-snackbar');
    expect(snack.textContent).toBe('Waiting for the wallet');
    expect(snack.querySelector('.spinner')).not.toBeNull();
  });

  it('still shows after the dialog has closed', async () => {
    const { modal, ui } = await openedModal();
    fireEvent.keyDown(ui.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
    await act(() => getInternals(modal).feedback.showSnack('Failed to disconnect', 'error'));
    expect((await ui.findByTestId('latch-snackbar')).textContent).toBe('Failed to disconnect');
  });
});
