import { afterEach, describe, expect, it, vi } from 'vitest';
import { createModal } from '../createModal.js';
import { connector, createFakeAdapter, createTestStorage, mainnet, network, sepolia, solanaMainnet } from '@latch/testkit/kernel';
import { createTestModal } from '../test-support/testModal.js';

const settle = () => new Promise((r) => setTimeout(r, 0));
afterEach(() => vi.useRealTimers());

describe('balance (§5, §9)', () => {
  it('is fetched on a supported non-test network', async () => {
    const { modal, fake } = createTestModal({}, { balance: '2.5' });
    await modal.connect('w');
    await settle();
    expect(modal.getState().account).toMatchObject({ balance: '2.5', balanceSymbol: 'ETH' });
    expect(fake.methods()).toContain('getBalance');
  });

  it("shows '0.00' on a test network without asking", async () => {
    const { modal, fake } = createTestModal({ networks: [sepolia] });
    await modal.connect('w');
    await settle();
    expect(modal.getState().account?.balance).toBe('0.00');
    expect(fake.methods()).not.toContain('getBalance');
  });

  it('reads the balance on any namespace whose adapter declares the capability, listed or not', async () => {
    const near = network('near', 'mainnet');
    const fake = createFakeAdapter({ namespace: 'near', connectors: [connector('n', 'near')], address: 'alice.near', balance: '7.25' });
    const modal = createModal({ networks: [near], adapters: [fake.adapter], storage: null });
    await modal.connect('n');
    await settle();
    expect(modal.getState().account).toMatchObject({ balance: '7.25', balanceSymbol: 'ETH' });
    expect(fake.calls.find((c) => c.method === 'getBalance')?.args).toEqual(['alice.near', 'near:mainnet']);
  });

  it('shows no balance (never a made-up 0.00) where the adapter declares none', async () => {
    const dot = network('polkadot', '91b171bb158e2d3848fa23a9f1c25182');
    const fake = createFakeAdapter({ namespace: 'polkadot', connectors: [connector('p', 'polkadot')], without: ['balance'] });
    const modal = createModal({ networks: [dot], adapters: [fake.adapter], storage: null });
    await modal.connect('p');
    await settle();
    expect(modal.getState().account?.balance).toBeUndefined();
    expect(modal.getCapability('polkadot', 'balance')).toBeUndefined();
  });

  it('is cached for 30 s per address and network', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const storage = createTestStorage();
    const fake = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] });
    const modal = createModal({ networks: [mainnet], adapters: [fake.adapter], storage });
    await modal.connect('w');
    await settle();
    await modal.disconnect();
    await modal.connect('w');
    await settle();
    expect(fake.methods().filter((m) => m === 'getBalance')).toHaveLength(1);
    vi.advanceTimersByTime(30_001);
    await modal.disconnect();
    await modal.connect('w');
    await settle();
    expect(fake.methods().filter((m) => m === 'getBalance')).toHaveLength(2);
  });

  it('a failing balance read is reported and leaves no stale figure', async () => {
    const { modal, fake } = createTestModal();
    fake.fail.balance = new Error('HTTP status code: 503');
    const errors: string[] = [];
    modal.on('ERROR', ({ error, event }) => errors.push(`${event}: ${error.message}`));
    await modal.connect('w');
    await settle();
    expect(modal.getState().account?.balance).toBeUndefined();
    expect(errors).toEqual(['FETCH_BALANCE_ERROR: HTTP status code: 503']);
  });
});

describe('identity (§5)', () => {
  it('looks up name and avatar on EVM mainnet', async () => {
    const { modal } = createTestModal({}, { identity: { name: 'vitalik.eth', avatar: 'https://a/b.png' } });
    await modal.connect('w');
    await settle();
    expect(modal.getState().account).toMatchObject({ profileName: 'vitalik.eth', profileImage: 'https://a/b.png' });
  });

  it('clears them on a testnet and where the namespace declares no identity', async () => {
    const { modal, fake } = createTestModal({ networks: [sepolia] }, { identity: { name: 'x.eth' } });
    await modal.connect('w');
    await settle();
    expect(modal.getState().account?.profileName).toBeUndefined();
    expect(fake.methods()).not.toContain('getIdentity');
    const sol = createFakeAdapter({ namespace: 'solana', connectors: [connector('s', 'solana')], without: ['identity'] });
    const solModal = createModal({ networks: [solanaMainnet], adapters: [sol.adapter], storage: null });
    await solModal.connect('s');
    await settle();
    expect(solModal.getState().account?.profileName).toBeUndefined();
    expect(sol.methods()).not.toContain('getIdentity');
  });

  it('looks them up on any namespace that declares identity', async () => {
    const sol = createFakeAdapter({ namespace: 'solana', connectors: [connector('s', 'solana')], identity: { name: 'x.sol' } });
    const modal = createModal({ networks: [solanaMainnet], adapters: [sol.adapter], storage: null });
    await modal.connect('s');
    await settle();
    expect(modal.getState().account?.profileName).toBe('x.sol');
  });

  it('prefers a configured identity service over the adapter', async () => {
    const getIdentity = vi.fn(async () => ({ name: 'from-service.eth' }));
    const { modal, fake } = createTestModal({ dataServices: { identity: { getIdentity } } });
    await modal.connect('w');
    await settle();
    expect(modal.getState().account?.profileName).toBe('from-service.eth');
    expect(getIdentity).toHaveBeenCalledWith(fake.address, 'eip155:1');
    expect(fake.methods()).not.toContain('getIdentity');
  });
});
