import { describe, expect, it } from 'vitest';
import { createModal } from '../createModal.js';
import { LatchError } from '../primitives.js';
import type { CallsCapability, SendCallsRequest } from '../plugins/ChainAdapter.js';
import { connector, createFakeAdapter, mainnet, network } from '@latch/testkit/kernel';
import { createTestModal } from '../test-support/testModal.js';

/** A wallet's bundle capability that records what the kernel asked. */
function recordingCalls(overrides: Partial<CallsCapability> = {}) {
  const sent: Omit<SendCallsRequest, 'connector' | 'network'>[] = [];
  const calls: CallsCapability = {
    getCapabilities: async () => ({ '0x1': { atomic: { status: 'supported' } } }),
    async sendCalls({ connector: _c, network, ...request }) {
      sent.push(request);
      return { id: `bundle-on-${network.caipNetworkId}` };
    },
    getCallsStatus: async ({ id }) => ({ version: '2.0.0', id, chainId: '0x1', status: 200, atomic: true, receipts: [] }),
    ...overrides,
  };
  return { calls, sent };
}

const call = { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', data: '0x' };

describe('call bundles (modal.sendCalls, getCallsStatus, getCapabilities)', () => {
  it('sends through the connected wallet on the active network with the connected address; atomicRequired defaults to false', async () => {
    const { modal, fake } = createTestModal();
    const { calls, sent } = recordingCalls();
    fake.adapter.capabilities!.calls = calls;
    await modal.connect('w');
    await expect(modal.sendCalls({ calls: [call] })).resolves.toEqual({ id: 'bundle-on-eip155:1' });
    await modal.sendCalls({
      calls: [call, call],
      atomicRequired: true,
      id: 'mine',
      capabilities: { paymasterService: { url: 'u', optional: true } },
    });
    expect(sent).toEqual([
      { from: fake.address, calls: [call], atomicRequired: false },
      {
        from: fake.address,
        calls: [call, call],
        atomicRequired: true,
        id: 'mine',
        capabilities: { paymasterService: { url: 'u', optional: true } },
      },
    ]);
    await expect(modal.getCallsStatus('mine')).resolves.toMatchObject({ id: 'mine', status: 200, atomic: true });
    await expect(modal.getCapabilities()).resolves.toEqual({ '0x1': { atomic: { status: 'supported' } } });
  });

  it('a failed capabilities request gives {}', async () => {
    const { modal, fake } = createTestModal();
    fake.adapter.capabilities!.calls = recordingCalls({ getCapabilities: () => Promise.reject(new Error('wallet fell over')) }).calls;
    await modal.connect('w');
    await expect(modal.getCapabilities()).resolves.toEqual({});
  });

  it('keeps a bundle error code (5760) and reports it as SEND_CALLS_ERROR', async () => {
    const { modal, fake } = createTestModal();
    const refusal = new LatchError('The wallet does not support atomic execution but the request requires it.', { code: 5760 });
    fake.adapter.capabilities!.calls = recordingCalls({ sendCalls: () => Promise.reject(refusal) }).calls;
    await modal.connect('w');
    const events: string[] = [];
    modal.on('ERROR', ({ event }) => events.push(event));
    await expect(modal.sendCalls({ calls: [call], atomicRequired: true })).rejects.toMatchObject({ code: 5760 });
    expect(events).toEqual(['SEND_CALLS_ERROR']);
  });

  it('refuses when nothing is connected, on a namespace without bundles, and without an id', async () => {
    const { modal, fake } = createTestModal();
    fake.adapter.capabilities!.calls = recordingCalls().calls;
    await expect(modal.sendCalls({ calls: [call] })).rejects.toThrow(/^No wallet is connected$/);
    await expect(modal.getCapabilities()).rejects.toThrow(/^No wallet is connected$/);
    await modal.connect('w');
    await expect(modal.getCallsStatus('')).rejects.toThrow('A bundle id is required');

    const dot = network('polkadot', '91b171bb158e2d3848fa23a9f1c25182');
    const polkadot = createFakeAdapter({ namespace: 'polkadot', connectors: [connector('p', 'polkadot')] });
    const other = createModal({ networks: [dot, mainnet], adapters: [polkadot.adapter], storage: null });
    await other.connect('p');
    await expect(other.sendCalls({ calls: [call] })).rejects.toThrow('Call bundles are not supported on polkadot');
  });
});
