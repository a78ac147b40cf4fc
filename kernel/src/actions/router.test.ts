import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseInitialView } from './modal.js';
import { FARCASTER_CLEANUP_DELAY_MS } from './router.js';
import { createTestModal } from '../test-support/testModal.js';
import { createModal } from '../createModal.js';
import { mainnet } from '@latch/testkit/kernel';
import type { ConnectorPlugin } from '../plugins/ConnectorPlugin.js';
import { getInternals } from '../internals.js';

describe('initial view (§2, four steps)', () => {
  const base = { hasAdapters: true, hasAddress: false, isMobile: false, manualWCControl: false, hasWalletConnectView: true };
  it('1. no adapters and no address: AllWallets on mobile, ConnectingWalletConnectBasic otherwise', () => {
    expect(chooseInitialView({ ...base, hasAdapters: false, isMobile: true }).view).toBe('AllWallets');
    expect(chooseInitialView({ ...base, hasAdapters: false }).view).toBe('ConnectingWalletConnectBasic');
    expect(chooseInitialView({ ...base, manualWCControl: true }).view).toBe('ConnectingWalletConnectBasic');
    expect(chooseInitialView({ ...base, hasAdapters: false, requested: { view: 'Networks' } }).view).toBe('ConnectingWalletConnectBasic');
  });
  it('1. on a desktop with no connector plugin that brings ConnectingWalletConnectBasic, goes on to steps 2 to 4', () => {
    const noView = { ...base, hasWalletConnectView: false };
    expect(chooseInitialView({ ...noView, manualWCControl: true }).view).toBe('Connect');
    expect(chooseInitialView({ ...noView, hasAdapters: false, requested: { view: 'Networks' } }).view).toBe('Networks');
    expect(chooseInitialView({ ...noView, hasAdapters: false, isMobile: true }).view).toBe('AllWallets');
  });
  it('2. else an explicitly requested view, with its data', () => {
    expect(chooseInitialView({ ...base, hasAddress: true, requested: { view: 'Networks', data: 1 } })).toEqual({
      view: 'Networks',
      data: 1,
    });
    expect(chooseInitialView({ ...base, hasAdapters: false, hasAddress: true, requested: { view: 'Swap' } }).view).toBe('Swap');
  });
  it('3. else Account when an address is connected; 4. else Connect', () => {
    expect(chooseInitialView({ ...base, hasAddress: true }).view).toBe('Account');
    expect(chooseInitialView(base).view).toBe('Connect');
  });
  it('is what open() uses', async () => {
    const { modal } = createTestModal();
    await modal.open();
    expect(modal.getState().view).toBe('Connect');
    await modal.connect('w');
    await modal.open();
    expect(modal.getState().view).toBe('Account');
    await modal.open({ view: 'Networks' });
    expect(modal.getState().history).toEqual([{ view: 'Networks', data: undefined }]);
    const noAdapters = createModal({ networks: [mainnet], storage: null, isMobile: () => true });
    await noAdapters.open({ view: 'Networks' });
    expect(noAdapters.getState().view).toBe('AllWallets');
  });
  it('open() with manualWCControl goes to the QR view a connector plugin brings, else to Connect', async () => {
    const walletConnect: ConnectorPlugin = {
      id: 'wc',
      name: 'WalletConnect',
      type: 'WALLET_CONNECT',
      views: { ConnectingWalletConnectBasic: async () => ({ default: () => null }) },
      connect: async () => ({ namespaces: {} }),
      disconnect: async () => undefined,
    };
    const manual = { networks: [mainnet], storage: null, isMobile: () => false, manualWCControl: true };
    const withView = createModal({ ...manual, connectors: [walletConnect] });
    await withView.open();
    expect(withView.getState().view).toBe('ConnectingWalletConnectBasic');
    const without = createModal(manual);
    await without.open();
    expect(without.getState().view).toBe('Connect');
  });
});

describe('navigation rules (§2)', () => {
  it('push ignores the current view; replace ignores the same top view; reset leaves one entry', async () => {
    const { modal, view } = createTestModal();
    await modal.open();
    getInternals(modal).router.push('AllWallets');
    getInternals(modal).router.push('AllWallets');
    expect(modal.getState().history.map((e) => e.view)).toEqual(['Connect', 'AllWallets']);
    getInternals(modal).router.replace('AllWallets', { search: 'x' });
    expect(modal.getState().history).toHaveLength(2);
    expect(modal.getState().history[1]?.data).toBeUndefined();
    getInternals(modal).router.replace('ConnectingExternal', { id: 'w' });
    expect(modal.getState().history.map((e) => e.view)).toEqual(['Connect', 'ConnectingExternal']);
    expect(modal.getState().history[1]?.data).toEqual({ id: 'w' });
    getInternals(modal).router.reset('Networks');
    expect(modal.getState().history.map((e) => e.view)).toEqual(['Networks']);
    expect(view()).toBe('Networks');
  });

  it('back pops one view, and closes the modal from the only entry', async () => {
    const { modal, events } = createTestModal();
    await modal.open();
    getInternals(modal).router.push('AllWallets');
    getInternals(modal).router.goBack();
    expect(modal.getState()).toMatchObject({ open: true, view: 'Connect' });
    getInternals(modal).router.goBack();
    expect(modal.getState().open).toBe(false);
    expect(events).toContain('MODAL_CLOSE');
  });

  it('back closes the modal whenever UnsupportedChain is in history', async () => {
    const { modal } = createTestModal();
    await modal.open({ view: 'UnsupportedChain' });
    getInternals(modal).router.push('Networks');
    getInternals(modal).router.goBack();
    expect(modal.getState().open).toBe(false);
    expect(modal.getState().view).toBe('Networks');
  });

  describe('Farcaster clean-up', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it(`clears the URL and reloads the auth connector ${FARCASTER_CLEANUP_DELAY_MS} ms after leaving, when not connected`, async () => {
      expect(FARCASTER_CLEANUP_DELAY_MS).toBe(100);
      const reload = vi.fn();
      const auth: ConnectorPlugin = { id: 'auth', name: 'Email', type: 'AUTH', connect: vi.fn(), disconnect: vi.fn(), reload };
      const { modal } = createTestModal({ connectors: [auth] });
      await modal.open();
      getInternals(modal).router.push('ConnectingFarcaster');
      getInternals(modal).router.goBack();
      expect(modal.getState().view).toBe('Connect');
      vi.advanceTimersByTime(99);
      expect(reload).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(reload).toHaveBeenCalledTimes(1);
    });

    it('does nothing when the visitor is connected', async () => {
      const reload = vi.fn();
      const auth: ConnectorPlugin = { id: 'auth', name: 'Email', type: 'AUTH', connect: vi.fn(), disconnect: vi.fn(), reload };
      const { modal } = createTestModal({ connectors: [auth] });
      await modal.connect('w');
      await modal.open({ view: 'Account' });
      getInternals(modal).router.push('ConnectingFarcaster');
      getInternals(modal).router.goBack();
      vi.advanceTimersByTime(500);
      expect(reload).not.toHaveBeenCalled();
    });
  });

  it('refuses to close on ApproveTransaction unless forced', async () => {
    const { modal } = createTestModal();
    await modal.open({ view: 'ApproveTransaction' });
    expect(modal.close()).toBe(false);
    expect(modal.getState().open).toBe(true);
    expect(modal.close({ force: true })).toBe(true);
    expect(modal.getState().open).toBe(false);
  });
});

describe('transaction stack (§4)', () => {
  it('cancel goes back and calls onCancel', async () => {
    const { modal } = createTestModal();
    await modal.open();
    getInternals(modal).router.push('ApproveTransaction');
    const onCancel = vi.fn();
    const onSuccess = vi.fn();
    getInternals(modal).router.pushTransaction({ goBack: true, onCancel, onSuccess });
    getInternals(modal).router.popTransaction('cancel');
    expect(modal.getState().view).toBe('Connect');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(modal.getState().transactionStack).toEqual([]);
  });

  it('success with goBack goes back', async () => {
    const { modal } = createTestModal();
    await modal.open();
    getInternals(modal).router.push('SIWXSignMessage');
    const onSuccess = vi.fn();
    getInternals(modal).router.pushTransaction({ goBack: true, onSuccess });
    getInternals(modal).router.popTransaction('success');
    expect(modal.getState().view).toBe('Connect');
    expect(onSuccess).toHaveBeenCalledOnce();
  });

  it('success with replace returns to just before ConnectingSiwe', async () => {
    const { modal } = createTestModal();
    await modal.open();
    getInternals(modal).router.push('AllWallets');
    getInternals(modal).router.push('ConnectingSiwe');
    getInternals(modal).router.push('ApproveTransaction');
    getInternals(modal).router.pushTransaction({ replace: true });
    getInternals(modal).router.popTransaction('success');
    expect(modal.getState().history.map((e) => e.view)).toEqual(['Connect', 'AllWallets']);
    expect(modal.getState().open).toBe(true);
  });

  it('success with replace and no ConnectingSiwe closes the modal, even from ApproveTransaction', async () => {
    const { modal } = createTestModal();
    await modal.open({ view: 'ApproveTransaction' });
    getInternals(modal).router.pushTransaction({ replace: true });
    getInternals(modal).router.popTransaction('success');
    expect(modal.getState().open).toBe(false);
  });

  it('success with a view resets to that view; an empty stack is a no-op', async () => {
    const { modal } = createTestModal();
    await modal.open();
    getInternals(modal).router.push('AllWallets');
    getInternals(modal).router.pushTransaction({ view: 'Account' });
    getInternals(modal).router.popTransaction('success');
    expect(modal.getState().history.map((e) => e.view)).toEqual(['Account']);
    getInternals(modal).router.popTransaction('success');
    expect(modal.getState().history.map((e) => e.view)).toEqual(['Account']);
  });
});
