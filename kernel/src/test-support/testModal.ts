import { createModal } from '../createModal.js';
import type { ModalOptions } from '../options.js';
import { connector, createFakeAdapter, createTestStorage, mainnet, type FakeAdapterOptions } from '@latch/testkit/kernel';

/** One EVM fake adapter with wallet 'w', test storage, and any option overrides. */
export function createTestModal(overrides: Partial<ModalOptions> = {}, adapterOptions: Partial<FakeAdapterOptions> = {}) {
  const fake = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')], ...adapterOptions });
  const storage = createTestStorage();
  const modal = createModal({ networks: [mainnet], adapters: [fake.adapter], storage, ...overrides });
  const events: string[] = [];
  for (const name of [
    'MODAL_OPEN',
    'MODAL_CLOSE',
    'CONNECT_SUCCESS',
    'CONNECT_ERROR',
    'DISCONNECT_SUCCESS',
    'DISCONNECT_ERROR',
    'SWITCH_NETWORK',
    'ALERT',
  ] as const) {
    modal.on(name, () => events.push(name));
  }
  return { modal, fake, storage, events, view: () => modal.getState().view };
}
