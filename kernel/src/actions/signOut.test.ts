import { describe, expect, it, vi } from 'vitest';
import { createModal } from '../createModal.js';
import {
  connector,
  createFakeAdapter,
  createTestStorage,
  mainnet,
  solanaMainnet,
  createSiwxSessions,
  type SiwxSessionsOptions,
} from '@latch/testkit/kernel';

/** An eip155 and a solana wallet, both connected and both signed in. */
async function signedInOnTwo(options: SiwxSessionsOptions = {}) {
  const evm = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] });
  const sol = createFakeAdapter({ namespace: 'solana', connectors: [connector('s', 'solana')] });
  const store = createSiwxSessions(options);
  const modal = createModal({
    networks: [mainnet, solanaMainnet],
    adapters: [evm.adapter, sol.adapter],
    storage: createTestStorage(),
    siwx: store.config,
  });
  const evmKey = `${mainnet.caipNetworkId}:${evm.address}`;
  const solKey = `${solanaMainnet.caipNetworkId}:${sol.address}`;
  store.sessions.add(evmKey);
  store.sessions.add(solKey);
  await modal.connect('w');
  await modal.connect('s');
  return { modal, evm, sol, store, evmKey, solKey };
}

describe('sign-in sessions on disconnect (§4: that account signs out, the others stay)', () => {
  it("one namespace's disconnect revokes that account's sessions only", async () => {
    const { modal, sol, store, evmKey } = await signedInOnTwo();
    await modal.disconnect('solana');
    expect(store.calls).toEqual([`revokeSessions(solana:${sol.address})`]);
    expect([...store.sessions]).toEqual([evmKey]);
    expect(modal.getState().accounts.eip155?.status).toBe('connected');
  });

  it('a config with setSessions only keeps what the connected accounts still have', async () => {
    const { modal, store, evmKey } = await signedInOnTwo({ withoutRevoke: true });
    await modal.disconnect('solana');
    expect(store.calls).toEqual(['setSessions(1)']);
    expect([...store.sessions]).toEqual([evmKey]);
  });

  it('disconnecting every namespace signs the visitor out with setSessions([])', async () => {
    const { modal, store } = await signedInOnTwo();
    await modal.disconnect();
    expect(store.calls).toEqual(['setSessions(0)']);
    expect(store.sessions.size).toBe(0);
  });

  it("a disconnect the wallet makes itself (accountsChanged [], disconnected) ends that account's session too", async () => {
    const { modal, evm, sol, store, evmKey, solKey } = await signedInOnTwo();
    sol.emit({ type: 'accountsChanged', accounts: [] });
    await vi.waitFor(() => expect([...store.sessions]).toEqual([evmKey]));
    expect(modal.getState().accounts.solana?.status).toBe('disconnected');
    expect(store.sessions.has(solKey)).toBe(false);
    evm.emit({ type: 'disconnected' });
    await vi.waitFor(() => expect(store.sessions.size).toBe(0));
    expect(store.calls).toEqual([`revokeSessions(solana:${sol.address})`, 'setSessions(0)']);
  });
});
