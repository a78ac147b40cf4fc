import { describe, expect, it } from 'vitest';
import { createModal } from '../createModal.js';
import type { ModalOptions } from '../options.js';
import { connector, createFakeAdapter, createTestStorage, mainnet, solanaMainnet } from '@latch/testkit/kernel';

/** One extension announcing itself on both namespaces, as a merged multi-chain wallet (§3). */
function multichain(extra: Partial<ModalOptions> = {}) {
  const evm = createFakeAdapter({ namespace: 'eip155', connectors: [{ ...connector('multi', 'eip155'), name: 'Multi' }] });
  const sol = createFakeAdapter({ namespace: 'solana', connectors: [{ ...connector('ws:Multi', 'solana'), name: 'Multi' }] });
  const storage = createTestStorage();
  const modal = createModal({ networks: [mainnet, solanaMainnet], adapters: [evm.adapter, sol.adapter], storage, ...extra });
  const closes: number[] = [];
  modal.on('MODAL_CLOSE', () => closes.push(1));
  const targets = [
    { connectorId: 'multi', namespace: 'eip155' as const },
    { connectorId: 'ws:Multi', namespace: 'solana' as const },
  ];
  return { modal, evm, sol, storage, closes, targets };
}

describe('connectMany (§3 merged multi-chain connector)', () => {
  it('connects every namespace of the wallet and closes the modal once', async () => {
    const { modal, storage, closes, targets } = multichain();
    await modal.open();
    const outcome = await modal.connectMany(targets);
    expect(outcome.connected.map((c) => c.namespace)).toEqual(['eip155', 'solana']);
    expect(outcome.failed).toEqual([]);
    expect(modal.getState().accounts.eip155?.status).toBe('connected');
    expect(modal.getState().accounts.solana?.status).toBe('connected');
    expect(modal.getState().open).toBe(false);
    expect(closes).toHaveLength(1);
    expect(storage.map.get('@latch/solana:connected_connector_id')).toBe('"ws:Multi"');
    expect(JSON.parse(storage.map.get('@latch/connected_namespaces') ?? '')).toEqual(['eip155', 'solana']);
  });

  it("leaves the default network's namespace active, not the last one connected", async () => {
    const { modal, storage, targets } = multichain();
    await modal.connectMany(targets);
    expect(modal.getState().activeNamespace).toBe('eip155');
    expect(modal.getState().activeNetwork?.caipNetworkId).toBe('eip155:1');
    expect(storage.map.get('@latch/active_namespace')).toBe('"eip155"');
  });

  it('keeps the namespaces that connected when the visitor declines one', async () => {
    const { modal, sol, targets } = multichain();
    sol.fail.connect = { code: 4001, message: 'User rejected the request.' };
    await modal.open();
    const outcome = await modal.connectMany(targets);
    expect(outcome.connected.map((c) => c.namespace)).toEqual(['eip155']);
    expect(outcome.failed).toHaveLength(1);
    expect(outcome.failed[0]).toMatchObject({ namespace: 'solana', error: { code: 4001 } });
    expect(modal.getState().status).toBe('connected');
    expect(modal.getState().accounts.solana?.status).not.toBe('connected');
    expect(modal.getState().open).toBe(false);
  });

  it('throws the first error when no namespace connects, and leaves the modal open', async () => {
    const { modal, evm, sol, targets } = multichain();
    evm.fail.connect = { code: 4001, message: 'User rejected the request.' };
    sol.fail.connect = new Error('locked');
    await modal.open();
    await expect(modal.connectMany(targets)).rejects.toMatchObject({ code: 4001 });
    expect(modal.getState().status).toBe('disconnected');
    expect(modal.getState().open).toBe(true);
  });

  it('in embedded mode, goes to Account when done', async () => {
    const { modal, targets } = multichain({ enableEmbedded: true });
    await modal.open({ view: 'ConnectingExternal' });
    await modal.connectMany(targets);
    expect(modal.getState().view).toBe('Account');
  });

  it('a single connect in embedded mode also goes to Account', async () => {
    const { modal } = multichain({ enableEmbedded: true });
    await modal.open({ view: 'ConnectingExternal' });
    await modal.connect('multi');
    expect(modal.getState().view).toBe('Account');
  });
});
