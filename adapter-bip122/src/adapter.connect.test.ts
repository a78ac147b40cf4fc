import { isUserRejection, LatchError, type Connector } from '@latch/kernel';
import { bitcoinPaymentAddress, BITCOIN_NETWORKS, REGTEST_PARAMS } from '@latch/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBitcoinAdapter } from './adapter.js';
import { BITCOIN_TESTNET_CAIP_NETWORK_ID } from './networks/chainIds.js';
import { bitcoinTestnet } from './networks/bitcoin.js';
import {
  createPage,
  createWallet,
  key,
  mountAdapter,
  SATS_CONNECTOR_ID,
  settle,
  startRegtest,
  unmountAll,
  type Regtest,
} from './test-support/bitcoinFixture.js';
import { recordingProvider } from './test-support/recordingProvider.js';
import { createTestRegistry } from './test-support/testRegistry.js';

let local: Regtest;
beforeAll(async () => {
  local = await startRegtest();
});
afterAll(() => local?.stop());
afterEach(unmountAll);

/** A connector on the testkit wallet's provider (optionally recorded), as discovery makes it. */
function connectorFor(provider: object): Connector {
  return { id: SATS_CONNECTOR_ID, name: 'Latch Bitcoin Wallet', type: 'ANNOUNCED', chain: 'bip122', provider };
}

describe('connect and reconnect (sats-connect provider)', () => {
  it('asks wallet_connect for payment and ordinals addresses on the requested network; payment is the address', async () => {
    const wallet = createWallet(local, { paymentKey: key(0x11), ordinalsKey: key(0x12) });
    const recorded = recordingProvider(wallet.provider);
    const { adapter } = mountAdapter([local.network]);
    const result = await adapter.connect(connectorFor(recorded.provider), { network: local.network });
    expect(result).toEqual({
      address: wallet.paymentAddress,
      caipNetworkId: local.network.caipNetworkId,
      accounts: [
        { address: wallet.paymentAddress, type: 'payment' },
        { address: wallet.ordinalsAddress, type: 'ordinal' },
      ],
    });
    expect(wallet.paymentAddress).toMatch(/^bcrt1q/);
    expect(wallet.ordinalsAddress).toMatch(/^bcrt1p/);
    expect(recorded.calls).toEqual([{ method: 'wallet_connect', params: { addresses: ['payment', 'ordinals'], network: 'Regtest' } }]);
  });

  it('reports the network the wallet is on, which the kernel may find unsupported', async () => {
    const wallet = createWallet(local, { paymentKey: key(0x13), network: 'Testnet' });
    const { adapter } = mountAdapter([local.network, bitcoinTestnet]);
    // bitcoinTestnet: the wallet switches to it in its prompt; an unknown custom network leaves the wallet as it is.
    const result = await adapter.connect(connectorFor(wallet.provider), { network: bitcoinTestnet });
    expect(result).toMatchObject({ caipNetworkId: BITCOIN_TESTNET_CAIP_NETWORK_ID, address: expect.stringMatching(/^tb1q/) });
  });

  it('turns a refusal (sats-connect code -32000) into a LatchError with code 4001, and connects on retry', async () => {
    const wallet = createWallet(local, { paymentKey: key(0x14), failures: { rejectConnect: true } });
    const { adapter } = mountAdapter([local.network]);
    const connector = connectorFor(wallet.provider);
    const error = await adapter.connect(connector, { network: local.network }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(LatchError);
    expect(error).toMatchObject({ code: 4001, category: 'CONNECTOR_ERROR', message: 'User rejected the request.' });
    expect(isUserRejection(error)).toBe(true);
    wallet.setFailure('rejectConnect', false);
    await expect(adapter.connect(connector, { network: local.network })).resolves.toMatchObject({ address: wallet.paymentAddress });
  });

  it('keeps other wallet codes, and refuses malformed answers and non-wallet connectors', async () => {
    const { adapter } = mountAdapter([local.network]);
    const failing = { request: async () => ({ jsonrpc: '2.0', id: '1', error: { code: -32603, message: 'Wallet is locked' } }) };
    await expect(adapter.connect(connectorFor(failing), { network: local.network })).rejects.toMatchObject({
      code: -32603,
      message: 'Wallet is locked',
    });
    const throwing = {
      request: async () => {
        throw Object.assign(new Error('Extension context invalidated'), { code: 4900 });
      },
    };
    await expect(adapter.connect(connectorFor(throwing), { network: local.network })).rejects.toMatchObject({ code: 4900 });
    const garbage = {
      request: async () => ({ jsonrpc: '2.0', id: '1', result: { addresses: [{ address: 'bc1qnope', purpose: 'payment' }] } }),
    };
    await expect(adapter.connect(connectorFor(garbage), { network: local.network })).rejects.toThrow(/malformed payment address/);
    const mainnetAddresses = {
      request: async () => ({
        jsonrpc: '2.0',
        id: '1',
        result: {
          addresses: [{ address: bitcoinPaymentAddress(key(0x15), BITCOIN_NETWORKS.Mainnet.params), purpose: 'payment' }],
          network: { bitcoin: { name: 'Regtest' } },
        },
      }),
    };
    await expect(adapter.connect(connectorFor(mainnetAddresses), { network: local.network })).rejects.toThrow(/malformed payment address/);
    const noEnvelope = { request: async () => ({ addresses: [] }) };
    await expect(adapter.connect(connectorFor(noEnvelope), { network: local.network })).rejects.toThrow(
      /malformed answer to wallet_connect/,
    );
    await expect(adapter.connect(connectorFor({}), { network: local.network })).rejects.toMatchObject({ category: 'CONNECTOR_ERROR' });
  });

  it('falls back to getAddresses for a wallet without wallet_connect', async () => {
    const wallet = createWallet(local, { paymentKey: key(0x16) });
    const recorded = recordingProvider(wallet.provider, (method) =>
      method === 'wallet_connect' ? { jsonrpc: '2.0', id: 'x', error: { code: -32601, message: 'Method not found' } } : undefined,
    );
    const { adapter } = mountAdapter([local.network]);
    await expect(adapter.connect(connectorFor(recorded.provider), { network: local.network })).resolves.toMatchObject({
      address: wallet.paymentAddress,
    });
    expect(recorded.methods()).toEqual(['wallet_connect', 'getAddresses']);
  });

  it('restores an authorised wallet silently (wallet_getAccount only) once its provider appears, and nothing else', async () => {
    const wallet = createWallet(local, { paymentKey: key(0x17) });
    await wallet.provider.request('wallet_connect', null); // authorised on an earlier page load
    const recorded = recordingProvider(wallet.provider);
    const page = createPage();
    const adapter = createBitcoinAdapter({ window: page, getWallets: createTestRegistry, reconnectTimeoutMs: 2_000 });
    adapter.setup?.({ networks: [local.network], emit() {} });
    // The extension injects its globals late, and nothing announces them: the reconnect keeps looking for a while.
    setTimeout(() => {
      page.LatchBitcoinWalletProviders = { BitcoinProvider: recorded.provider };
      page.btc_providers = [{ id: 'LatchBitcoinWalletProviders.BitcoinProvider', name: 'Latch Bitcoin Wallet', icon: wallet.info.icon }];
    }, 250);
    const restored = await adapter.reconnect!(SATS_CONNECTOR_ID, { network: local.network });
    expect(restored?.result).toMatchObject({ address: wallet.paymentAddress, caipNetworkId: local.network.caipNetworkId });
    expect(restored?.connector.provider).toBe(recorded.provider);
    expect(recorded.methods()).toEqual(['wallet_getAccount']);

    const stranger = createWallet(local, { paymentKey: key(0x18), id: 'stranger' });
    await expect(
      adapter.reconnect!('a-shared-session', { network: local.network, connector: connectorFor(stranger.provider) }),
    ).resolves.toBeNull();
    await expect(
      adapter.reconnect!('a-shared-session', { network: local.network, connector: connectorFor({ nothing: true }) }),
    ).resolves.toBeNull();
  });

  it('gives up a reconnect when the wallet never appears', async () => {
    const adapter = createBitcoinAdapter({ window: createPage(), getWallets: createTestRegistry, reconnectTimeoutMs: 150 });
    const started = Date.now();
    await expect(adapter.reconnect!(SATS_CONNECTOR_ID, { network: local.network })).resolves.toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});

describe('wallet events and disconnect (sats-connect provider)', () => {
  async function connected(paymentKey: string) {
    const wallet = createWallet(local, { paymentKey });
    const mounted = mountAdapter([local.network, bitcoinTestnet]);
    const recorded = recordingProvider(wallet.provider);
    const connector = connectorFor(recorded.provider);
    await mounted.adapter.connect(connector, { network: local.network });
    return { ...mounted, wallet, recorded, connector };
  }

  it('reports an account switch with both accounts, payment first', async () => {
    const { wallet, events } = await connected(key(0x21));
    const next = wallet.switchAccount({ paymentKey: key(0x22), ordinalsKey: key(0x23) });
    await settle();
    expect(events).toEqual([
      {
        type: 'accountsChanged',
        accounts: [
          { address: next, type: 'payment' },
          { address: wallet.ordinalsAddress, type: 'ordinal' },
        ],
      },
    ]);
    expect(next).toBe(bitcoinPaymentAddress(key(0x22), REGTEST_PARAMS));
  });

  it('re-reads the accounts silently when the wallet says they changed without listing them', async () => {
    const wallet = createWallet(local, { paymentKey: key(0x24) });
    let listener: ((event: unknown) => void) | undefined;
    const bare = {
      request: wallet.provider.request,
      addListener: ({ eventName, cb }: { eventName: string; cb: (event: unknown) => void }) => {
        if (eventName === 'accountChange') listener = cb;
        return () => {};
      },
    };
    const mounted = mountAdapter([local.network]);
    await mounted.adapter.connect(connectorFor(bare), { network: local.network });
    const next = wallet.switchAccount({ paymentKey: key(0x25) });
    listener?.({ type: 'accountChange' });
    await settle();
    expect(mounted.events).toEqual([
      expect.objectContaining({ type: 'accountsChanged', accounts: expect.arrayContaining([{ address: next, type: 'payment' }]) }),
    ]);
  });

  it('reports the network the wallet switched to, then its addresses on it', async () => {
    const { wallet, events } = await connected(key(0x26));
    wallet.switchNetwork('Testnet');
    await settle();
    expect(events).toEqual([
      { type: 'networkChanged', caipNetworkId: BITCOIN_TESTNET_CAIP_NETWORK_ID },
      {
        type: 'accountsChanged',
        accounts: [expect.objectContaining({ address: expect.stringMatching(/^tb1q/), type: 'payment' }), expect.anything()],
      },
    ]);
  });

  it('switches the wallet network on request (wallet_changeNetwork) and follows it, once', async () => {
    const { wallet, adapter, connector, events, recorded } = await connected(key(0x27));
    await adapter.switchNetwork!(bitcoinTestnet, connector);
    expect(wallet.network).toBe('Testnet');
    await settle();
    expect(recorded.methods()).toContain('wallet_changeNetwork');
    expect(events.filter((event) => event.type === 'networkChanged')).toEqual([
      { type: 'networkChanged', caipNetworkId: BITCOIN_TESTNET_CAIP_NETWORK_ID },
    ]);
    expect(events.filter((event) => event.type === 'accountsChanged')).toHaveLength(1);
    const custom = { ...local.network, caipNetworkId: 'bip122:ffffffffffffffffffffffffffffffff' as const, name: 'Custom' };
    await expect(adapter.switchNetwork!(custom, connector)).rejects.toMatchObject({ code: 5710 });
  });

  it('reports a wallet-side disconnect once, and nothing after the dapp disconnects (telling the wallet)', async () => {
    const first = await connected(key(0x28));
    first.wallet.disconnectFromWallet();
    await settle();
    expect(first.events).toEqual([{ type: 'disconnected' }]);

    const second = await connected(key(0x29));
    await second.adapter.disconnect(second.connector);
    expect(second.recorded.methods()).toEqual(['wallet_connect', 'wallet_disconnect']);
    expect(second.wallet.authorised).toBe(false);
    second.wallet.switchAccount({ paymentKey: key(0x2a) });
    second.wallet.disconnectFromWallet();
    await settle();
    expect(second.events).toEqual([]);
  });

  it('does not wait for a wallet that never answers wallet_disconnect', async () => {
    const { adapter, connector } = await connected(key(0x2b));
    (connector.provider as { request: unknown }).request = () => new Promise(() => {});
    const started = Date.now();
    await adapter.disconnect(connector);
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
