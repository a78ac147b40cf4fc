import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanupModals, createTestModal, renderWithModal, screenIn, waitForView } from '../test-support/renderModal.js';
import { LatchModalHost } from './ModalHost.js';

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

describe("<LatchModalHost/> (append: false) when the modal's code cannot be fetched", () => {
  it('append: false: shows nothing, and the next open loads and shows the modal', async () => {
    state.refused = true;
    const { modal } = createTestModal({ append: false });
    const { container } = renderWithModal(
      modal,
      <>
        <h1>Host app</h1>
        <LatchModalHost />
      </>,
    );
    await waitFor(() => expect(state.imports).toBeGreaterThan(0));
    const imports = state.imports;
    await act(async () => modal.open());
    await waitFor(() => expect(state.imports).toBeGreaterThan(imports));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Host app' })).toBeTruthy();

    state.refused = false;
    await act(async () => void modal.close());
    await act(async () => modal.open());
    await waitForView(modal);
    const { ui } = await screenIn(container.querySelector('[data-latch-host]') as HTMLElement);
    expect(await ui.findByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy();
  });
});
