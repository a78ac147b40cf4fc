import { fileURLToPath } from 'node:url';
import { isLatchError, type ConnectorContext, type ConnectorPluginEvent, type SessionRequest } from '@latch/kernel';
import { build, type Rolldown } from 'vite';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startToyChain, type ToyChain } from '../toy/chain.js';
import { createSharedSessionConnector } from './connector.js';
import type { SharedSessionWallet } from './types.js';
import { createSharedSessionWallet } from './wallet.js';

let chain: ToyChain;
beforeAll(async () => {
  chain = await startToyChain();
});
afterAll(() => chain?.stop());
afterEach(() => vi.unstubAllGlobals());

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const request = (...namespaces: string[]): SessionRequest => ({ namespaces: Object.fromEntries(namespaces.map((ns) => [ns, []])) });
const phone = (id?: string) => createSharedSessionWallet({ id, toy: { secretKey: '42'.repeat(32), rpcUrl: chain.rpcUrl } });

/** The kernel's side of a connector plugin, recording what the plugin reports. */
function fakeContext() {
  const events: ConnectorPluginEvent[] = [];
  const context: ConnectorContext = {
    namespaces: ['eip155', 'toy'],
    networks: () => [],
    storage: { get: () => undefined, set: () => undefined, remove: () => undefined },
    emit: (event) => events.push(event),
  };
  return { context, events };
}

describe('createSharedSessionConnector', () => {
  it('is a WALLET_CONNECT plugin that looks for the wallet only when the visitor connects', async () => {
    const lookups = vi.fn(() => undefined);
    Object.defineProperty(globalThis, '__latchSharedWallet', { get: lookups, configurable: true });
    try {
      const connector = createSharedSessionConnector();
      const teardown = connector.setup?.(fakeContext().context);
      expect(lookups).not.toHaveBeenCalled();
      expect(connector).toMatchObject({ id: 'io.latch.sharedwallet', name: 'Latch Shared Wallet', type: 'WALLET_CONNECT' });
      expect(connector.icon).toMatch(/^data:image\/svg\+xml;base64,/);
      const failure = await connector.connect(request('toy')).catch((error: unknown) => error);
      expect(isLatchError(failure) && failure.category).toBe('CONNECTOR_ERROR');
      expect((failure as Error).message).toMatch(/Latch Shared Wallet is not available: install it .*installSharedSessionWallet\(\)/);
      expect(await connector.restore?.(request('toy'))).toBeNull();
      await expect(connector.disconnect()).resolves.toBeUndefined();
      expect(lookups).toHaveBeenCalledTimes(3);
      teardown?.();
    } finally {
      delete (globalThis as { __latchSharedWallet?: unknown }).__latchSharedWallet;
    }
  });

  it('finds the installed wallet, proposes the requested namespaces and hands each provider to the kernel', async () => {
    const wallet = phone();
    vi.stubGlobal('__latchSharedWallet', wallet);
    const propose = vi.spyOn(wallet, 'propose');
    const connector = createSharedSessionConnector();
    const session = await connector.connect(request('eip155', 'toy'));
    expect(propose).toHaveBeenCalledWith(['eip155', 'toy']);
    expect(session).toEqual({ namespaces: { toy: { provider: wallet.providers.toy } } });
    expect(await wallet.providers.toy!.getAccount()).not.toBeNull();
    expect(await connector.restore?.(request('eip155', 'toy'))).toEqual(session);
  });

  it('takes its id from a given wallet, or from options; a finder is called only when needed', async () => {
    expect(createSharedSessionConnector({ wallet: phone('dev.phone') }).id).toBe('dev.phone');
    const finder = vi.fn(() => phone('dev.found'));
    const connector = createSharedSessionConnector({ wallet: finder, id: 'custom', name: 'My Phone' });
    expect(connector).toMatchObject({ id: 'custom', name: 'My Phone' });
    expect(finder).not.toHaveBeenCalled();
    await connector.connect(request('toy'));
    expect(finder).toHaveBeenCalledTimes(1);
    await expect(createSharedSessionConnector({ wallet: () => undefined, name: 'My Phone' }).connect(request('toy'))).rejects.toThrow(
      /^My Phone is not available/,
    );
  });

  it('passes a declined proposal on as a LatchError that keeps code 4001', async () => {
    const wallet = phone();
    wallet.setFailure('rejectProposal', true);
    const failure = await createSharedSessionConnector({ wallet })
      .connect(request('toy'))
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'LatchError', code: 4001, category: 'CONNECTOR_ERROR', message: 'User rejected the request.' });
  });

  it('tells the kernel once when the user ends the session on the phone, after connect and after restore', async () => {
    const wallet = phone();
    const connector = createSharedSessionConnector({ wallet });
    const { context, events } = fakeContext();
    connector.setup?.(context);
    await connector.connect(request('toy'));
    wallet.endFromWallet();
    await tick();
    expect(events).toEqual([{ type: 'disconnected' }]);
    wallet.endFromWallet();
    await tick();
    expect(events).toHaveLength(1);

    await wallet.propose(['toy']); // a session opened earlier, found again by the next page load
    const reloaded = createSharedSessionConnector({ wallet });
    const later = fakeContext();
    reloaded.setup?.(later.context);
    expect(await reloaded.restore?.(request('toy'))).toEqual({ namespaces: { toy: { provider: wallet.providers.toy } } });
    wallet.endFromWallet();
    await tick();
    expect(later.events).toEqual([{ type: 'disconnected' }]);
  });

  it('stops following the wallet on disconnect and on teardown', async () => {
    const wallet = phone();
    // Counts the wallet's live onSessionEnded subscriptions.
    let following = 0;
    const subscribe = wallet.onSessionEnded.bind(wallet);
    vi.spyOn(wallet, 'onSessionEnded').mockImplementation((listener) => {
      following += 1;
      const unsubscribe = subscribe(listener);
      return () => {
        following -= 1;
        unsubscribe();
      };
    });
    const connector = createSharedSessionConnector({ wallet });
    const { context, events } = fakeContext();
    const teardown = connector.setup?.(context);
    await connector.connect(request('toy'));
    expect(following).toBe(1);
    const disconnect = vi.spyOn(wallet, 'disconnect');
    await connector.disconnect();
    expect(disconnect).toHaveBeenCalledTimes(1);
    expect(following).toBe(0);
    expect(wallet.session).toBeNull();
    await wallet.propose(['toy']);
    wallet.endFromWallet();
    await tick();
    expect(events).toEqual([]);

    await connector.connect(request('toy'));
    await connector.connect(request('toy')); // a new session replaces the last: still one subscription
    expect(following).toBe(1);
    teardown?.();
    expect(following).toBe(0);
    wallet.endFromWallet();
    await tick();
    expect(events).toEqual([]);
  });

  it('refuses a malformed answer from the wallet', async () => {
    const wallet = { ...phone(), propose: async () => ({ namespaces: null }) } as unknown as SharedSessionWallet;
    await expect(createSharedSessionConnector({ wallet }).connect(request('toy'))).rejects.toThrow(
      'Latch Shared Wallet answered a malformed session',
    );
    const notAWallet = { propose: async () => ({ namespaces: {} }) } as unknown as SharedSessionWallet;
    await expect(createSharedSessionConnector({ wallet: notAWallet }).connect(request('toy'))).rejects.toThrow(/is not available/);
  });

  it('imports nothing of the wallet: its module graph is itself, the shared names and @latch/kernel', async () => {
    const result = await build({
      configFile: false,
      logLevel: 'silent',
      root: fileURLToPath(new URL('../..', import.meta.url)),
      build: {
        write: false,
        minify: false,
        lib: { entry: 'src/sharedSession/connector.ts', formats: ['es'], fileName: 'connector' },
        rollupOptions: { external: (id) => !id.startsWith('.') && !id.startsWith('/') },
      },
    });
    const built = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
    const [chunk] = built.output.filter((file) => file.type === 'chunk');
    expect(chunk?.imports).toEqual(['@latch/kernel']);
    expect(chunk?.moduleIds.map((id) => id.replace(/^.*\/src\//, ''))).toEqual([
      'sharedSession/walletInfo.ts',
      'sharedSession/connector.ts',
    ]);
  });
});
