import { act, fireEvent, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectButton } from '../components/ConnectButton.js';
import { cleanupModals, createTestModal, modalScreen, openModal, renderWithModal } from '../test-support/renderModal.js';
import { SHAKE_DURATION_MS } from '@latch/kernel/internal';

afterEach(async () => {
  vi.useRealTimers();
  await cleanupModals();
});

/** Elements Tab stops on, in document order. */
function tabbables(container: Element): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
    (el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && !el.closest('[inert]'),
  );
}

describe('the dialog element', () => {
  it('is role=dialog, aria-modal, and labelled by its visible title', async () => {
    const { modal } = createTestModal();
    const { ui, shadow } = await openModal(modal);
    const dialog = await ui.findByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const titleId = dialog.getAttribute('aria-labelledby') as string;
    const title = shadow.getElementById(titleId);
    expect(title?.tagName).toBe('H2');
    expect(title?.textContent).toBe('Connect Wallet');
    expect(title?.closest('[aria-hidden="true"], .sr-only')).toBeNull();
    expect(dialog.contains(title)).toBe(true);
    expect(ui.getByRole('dialog', { name: 'Connect Wallet' })).toBe(dialog);
  });

  it('moves focus inside the dialog when it opens', async () => {
    const { modal } = createTestModal();
    const outside = document.body.appendChild(document.createElement('button'));
    outside.focus();
    const { ui, shadow, host } = await openModal(modal);
    const dialog = await ui.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(shadow.activeElement)).toBe(true));
    expect(document.activeElement).toBe(host);
  });
});

describe('focus trap', () => {
  it('Tab from the last element wraps to the first, Shift+Tab from the first wraps to the last', async () => {
    const { modal } = createTestModal();
    const { ui, shadow } = await openModal(modal);
    const dialog = await ui.findByRole('dialog');
    await ui.findByRole('button', { name: /Wallet w/ });
    const items = tabbables(dialog);
    expect(items.length).toBeGreaterThanOrEqual(3);
    const first = items[0] as HTMLElement;
    const last = items[items.length - 1] as HTMLElement;

    last.focus();
    expect(fireEvent.keyDown(last, { key: 'Tab' })).toBe(false); // default prevented
    expect(shadow.activeElement).toBe(first);

    first.focus();
    expect(fireEvent.keyDown(first, { key: 'Tab', shiftKey: true })).toBe(false);
    expect(shadow.activeElement).toBe(last);

    // In the middle, Tab is left to the browser.
    const middle = items[1] as HTMLElement;
    middle.focus();
    expect(fireEvent.keyDown(middle, { key: 'Tab' })).toBe(true);
  });

  it('wraps in the Account view too, past the tabs and the tab panel', async () => {
    const { modal } = createTestModal();
    await modal.connect('w');
    const { ui, shadow } = await openModal(modal);
    await ui.findByRole('tablist');
    const dialog = ui.getByRole('dialog', { name: 'Account' });
    const items = tabbables(dialog);
    const last = items[items.length - 1] as HTMLElement;
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(shadow.activeElement).toBe(items[0]);
    (items[0] as HTMLElement).focus();
    fireEvent.keyDown(items[0] as HTMLElement, { key: 'Tab', shiftKey: true });
    expect(shadow.activeElement).toBe(last);
    expect(last.tabIndex).toBeGreaterThanOrEqual(0);
  });
});

describe('closing', () => {
  it('Esc closes and gives focus back to the button that opened the modal', async () => {
    const user = userEvent.setup();
    const { modal } = createTestModal();
    const { getByTestId } = renderWithModal(modal, <ConnectButton />);
    const trigger = getByTestId('latch-connect-button');
    await user.click(trigger);
    const { ui, shadow } = await modalScreen(modal);
    const dialog = await ui.findByRole('dialog', { name: 'Connect Wallet' });
    await waitFor(() => expect(dialog.contains(shadow.activeElement)).toBe(true));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
    expect(modal.getState().open).toBe(false);
    expect(document.activeElement).toBe(trigger);
  });

  it('Esc gives focus back to whatever had it before, even when the modal opened from code', async () => {
    const { modal } = createTestModal();
    const field = document.body.appendChild(document.createElement('input'));
    field.focus();
    const { ui } = await openModal(modal);
    const dialog = await ui.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(field);
  });

  it('Esc closes even when focus is outside the dialog (pressed before focus moved in)', async () => {
    const { modal } = createTestModal();
    const field = document.body.appendChild(document.createElement('input'));
    const { ui } = await openModal(modal);
    await ui.findByRole('dialog');
    field.focus();
    fireEvent.keyDown(field, { key: 'Escape' });
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
    expect(modal.getState().open).toBe(false);
    field.remove();
  });

  it('a host that handled Esc itself (preventDefault) keeps the modal open', async () => {
    const { modal } = createTestModal();
    const { ui } = await openModal(modal);
    const dialog = await ui.findByRole('dialog');
    dialog.addEventListener('keydown', (event) => event.preventDefault(), { once: true });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(modal.getState().open).toBe(true);
  });

  it('Esc on ApproveTransaction does not close; it raises the shake flag for 500 ms', async () => {
    const { modal } = createTestModal();
    const { ui } = await openModal(modal, { view: 'ApproveTransaction' });
    const dialog = await ui.findByRole('dialog', { name: 'Approve Transaction' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(modal.getState().open).toBe(true);
    expect(modal.getState().shake).toBe(true);
    expect(dialog.getAttribute('data-shake')).toBe('true');
    act(() => vi.advanceTimersByTime(SHAKE_DURATION_MS - 1));
    expect(modal.getState().shake).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(modal.getState().shake).toBe(false);
    expect(dialog.getAttribute('data-shake')).toBe('false');
    expect(SHAKE_DURATION_MS).toBe(500);

    // The close button and the backdrop are refused the same way.
    fireEvent.click(ui.getByRole('button', { name: 'Close' }));
    expect(modal.getState()).toMatchObject({ open: true, shake: true });
    fireEvent.mouseDown(dialog.parentElement as HTMLElement);
    expect(ui.getByRole('dialog')).toBe(dialog);
  });

  it('a click on the backdrop closes; a click inside the dialog does not', async () => {
    const { modal } = createTestModal();
    const { ui, root } = await openModal(modal);
    const dialog = await ui.findByRole('dialog');
    fireEvent.mouseDown(dialog);
    fireEvent.mouseDown(ui.getByRole('heading', { name: 'Connect Wallet' }));
    expect(modal.getState().open).toBe(true);
    const backdrop = root.querySelector('.overlay') as HTMLElement;
    expect(backdrop.contains(dialog)).toBe(true);
    fireEvent.mouseDown(backdrop);
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
    expect(modal.getState().open).toBe(false);
  });

  it('the Close button closes and restores focus', async () => {
    const user = userEvent.setup();
    const { modal } = createTestModal();
    const { getByTestId } = renderWithModal(modal, <ConnectButton />);
    const trigger = getByTestId('latch-connect-button');
    await user.click(trigger);
    const { ui } = await modalScreen(modal);
    await user.click(await ui.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });
});
