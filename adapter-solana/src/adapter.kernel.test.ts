import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createModal, type StorageLike } from '@latch/kernel';
import { pollUntil } from '@latch/testkit';
import { createSolanaAdapter } from './adapter.js';
import {
  CONNECTOR_ID,
  addressOf,
  createRegistrations,
  createWallet,
  recordingWallet,
  seed,
  startLocalSolana,
  type LocalSolana,
} from './test-support/solanaFixture.js';

let local: LocalSolana;
beforeAll(async () => {
  local = await startLocalSolana();
});
afterAll(() => local?.stop());
const registrations = createRegistrations();
const modals: ReturnType<typeof createModal>[] = [];
afterEach(() => {
  for (const modal of modals.splice(0)) modal.destroy();
  registrations.clear();
});

/** One browser profile's localStorage, shared by the page loads of a test. */
function memoryStorage(): StorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** A page load: a fresh modal with a fresh adapter over the same storage. */
function loadPage(storage: StorageLike) {
  const modal = createModal({ networks: [local.network], adapters: [createSolanaAdapter()], storage });
  modals.push(modal);
  return modal;
}

describe('under the kernel (createModal + the real wallet and chain)', () => {
  it('connects, shows the SOL balance, follows the wallet, and restores the session silently on the next page load', async () => {
    const [alice, bob] = await Promise.all([addressOf(seed(0x51)), addressOf(seed(0x52))]);
    const mock = await createWallet(local, { seedHex: seed(0x51) });
    registrations.register(mock);
    const storage = memoryStorage();

    const first = loadPage(storage);
    await pollUntil(() => first.getState().connectors.find((c) => c.id === CONNECTOR_ID), 'the wallet in the list');
    await first.connect(CONNECTOR_ID);
    expect(first.getState().account).toMatchObject({
      status: 'connected',
      address: alice,
      caipAddress: `${local.network.caipNetworkId}:${alice}`,
    });
    await pollUntil(() => first.getState().account?.balance, 'the balance');
    expect(first.getState().account).toMatchObject({ balance: '10', balanceSymbol: 'SOL' });
    await mock.switchAccount(seed(0x52));
    await pollUntil(() => (first.getState().account?.address === bob ? true : undefined), 'the switched account');
    first.destroy();

    registrations.clear();
    const recorded = recordingWallet(mock);
    registrations.register(recorded.wallet);
    const second = loadPage(storage);
    await pollUntil(() => (second.getState().status === 'connected' ? true : undefined), 'the silent restore');
    expect(second.getState().account).toMatchObject({ status: 'connected', address: bob });
    expect(recorded.callsTo('standard:connect')).toEqual([{ silent: true }]);

    mock.disconnectFromWallet();
    await pollUntil(() => (second.getState().status === 'disconnected' ? true : undefined), 'the disconnect');
  });
});
