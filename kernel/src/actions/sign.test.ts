import { describe, expect, it } from 'vitest';
import { createModal } from '../createModal.js';
import { LatchError } from '../primitives.js';
import { connector, createFakeAdapter, mainnet, network } from '@latch/testkit/kernel';
import { createTestModal } from '../test-support/testModal.js';

describe('signMessage', () => {
  it('signs through the adapter capability with the connected address and connector', async () => {
    const { modal, fake } = createTestModal();
    const calls: unknown[] = [];
    fake.adapter.capabilities!.signMessage = {
      async signMessage(request) {
        calls.push({ message: request.message, address: request.address, connector: request.connector.id });
        return '0xsigned';
      },
    };
    await modal.connect('w');
    await expect(modal.signMessage('hello')).resolves.toBe('0xsigned');
    expect(calls).toEqual([{ message: 'hello', address: fake.address, connector: 'w' }]);
  });

  it('refuses when nothing is connected', async () => {
    const { modal } = createTestModal();
    await expect(modal.signMessage('hello')).rejects.toThrow(/^No wallet is connected$/);
    await expect(modal.signMessage('hello')).rejects.toBeInstanceOf(LatchError);
  });

  it('refuses on a namespace whose adapter declares no signMessage', async () => {
    const dot = network('polkadot', '91b171bb158e2d3848fa23a9f1c25182');
    const fake = createFakeAdapter({ namespace: 'polkadot', connectors: [connector('p', 'polkadot')] });
    const modal = createModal({ networks: [dot, mainnet], adapters: [fake.adapter], storage: null });
    await modal.connect('p');
    await expect(modal.signMessage('hello')).rejects.toThrow('Signing messages is not supported on polkadot');
  });

  it('reports a declined signature and keeps its code', async () => {
    const { modal, fake } = createTestModal();
    fake.adapter.capabilities!.signMessage = {
      signMessage: async () => Promise.reject({ code: 4001, message: 'User rejected the request.' }),
    };
    await modal.connect('w');
    const errors: string[] = [];
    modal.on('ERROR', ({ event }) => errors.push(event));
    await expect(modal.signMessage('hello')).rejects.toMatchObject({ code: 4001 });
    expect(errors).toEqual(['SIGN_MESSAGE_ERROR']);
  });
});
