import { createModal } from '@latch/kernel';
import { describe, expect, it } from 'vitest';
import { connector, createFakeAdapter, createFakeConnectorPlugin, createSiwxSessions, createTestStorage, mainnet } from './index.js';

// The README's example of `@latch/testkit/kernel`, run against the kernel as an app installs it (its build).
describe('@latch/testkit/kernel', () => {
  it('a fake adapter records what the kernel asks and plays the wallet ending the session', async () => {
    const fake = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] });
    const modal = createModal({ networks: [mainnet], adapters: [fake.adapter], storage: createTestStorage() });
    try {
      await modal.connect('w');
      expect(fake.calls).toContainEqual({ method: 'connect', args: ['w', 'eip155:1'] });
      expect(modal.getState().account).toMatchObject({ status: 'connected', address: fake.address });

      fake.emit({ type: 'disconnected' });
      await expect.poll(() => modal.getState().account?.status).toBe('disconnected');

      fake.fail.connect = { code: 4001, message: 'User rejected the request.' };
      await expect(modal.connect('w')).rejects.toMatchObject({ code: 4001 });
    } finally {
      modal.destroy();
    }
  });

  it('a fake connector plugin restores its session on a second instance over the same storage', async () => {
    const storage = createTestStorage();
    // A connector plugin opens the session; the namespace's adapter connects through it.
    const evm = () => createFakeAdapter({ namespace: 'eip155' }).adapter;
    const first = createFakeConnectorPlugin({ approve: ['eip155'] });
    const one = createModal({ networks: [mainnet], adapters: [evm()], connectors: [first.plugin], storage });
    await one.connect('shared');
    expect(first.methods()).toContain('connect');
    one.destroy();

    const second = createFakeConnectorPlugin({ approve: ['eip155'] });
    const two = createModal({ networks: [mainnet], adapters: [evm()], connectors: [second.plugin], storage });
    try {
      await expect.poll(() => two.getState().account?.address).toBeDefined();
      expect(second.methods()).toContain('restore');
    } finally {
      two.destroy();
    }
  });

  it('a siwx config whose server is a set: refusing to store a session fails with its message', async () => {
    const sessions = createSiwxSessions({ refuse: 'the server is down' });
    const message = await sessions.config.createMessage({ caipNetworkId: 'eip155:1', address: '0xabc' } as never);
    expect(message.message).toContain('eip155:1:0xabc');
    await expect(
      sessions.config.addSession({ caipNetworkId: 'eip155:1', address: '0xabc', message: message.message, signature: '0x00' } as never),
    ).rejects.toThrow('the server is down');
    expect(sessions.sessions.size).toBe(0);
  });
});
