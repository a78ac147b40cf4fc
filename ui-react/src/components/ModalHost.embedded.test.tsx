import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanupModals, createTestModal, renderWithModal, screenIn, waitForView } from '../test-support/renderModal.js';
import { Modal } from './ModalHost.js';

// The modal's code "cannot be fetched" while `refused` is set: its import rejects, as a browser's does for a chunk whose
// download failed. (This file mocks a module: it runs in ui-react's isolated project.)
const state = vi.hoisted(() => ({ refused: false, imports: 0 }));
vi.mock('../modal/ModalRoot.js', async (original) => {
  state.imports += 1;
  if (state.refused) throw new TypeError('Failed to fetch dynamically imported module');
  return original();
});

afterEach(() => {
  cleanupModals();
  state.refused = false;
});

// Retryable imports keep a loaded module for the page: once the modal's code has loaded in this file it cannot fail
// again, so each case of a failed load has a file of its own (ModalHost.embedded.test.tsx, ModalHost.placed.test.tsx).

describe("<Modal embedded/> when the modal's code cannot be fetched", () => {
  it('embedded: says so in place without breaking the host app, and Try again shows the modal once the code loads', async () => {
    state.refused = true;
    const { modal } = createTestModal({ enableEmbedded: true });
    const { container } = renderWithModal(
      modal,
      <>
        <h1>Host app</h1>
        <Modal embedded />
      </>,
    );
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'The wallet modal could not be loaded. Check your connection.');
    expect(screen.getByRole('heading', { name: 'Host app' })).toBeTruthy();
    const imports = state.imports;

    // Still refused: Try again imports again, and says so again.
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(state.imports).toBeGreaterThan(imports));
    expect(await screen.findByRole('alert')).toBeTruthy();

    state.refused = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitForView(modal);
    const { ui } = await screenIn(container.querySelector('[data-latch-host]') as HTMLElement);
    expect(await ui.findByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
