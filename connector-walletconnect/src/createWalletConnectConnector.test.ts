import type { ConnectorContext, SessionRequest } from '@latch/kernel';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createWalletConnectConnector, PUBLIC_RELAY_URL, WALLETCONNECT_VIEW } from './createWalletConnectConnector.js';

const INVALID_OPTION = expect.objectContaining({ name: 'LatchError', category: 'VALIDATION_ERROR', code: 'INVALID_OPTION' });

const controller = vi.hoisted(() => ({
  connect: vi.fn(async () => ({ namespaces: {} })),
  restore: vi.fn(async () => null),
  disconnect: vi.fn(async () => undefined),
  teardown: vi.fn(),
}));
const created = vi.hoisted(() => vi.fn());
vi.mock('./session.js', () => ({
  createSessionController: (...args: unknown[]) => {
    created(...args);
    return controller;
  },
}));

const request: SessionRequest = { namespaces: { eip155: [] } };

function context(stored: Record<string, unknown> = {}): ConnectorContext {
  return {
    namespaces: ['eip155', 'solana'],
    networks: () => [],
    storage: { get: (key) => stored[key], set: (key, value) => void (stored[key] = value), remove: (key) => void delete stored[key] },
    emit: () => undefined,
  };
}

beforeEach(() => {
  created.mockClear();
  for (const fn of Object.values(controller)) fn.mockClear();
});

describe('createWalletConnectConnector', () => {
  it('is a WALLET_CONNECT entry for the five bridged namespaces with its QR view; registering loads no WalletConnect code', async () => {
    const connector = createWalletConnectConnector({ relayUrl: 'ws://127.0.0.1:9000' });
    expect(connector).toMatchObject({
      id: 'walletconnect',
      name: 'WalletConnect',
      type: 'WALLET_CONNECT',
      namespaces: ['eip155', 'solana', 'bip122', 'polkadot', 'cosmos'],
    });
    expect(connector.icon).toMatch(/^data:image\/svg\+xml,/);
    expect(connector.connectingView).toBe(WALLETCONNECT_VIEW);
    // The same QR view under the name the modal opens at with manualWCControl (or no adapters): one lazy chunk.
    expect(Object.keys(connector.views ?? {})).toEqual([WALLETCONNECT_VIEW, 'ConnectingWalletConnectBasic']);
    expect(connector.views?.ConnectingWalletConnectBasic).toBe(connector.views?.[WALLETCONNECT_VIEW]);
    const teardown = connector.setup?.(context());
    // A first visit: nothing stored, so restoring does not load the session code either.
    expect(await connector.restore?.(request)).toBeNull();
    await connector.disconnect();
    expect(created).not.toHaveBeenCalled();
    teardown?.();
  });

  it('loads the session once, on connect, with the checked settings', async () => {
    const connector = createWalletConnectConnector({ relayUrl: 'wss://relay.example.com', qrTimeoutMs: 60_000, id: 'wc' });
    connector.setup?.(context());
    await connector.connect(request);
    await connector.connect(request);
    expect(created).toHaveBeenCalledTimes(1);
    expect(created.mock.calls[0]?.[0]).toMatchObject({ id: 'wc', relayUrl: 'wss://relay.example.com', pairingTtlMs: 60_000 });
    expect(controller.connect).toHaveBeenCalledTimes(2);
  });

  it('restores only when a session was stored', async () => {
    const connector = createWalletConnectConnector({ relayUrl: 'wss://relay.example.com' });
    connector.setup?.(context({ session: 'abc' }));
    await connector.restore?.(request);
    expect(controller.restore).toHaveBeenCalledWith(request);
  });

  it('uses the public relay when only a projectId is given', () => {
    const connector = createWalletConnectConnector({ projectId: '0123456789abcdef0123456789abcdef' });
    expect(connector.walletConnect.settings.relayUrl).toBe(PUBLIC_RELAY_URL);
  });

  it('refuses bad options with a clear error', () => {
    const make = (options: unknown) => () => createWalletConnectConnector(options as never);
    expect(make({})).toThrow('createWalletConnectConnector: relayUrl is required (or a projectId to use the public relay)');
    expect(make(undefined)).toThrow(/relayUrl is required/);
    expect(make({})).toThrow(INVALID_OPTION);
    expect(make({ relayUrl: 'https://relay.example.com' })).toThrow(
      "relayUrl must be a ws:// or wss:// URL (got 'https://relay.example.com')",
    );
    expect(make({ projectId: 'x' })).toThrow('projectId must be a WalletConnect Cloud project id');
    expect(make({ relayUrl: 'wss://r.example', walletRegistryUrl: 'file:///etc/passwd' })).toThrow(
      'walletRegistryUrl must be an http(s) URL',
    );
    expect(make({ relayUrl: 'wss://r.example', qrTimeoutMs: 1000 })).toThrow('qrTimeoutMs must be at least 30000 (30 s)');
    expect(make({ relayUrl: 'wss://r.example', qrTimeoutMs: Number.NaN })).toThrow(/qrTimeoutMs/);
    expect(make({ relayUrl: 'wss://r.example', icon: 'https://tracker.example/icon.png' })).toThrow('icon must be a data:image/… URI');
    expect(make({ relayUrl: 'wss://r.example', excludeWalletIds: 'metamask' })).toThrow('excludeWalletIds must be a list of wallet ids');
    expect(make({ relayUrl: 'wss://r.example', verify: true })).toThrow('createWalletConnectConnector: verify needs a projectId');
  });

  it('serves the declared extra namespaces after the bridged five (their declarations are checked by the session code)', () => {
    const toy = { methods: ['toy_signMessage'], events: ['toy_accountChanged'] };
    const connector = createWalletConnectConnector({ relayUrl: 'wss://r.example', extraNamespaces: { toy } });
    expect(connector.namespaces).toEqual(['eip155', 'solana', 'bip122', 'polkadot', 'cosmos', 'toy']);
    expect(connector.walletConnect.settings.extraNamespaces).toEqual({ toy });
  });

  it('turns Verify on only when asked (with a projectId); off by default', () => {
    expect(createWalletConnectConnector({ relayUrl: 'wss://r.example' }).walletConnect.settings.verify).toBeFalsy();
    const on = createWalletConnectConnector({ projectId: '0123456789abcdef0123456789abcdef', verify: true });
    expect(on.walletConnect.settings.verify).toBe(true);
  });
});
