import { describe, expect, it, vi } from 'vitest';
import { createModal } from '../createModal.js';
import { LatchError } from '../primitives.js';
import { createFakeConnectorPlugin, connector, createFakeAdapter, createTestStorage, mainnet, solanaMainnet } from '@latch/testkit/kernel';

function twoNamespaces() {
  const evm = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] });
  const sol = createFakeAdapter({ namespace: 'solana', connectors: [connector('s', 'solana')] });
  const storage = createTestStorage();
  const siwx = {
    getSessions: async () => [],
    createMessage: async () => ({ message: 'm', domain: 'd' }),
    addSession: async () => undefined,
    setSessions: vi.fn(async () => undefined),
  };
  const modal = createModal({ networks: [mainnet, solanaMainnet], adapters: [evm.adapter, sol.adapter], storage, siwx });
  return { modal, evm, sol, storage, siwx };
}

describe('disconnect (§4)', () => {
  it('one namespace on an injected wallet leaves the other namespace connected', async () => {
    const { modal, evm, sol, storage } = twoNamespaces();
    await modal.connect('w');
    await modal.connect('s');
    await modal.disconnect('eip155');
    expect(evm.methods()).toContain('disconnect');
    expect(sol.methods()).not.toContain('disconnect');
    expect(modal.getState().accounts.eip155?.status).toBe('disconnected');
    expect(modal.getState().accounts.solana?.status).toBe('connected');
    expect(modal.getState().status).toBe('connected');
    expect(modal.getState().activeNamespace).toBe('solana');
    expect(storage.map.has('@latch/eip155:connected_connector_id')).toBe(false);
    expect(storage.map.get('@latch/solana:connected_connector_id')).toBe('"s"');
    expect(JSON.parse(storage.map.get('@latch/connected_namespaces') ?? '')).toEqual(['solana']);
  });

  it.each(['WALLET_CONNECT', 'AUTH'] as const)(
    'one namespace of a shared %s session takes the session and its siblings along',
    async (type) => {
      const shared = createFakeConnectorPlugin({ type });
      const evm = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] });
      const sol = createFakeAdapter({ namespace: 'solana' });
      const modal = createModal({
        networks: [mainnet, solanaMainnet],
        adapters: [evm.adapter, sol.adapter],
        connectors: [shared.plugin],
        storage: null,
      });
      await modal.connect('shared');
      expect(modal.getState().status).toBe('connected');
      await modal.disconnect('solana');
      expect(evm.methods()).toContain('disconnect');
      expect(sol.methods()).toContain('disconnect');
      expect(shared.methods().filter((m) => m === 'disconnect')).toHaveLength(1);
      expect(modal.getState().status).toBe('disconnected');
    },
  );

  it('no argument disconnects every namespace and clears what §4 lists', async () => {
    const { modal, storage, siwx } = twoNamespaces();
    await modal.connect('w');
    await modal.connect('s');
    const done: string[][] = [];
    modal.on('DISCONNECT_SUCCESS', ({ namespaces }) => done.push([...namespaces]));
    await modal.disconnect();
    expect(done).toEqual([['eip155', 'solana']]);
    expect(modal.getState().status).toBe('disconnected');
    expect(modal.getState().accounts.eip155?.status).toBe('disconnected');
    expect(modal.getState().accounts.eip155?.address).toBeUndefined();
    expect(modal.getState().networks.eip155?.approvedCaipNetworkIds).toEqual([]);
    expect(siwx.setSessions).toHaveBeenCalledWith([]);
    for (const key of ['eip155:connected_connector_id', 'solana:connected_connector_id']) {
      expect(storage.map.has(`@latch/${key}`), key).toBe(false);
    }
    expect(storage.map.get('@latch/connection_status')).toBe('"disconnected"');
  });

  it('a wallet that fails to disconnect: local state still cleared, error reported with the §8 texts', async () => {
    const { modal, evm } = twoNamespaces();
    await modal.connect('w');
    evm.fail.disconnect = new Error('boom');
    const errors: string[] = [];
    modal.on('ERROR', ({ error }) => errors.push(error.message));
    const failed = modal.disconnect();
    await expect(failed).rejects.toThrow(/^Failed to disconnect$/);
    await expect(failed).rejects.toMatchObject({ cause: { message: 'Failed to disconnect chain eip155: boom' } });
    expect(errors).toEqual(['Failed to disconnect chain eip155: boom']);
    expect(modal.getState().status).toBe('disconnected');
    expect(modal.getState().snack).toMatchObject({ open: true, variant: 'error', message: 'Failed to disconnect' });
  });

  it('several wallets that fail: one LatchError whose cause is an AggregateError of a LatchError per wallet', async () => {
    const { modal, evm, sol } = twoNamespaces();
    await modal.connect('w');
    await modal.connect('s');
    const evmFailure = new Error('boom');
    const solFailure = new Error('locked');
    evm.fail.disconnect = evmFailure;
    sol.fail.disconnect = solFailure;
    const error: unknown = await modal.disconnect().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(LatchError);
    expect(error).toMatchObject({ name: 'LatchError', category: 'INTERNAL_SDK_ERROR', code: undefined, message: 'Failed to disconnect' });
    const { cause } = error as LatchError;
    expect(cause).toBeInstanceOf(AggregateError);
    const failures = (cause as AggregateError).errors;
    expect(failures.every((failure) => failure instanceof LatchError)).toBe(true);
    expect(failures.map((failure: LatchError) => [failure.message, failure.category, failure.cause])).toEqual([
      ['Failed to disconnect chain eip155: boom', 'INTERNAL_SDK_ERROR', evmFailure],
      ['Failed to disconnect chain solana: locked', 'INTERNAL_SDK_ERROR', solFailure],
    ]);
    expect(modal.getState().status).toBe('disconnected');
  });
});
