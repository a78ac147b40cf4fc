import { act, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupModals, createTestModal, openModal } from '../test-support/renderModal.js';
import { getInternals } from '@latch/kernel/internal';

afterEach(cleanupModals);

const ALERT = { id: 'network-not-found', title: 'Network Not Found', description: 'The network is not configured.' };

describe('AlertBanner', () => {
  it('shows the alert in the dialog and goes away when dismissed', async () => {
    const { modal } = createTestModal();
    const { ui } = await openModal(modal);
    act(() => void getInternals(modal).feedback.showAlert(ALERT));
    const banner = await ui.findByTestId('latch-alert');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toContain('Network Not Found');
    expect(banner.textContent).toContain('The network is not configured.');
    expect(ui.getByRole('dialog').contains(banner)).toBe(true);

    fireEvent.click(ui.getByRole('button', { name: 'Dismiss Network Not Found' }));
    await waitFor(() => expect(ui.queryByTestId('latch-alert')).toBeNull());
    expect(modal.getState().alerts.current).toBeUndefined();

    // §8: each alert is shown once.
    act(() => void getInternals(modal).feedback.showAlert(ALERT));
    expect(ui.queryByTestId('latch-alert')).toBeNull();
  });

  it('appears when a switch targets an unconfigured network (§5)', async () => {
    const { modal } = createTestModal();
    const { ui } = await openModal(modal);
    await act(async () => {
      await modal.switchNetwork('eip155:424242').catch(() => undefined);
    });
    expect((await ui.findByTestId('latch-alert')).textContent).toContain('Network Not Found');
  });
});
