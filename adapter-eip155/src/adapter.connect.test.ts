import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LatchError } from '@latch/kernel';
import { createEip155Adapter } from './adapter.js';
import { announce, createPage, walletDetail } from './test-support/announcements.js';
import { recordingProvider } from './test-support/recordingProvider.js';
import { createWallet, MOCK_RDNS, mountAdapter, SECOND_CHAIN_ID, startChains, type Chains } from './test-support/walletFixture.js';

let chains: Chains;
beforeAll(async () => {
  chains = await startChains();
});
afterAll(() => chains?.stop());

const networks = () => [chains.mainNetwork, chains.secondNetwork];

describe('connect (real wallet on anvil)', () => {
  it('asks for accounts then the chain, and returns the checksummed address on eip155:<decimal>', async () => {
    const wallet = recordingProvider(createWallet(chains));
    const { adapter, connector, unmount } = mountAdapter(wallet.provider, networks());
    const result = await adapter.connect(connector, { network: chains.mainNetwork });
    const expected = chains.main.accounts[0]?.address;
    expect(result).toEqual({ address: expected, caipNetworkId: 'eip155:31337', accounts: [{ address: expected, type: 'eoa' }] });
    expect(wallet.methods.slice(0, 2)).toEqual(['eth_requestAccounts', 'eth_chainId']);
    unmount();
  });

  it('turns a rejection into a LatchError that keeps code 4001', async () => {
    const { adapter, connector, unmount } = mountAdapter(createWallet(chains, { failures: { rejectConnect: true } }), networks());
    const error = await adapter.connect(connector, { network: chains.mainNetwork }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(LatchError);
    expect(error).toMatchObject({ code: 4001, category: 'CONNECTOR_ERROR' });
    unmount();
  });

  it('refuses a connector without an EIP-1193 provider', async () => {
    const adapter = createEip155Adapter({ target: createPage() });
    const connector = { id: 'broken', name: 'Broken', type: 'ANNOUNCED', chain: 'eip155', provider: {} } as const;
    await expect(adapter.connect(connector, { network: chains.mainNetwork })).rejects.toMatchObject({ category: 'CONNECTOR_ERROR' });
  });
});

describe('wallet events reach context.emit', () => {
  it('reports a chain switched in the wallet as networkChanged with a CAIP-2 id', async () => {
    const wallet = createWallet(chains);
    const { adapter, connector, events, unmount } = mountAdapter(wallet, networks());
    await adapter.connect(connector, { network: chains.mainNetwork });
    wallet.switchChainFromWallet(SECOND_CHAIN_ID);
    expect(events).toEqual([{ type: 'networkChanged', caipNetworkId: 'eip155:31338' }]);
    unmount();
  });

  it('reports an account switch as accountsChanged with checksummed entries', async () => {
    const wallet = recordingProvider(createWallet(chains));
    const { adapter, connector, events, unmount } = mountAdapter(wallet.provider, networks());
    await adapter.connect(connector, { network: chains.mainNetwork });
    const other = chains.main.accounts[1]?.address as string;
    wallet.emitFromWallet('accountsChanged', [other.toLowerCase()]);
    expect(events).toEqual([{ type: 'accountsChanged', accounts: [{ address: other, type: 'eoa' }] }]);
    unmount();
  });

  it('treats accountsChanged [] (permissions revoked in the wallet) as a disconnect and stops listening', async () => {
    const wallet = createWallet(chains);
    const { adapter, connector, events, unmount } = mountAdapter(wallet, networks());
    await adapter.connect(connector, { network: chains.mainNetwork });
    await wallet.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] });
    wallet.switchChainFromWallet(SECOND_CHAIN_ID);
    expect(events).toEqual([{ type: 'disconnected' }]);
    unmount();
  });

  it('reports the wallet disconnecting', async () => {
    const wallet = createWallet(chains);
    const { adapter, connector, events, unmount } = mountAdapter(wallet, networks());
    await adapter.connect(connector, { network: chains.mainNetwork });
    wallet.emitDisconnect();
    expect(events).toEqual([{ type: 'disconnected' }]);
    unmount();
  });
});

describe('disconnect', () => {
  it('removes the listeners and revokes permissions', async () => {
    const wallet = createWallet(chains);
    const recorded = recordingProvider(wallet);
    const { adapter, connector, events, unmount } = mountAdapter(recorded.provider, networks());
    await adapter.connect(connector, { network: chains.mainNetwork });
    expect(recorded.listenerCount('chainChanged')).toBe(1);
    await adapter.disconnect(connector);
    expect(['accountsChanged', 'chainChanged', 'disconnect'].map(recorded.listenerCount)).toEqual([0, 0, 0]);
    expect(recorded.methods).toContain('wallet_revokePermissions');
    expect(wallet.connected).toBe(false);
    wallet.switchChainFromWallet(SECOND_CHAIN_ID);
    expect(events).toEqual([]);
    unmount();
  });

  it('ignores a wallet that does not implement wallet_revokePermissions', async () => {
    const recorded = recordingProvider(createWallet(chains), {
      wallet_revokePermissions: () => Promise.reject({ code: 4200, message: 'Unsupported method' }),
    });
    const { adapter, connector, unmount } = mountAdapter(recorded.provider, networks());
    await adapter.connect(connector, { network: chains.mainNetwork });
    await expect(adapter.disconnect(connector)).resolves.toBeUndefined();
    unmount();
  });

  it('does not hang on a wallet that never answers wallet_revokePermissions', async () => {
    const recorded = recordingProvider(createWallet(chains), { wallet_revokePermissions: () => new Promise(() => {}) });
    const { adapter, connector, unmount } = mountAdapter(recorded.provider, networks());
    await adapter.connect(connector, { network: chains.mainNetwork });
    const started = Date.now();
    await adapter.disconnect(connector);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(recorded.listenerCount('accountsChanged')).toBe(0);
    unmount();
  });

  it('the setup teardown also stops listening', async () => {
    const recorded = recordingProvider(createWallet(chains));
    const { adapter, connector, unmount } = mountAdapter(recorded.provider, networks());
    await adapter.connect(connector, { network: chains.mainNetwork });
    unmount();
    expect(recorded.listenerCount('accountsChanged')).toBe(0);
  });
});

describe('reconnect (silent)', () => {
  it('restores an authorised session with eth_accounts and never eth_requestAccounts', async () => {
    const wallet = createWallet(chains);
    await wallet.request({ method: 'eth_requestAccounts' }); // authorised in an earlier visit
    const recorded = recordingProvider(wallet);
    const { adapter, events, unmount } = mountAdapter(recorded.provider, networks());
    const restored = await adapter.reconnect?.(MOCK_RDNS, { network: chains.mainNetwork });
    expect(restored?.connector.id).toBe(MOCK_RDNS);
    expect(restored?.result).toMatchObject({ address: chains.main.accounts[0]?.address, caipNetworkId: 'eip155:31337' });
    expect(recorded.methods).toContain('eth_accounts');
    expect(recorded.methods).not.toContain('eth_requestAccounts');
    wallet.switchChainFromWallet(SECOND_CHAIN_ID); // the restored session is followed
    expect(events).toEqual([{ type: 'networkChanged', caipNetworkId: 'eip155:31338' }]);
    unmount();
  });

  it('resolves null without a popup when the wallet has not authorised this site', async () => {
    const recorded = recordingProvider(createWallet(chains));
    const { adapter, unmount } = mountAdapter(recorded.provider, networks());
    await expect(adapter.reconnect?.(MOCK_RDNS, { network: chains.mainNetwork })).resolves.toBeNull();
    expect(recorded.methods).toEqual(['eth_accounts']);
    unmount();
  });

  it('waits for a wallet that announces itself late', async () => {
    const wallet = createWallet(chains);
    await wallet.request({ method: 'eth_requestAccounts' });
    const page = createPage();
    const adapter = createEip155Adapter({ target: page, reconnectTimeoutMs: 2_000 });
    setTimeout(() => announce(page, walletDetail(MOCK_RDNS, { provider: wallet })), 100);
    const restored = await adapter.reconnect?.(MOCK_RDNS, { network: chains.mainNetwork });
    expect(restored?.result.address).toBe(chains.main.accounts[0]?.address);
  });

  it('resolves null once the wait for an absent wallet times out', async () => {
    const adapter = createEip155Adapter({ target: createPage(), reconnectTimeoutMs: 50 });
    await expect(adapter.reconnect?.('io.absent.wallet', { network: chains.mainNetwork })).resolves.toBeNull();
  });

  it('restores the legacy injected wallet from window.ethereum', async () => {
    const wallet = createWallet(chains);
    await wallet.request({ method: 'eth_requestAccounts' });
    const adapter = createEip155Adapter({ target: createPage(wallet) });
    const restored = await adapter.reconnect?.('injected', { network: chains.mainNetwork });
    expect(restored?.connector).toMatchObject({ id: 'injected', type: 'INJECTED' });
    expect(restored?.result.address).toBe(chains.main.accounts[0]?.address);
  });
});
