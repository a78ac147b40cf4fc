import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHAKE_DURATION_MS } from './modal.js';
import { SNACK_SWAP_DELAY_MS } from './snackbar.js';
import { INVALID_PROJECT_ID_ALERT, SESSION_EXPIRED_ALERT } from '../errors/messages.js';
import { createTestModal } from '../test-support/testModal.js';
import { getInternals } from '../internals.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('modal state (§4)', () => {
  it('opens and closes with events; closing twice sends one close event', async () => {
    const { modal, events } = createTestModal();
    const closes: boolean[] = [];
    modal.on('MODAL_CLOSE', ({ connected }) => closes.push(connected));
    await modal.open();
    expect(modal.getState().open).toBe(true);
    expect(events).toEqual(['MODAL_OPEN']);
    expect(modal.close()).toBe(true);
    expect(modal.close()).toBe(false);
    expect(closes).toEqual([false]);
  });

  it('sets and clears loading; closing clears it', async () => {
    const { modal } = createTestModal();
    await modal.open();
    getInternals(modal).feedback.setLoading(true);
    expect(modal.getState().loading).toBe(true);
    modal.close();
    expect(modal.getState().loading).toBe(false);
  });

  it(`raises the shake flag for exactly ${SHAKE_DURATION_MS} ms`, () => {
    expect(SHAKE_DURATION_MS).toBe(500);
    const { modal } = createTestModal();
    getInternals(modal).feedback.shake();
    expect(modal.getState().shake).toBe(true);
    vi.advanceTimersByTime(499);
    expect(modal.getState().shake).toBe(true);
    vi.advanceTimersByTime(1);
    expect(modal.getState().shake).toBe(false);
  });

  it('embedded mode: close goes to Connect when disconnected, Account when connected, and stays shown', async () => {
    const { modal, events } = createTestModal({ enableEmbedded: true });
    await modal.open({ view: 'AllWallets' });
    expect(modal.close()).toBe(true);
    expect(modal.getState()).toMatchObject({ open: true, view: 'Connect' });
    await modal.connect('w');
    getInternals(modal).router.push('Networks');
    modal.close();
    expect(modal.getState()).toMatchObject({ open: true, view: 'Account' });
    expect(modal.getState().history).toHaveLength(1);
    expect(events.filter((e) => e === 'MODAL_CLOSE').length).toBeGreaterThanOrEqual(2);
  });

  it('destroy cancels pending timers', () => {
    const { modal } = createTestModal();
    getInternals(modal).feedback.shake();
    modal.destroy();
    vi.advanceTimersByTime(1000);
    expect(modal.getState().shake).toBe(true);
  });
});

describe('snackbar (§4)', () => {
  it(`shows at once when closed; when open, closes first and shows after ${SNACK_SWAP_DELAY_MS} ms`, async () => {
    expect(SNACK_SWAP_DELAY_MS).toBe(150);
    const { modal } = createTestModal();
    await getInternals(modal).feedback.showSnack('Copied', 'success');
    expect(modal.getState().snack).toEqual({ open: true, message: 'Copied', variant: 'success' });
    const shown = getInternals(modal).feedback.showSnack('Signature declined', 'error');
    expect(modal.getState().snack.open).toBe(false);
    expect(modal.getState().snack.message).toBe('Copied');
    vi.advanceTimersByTime(149);
    expect(modal.getState().snack.open).toBe(false);
    vi.advanceTimersByTime(1);
    await shown;
    expect(modal.getState().snack).toEqual({ open: true, message: 'Signature declined', variant: 'error' });
    getInternals(modal).feedback.hideSnack();
    expect(modal.getState().snack.open).toBe(false);
  });
});

describe('alerts (§8)', () => {
  it('shows each alert once per instance', () => {
    const { modal, events } = createTestModal();
    expect(getInternals(modal).feedback.showAlert(INVALID_PROJECT_ID_ALERT)).toBe(true);
    expect(modal.getState().alerts.current?.title).toBe('Invalid Project ID');
    getInternals(modal).feedback.dismissAlert();
    expect(modal.getState().alerts.current).toBeUndefined();
    expect(getInternals(modal).feedback.showAlert(INVALID_PROJECT_ID_ALERT)).toBe(false);
    expect(modal.getState().alerts.current).toBeUndefined();
    expect(getInternals(modal).feedback.showAlert(SESSION_EXPIRED_ALERT)).toBe(true);
    expect(events.filter((e) => e === 'ALERT')).toHaveLength(2);
  });
});
