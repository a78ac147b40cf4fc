import type { FeaturePlugin } from '@latch/kernel';
import { act, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupModals, createTestModal, openModal } from '../test-support/renderModal.js';

afterEach(() => cleanupModals());

/**
 * A plugin whose one view's code cannot be fetched until `serve()`: each request for it is counted, as a server
 * counts them (the loader rejects as a failed `import()` does, without a URL, so each try calls it again).
 */
function unreachableView() {
  let served = false;
  const state = { requests: 0, serve: () => (served = true) };
  const plugin = {
    id: 'unreachable',
    feature: 'send',
    views: {
      Far: async () => {
        state.requests += 1;
        if (!served) throw new TypeError('Failed to fetch dynamically imported module');
        return { default: () => <p data-testid="far">Far</p> };
      },
    },
  } satisfies FeaturePlugin;
  return { plugin, state };
}

/** The modal opened, then taken to the unreachable view (as a plugin's button would). */
async function openAtUnreachableView() {
  const far = unreachableView();
  const { modal } = createTestModal({ plugins: [far.plugin] });
  const { ui } = await openModal(modal);
  await act(async () => {
    await modal.open({ view: 'Far' as never });
  });
  return { far, ui };
}

describe('a view whose code cannot be fetched', () => {
  it('asks once per failure and once per Try again: no second request of its own, and the view comes with the visitor’s try', async () => {
    const { far, ui } = await openAtUnreachableView();
    const tryAgain = await ui.findByRole('button', { name: 'Try again' });
    expect(ui.getByRole('alert').textContent).toContain('This part of the modal could not be loaded. Check your connection.');
    // Let React run every effect the failure's render scheduled: none asks again.
    await act(async () => {});
    expect(far.state.requests).toBe(1);

    // The server answers again: nothing loads until the visitor asks.
    far.state.serve();
    await act(async () => {});
    expect(far.state.requests).toBe(1);
    expect(ui.queryByTestId('far')).toBeNull();
    fireEvent.click(tryAgain);
    expect(await ui.findByTestId('far')).toBeTruthy();
    expect(far.state.requests).toBe(2);
    expect(ui.queryByRole('alert')).toBeNull();
  });

  it('still refused, Try again asks once more and says so again', async () => {
    const { far, ui } = await openAtUnreachableView();
    fireEvent.click(await ui.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(far.state.requests).toBe(2));
    expect(await ui.findByRole('button', { name: 'Try again' })).toBeTruthy();
    await act(async () => {});
    expect(far.state.requests).toBe(2);
  });
});
