import { afterEach, describe, expect, it, vi } from 'vitest';
import { createModal } from './createModal.js';
import { connector, createFakeAdapter, createTestStorage, mainnet, solanaMainnet } from '@latch/testkit/kernel';
import { getInternals } from './internals.js';
import { SESSION_EXPIRED_ALERT } from './errors/messages.js';
import type { ConnectorNotice, ConnectorPlugin } from './plugins/ConnectorPlugin.js';
import { alertsAtom, snackAtom } from './state/atoms.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createModal', () => {
  it('makes no request when created, opened and closed (private by default)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const fake = createFakeAdapter({ namespace: 'eip155', connectors: [connector('a', 'eip155')] });
    const modal = createModal({ networks: [mainnet], adapters: [fake.adapter], storage: null });
    await modal.open();
    modal.close();
    expect(fetchSpy).not.toHaveBeenCalled();
    modal.destroy();
  });

  it('works with no localStorage at all (SSR, privacy mode)', () => {
    expect((globalThis as { localStorage?: unknown }).localStorage).toBeUndefined();
    const modal = createModal({ networks: [mainnet] });
    expect(modal.getState().status).toBe('disconnected');
    modal.destroy();
  });

  it('gives two independent instances on one page', async () => {
    const storageA = createTestStorage();
    const storageB = createTestStorage();
    const a = createModal({
      networks: [mainnet],
      adapters: [createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] }).adapter],
      storage: storageA,
    });
    const b = createModal({
      networks: [mainnet, solanaMainnet],
      adapters: [createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] }).adapter],
      storage: storageB,
    });
    const seenByB: string[] = [];
    b.on('MODAL_OPEN', ({ view }) => seenByB.push(view));
    await a.open();
    await a.connect('w');
    expect(a.getState().status).toBe('connected');
    expect(b.getState().status).toBe('disconnected');
    expect(b.getState().open).toBe(false);
    expect(seenByB).toEqual([]);
    expect(storageB.map.size).toBe(0);
    expect(b.getState().networks.solana?.requestedCaipNetworks).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 0)); // balance and name reads settle
    expect(a.getState().networks.solana).toBeUndefined();
    a.destroy();
    b.destroy();
  });

  it('registers adapters (setup gets the namespace networks) and tears them down on destroy', () => {
    const fake = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] });
    const modal = createModal({ networks: [mainnet, solanaMainnet], adapters: [fake.adapter], storage: null });
    expect(fake.calls[0]).toEqual({ method: 'setup', args: [['eip155:1']] });
    expect(modal.getState().connectors.map((c) => c.id)).toEqual(['w']);
    fake.announce([connector('w', 'eip155'), connector('v', 'eip155')]);
    expect(modal.getState().connectors.map((c) => c.id)).toEqual(['w', 'v']);
    modal.destroy();
    expect(fake.methods()).toContain('teardown');
    fake.announce([]);
    expect(modal.getState().connectors).toHaveLength(2);
  });

  it('registers a feature plugin only when its flag is on', () => {
    const swap = { id: 'swap', feature: 'swaps' as const, views: { Swap: async () => ({ default: null }) } };
    const pay = { id: 'pay', feature: 'pay' as const };
    const modal = createModal({ networks: [mainnet], plugins: [swap, pay], storage: null });
    expect(getInternals(modal).getPlugin('swap')).toBe(swap);
    expect(getInternals(modal).getPlugin('pay')).toBeUndefined();
    modal.destroy();
  });

  it('lets a plugin open the modal at its own view', async () => {
    let setUp: (openView: (view: string) => Promise<void>) => void = () => undefined;
    const opener = new Promise<(view: string) => Promise<void>>((resolve) => (setUp = resolve));
    const plugin = {
      id: 'names',
      feature: 'send' as const,
      setup: (ctx: { openView: (v: string) => Promise<void> }) => void setUp(ctx.openView),
    };
    const modal = createModal({
      networks: [mainnet],
      adapters: [createFakeAdapter({ namespace: 'eip155' }).adapter],
      plugins: [plugin],
      storage: null,
    });
    // setup runs once the plugin context's code has loaded.
    await (await opener)('RegisterAccountName');
    expect(modal.getState()).toMatchObject({ open: true, view: 'RegisterAccountName' });
    modal.destroy();
  });

  it('lets a connector plugin open the modal and show an alert (once) and an error snack, from outside its views', async () => {
    let notify: ((notice: ConnectorNotice) => Promise<void>) | undefined;
    const plugin: ConnectorPlugin = {
      id: 'wallet',
      name: 'Wallet',
      type: 'ID_AUTH',
      setup: (ctx) => void (notify = ctx.notify),
      connect: async () => ({ namespaces: {} }),
      disconnect: async () => undefined,
    };
    const modal = createModal({
      networks: [mainnet],
      adapters: [createFakeAdapter({ namespace: 'eip155' }).adapter],
      connectors: [plugin],
      storage: null,
    });
    const store = getInternals(modal).store;
    await notify?.({ snack: 'Quiet' });
    expect(modal.getState().open).toBe(false);
    expect(store.get(snackAtom)).toMatchObject({ open: true, message: 'Quiet', variant: 'error' });
    await notify?.({ open: true, alert: SESSION_EXPIRED_ALERT });
    expect(modal.getState()).toMatchObject({ open: true, view: 'Connect' });
    expect(store.get(alertsAtom).current?.title).toBe('Session Expired');
    getInternals(modal).feedback.dismissAlert();
    await notify?.({ alert: SESSION_EXPIRED_ALERT });
    expect(store.get(alertsAtom).current).toBeUndefined();
    modal.destroy();
  });

  it('notifies subscribers with a stable snapshot until something changes', async () => {
    const modal = createModal({ networks: [mainnet], adapters: [createFakeAdapter({ namespace: 'eip155' }).adapter], storage: null });
    const first = modal.getState();
    expect(modal.getState()).toBe(first);
    const seen: boolean[] = [];
    const unsubscribe = modal.subscribe((s) => seen.push(s.open));
    await modal.open();
    expect(seen.at(-1)).toBe(true);
    expect(modal.getState()).not.toBe(first);
    unsubscribe();
    modal.close();
    expect(seen.at(-1)).toBe(true);
    modal.destroy();
  });

  it('starts on the stored active network, else the default network', () => {
    const storage = createTestStorage({ '@latch/active_caip_network_id': '"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"' });
    const modal = createModal({ networks: [mainnet, solanaMainnet], storage });
    expect(modal.getState().activeNetwork?.caipNetworkId).toBe(solanaMainnet.caipNetworkId);
    expect(modal.getState().activeNamespace).toBe('solana');
    const fresh = createModal({ networks: [mainnet, solanaMainnet], storage: null });
    expect(fresh.getState().activeNetwork).toBe(mainnet);
    modal.destroy();
    fresh.destroy();
  });
});
