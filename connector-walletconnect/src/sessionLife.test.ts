// @vitest-environment node
import { createDevnet } from '@latch/adapter-eip155/networks';
import type { ConnectorPluginEvent } from '@latch/kernel';
import { pollUntil } from '@latch/testkit';
import { type BareAnvilFixture, startAnvil } from '@latch/devnet';
import { MemoryKeyValueStorage, startWalletConnectWallet, type WalletConnectWallet } from '@latch/testkit/walletconnect';
import { startWalletConnectRelay, type WalletConnectRelay } from '@latch/devnet/walletconnect';
import type { ICore } from '@walletconnect/types';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createWalletConnectConnector } from './createWalletConnectConnector.js';
import { pageContext, scanEveryCode } from './test-support/pageContext.js';
import type { Eip155SessionProvider } from './eip155Provider.js';

// The session's life after pairing, over real parts: this connector's session module (UniversalProvider 2.25),
// the devnet's relay on 127.0.0.1 and its @reown/walletkit wallet with a real key on anvil.

/** The visibilitychange listener is attached when the provider loads; Node has no document, so the test gives one. */
const page = Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState });
(globalThis as { document?: unknown }).document = page;

let anvil: BareAnvilFixture;
let otherChain: BareAnvilFixture;
let relay: WalletConnectRelay;
let ids = 0;
const metadata = { name: 'Latch session life', url: 'http://127.0.0.1' };
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  [anvil, otherChain, relay] = await Promise.all([
    startAnvil({ deploy: false }),
    startAnvil({ deploy: false, chainId: 31338 }),
    startWalletConnectRelay(),
  ]);
});

afterAll(async () => {
  await Promise.allSettled([anvil?.stop(), otherChain?.stop(), relay?.stop()]);
  delete (globalThis as { document?: unknown }).document;
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A connected page: connector + kernel context (storage, events) + a wallet that scans every QR code. */
async function connected() {
  const account = anvil.accounts[0]!;
  const wallet: WalletConnectWallet = await startWalletConnectWallet({
    relayUrl: relay.url,
    evm: { privateKey: account.privateKey, rpcUrls: { [anvil.chainId]: anvil.rpcUrl, [otherChain.chainId]: otherChain.rpcUrl } },
  });
  cleanups.push(() => wallet.close());
  const network = createDevnet({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
  const id = `wc-life-${++ids}-${Date.now()}`;
  const wcStorage = new MemoryKeyValueStorage();
  const connector = createWalletConnectConnector({ id, relayUrl: relay.url, storage: wcStorage, metadata });
  const { context, stored, events } = pageContext(['eip155'], () => [network]);
  const stop = connector.setup?.(context);
  const controller = await scanEveryCode(connector, wallet);
  const session = await connector.connect({ namespaces: { eip155: [network] } });
  const bridge = session.namespaces.eip155?.provider as Eip155SessionProvider;
  // §3 connectedWalletInfo: the wallet's name from its own metadata (not WalletConnect's).
  expect(session.namespaces.eip155?.walletInfo).toEqual({ name: 'Latch WalletConnect test wallet' });
  // The connector's own Core (WalletConnect keeps one per storage prefix on globalThis; the prefix is `latch-<id>`).
  const core = (globalThis as unknown as Record<string, ICore>)[`_walletConnectCore_latch-${id}`]!;
  expect(core).toBeDefined();
  cleanups.push(async () => {
    stop?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
    core.heartbeat.stop();
    await core.relayer.transportClose().catch(() => undefined);
  });
  const [walletSession] = wallet.sessions();
  expect(stored.get('session')).toBe(walletSession!.topic);
  return { wallet, connector, controller, bridge, core, stored, events, wcStorage, topic: walletSession!.topic, account };
}

describe('WalletConnect session life (real relay, wallet and UniversalProvider)', () => {
  it('ends the connection when the session expires: disconnected event, storage cleaned, pending request rejected', async () => {
    const { wallet, bridge, core, stored, events, wcStorage, topic, controller } = await connected();
    const sessionsStored = async () => {
      const key = (await wcStorage.getKeys()).find((k) => k.endsWith('//session'));
      expect(key).toBeDefined();
      return ((await wcStorage.getItem<{ topic: string }[]>(key!)) ?? []).map((session) => session.topic);
    };
    expect(await sessionsStored()).toContain(topic);
    wallet.setBehaviour({ ignoreRequests: true });
    const pendingSign = bridge.request({ method: 'personal_sign', params: ['0x6869', wallet.evmAddress] });
    pendingSign.catch(() => undefined);
    await pollUntil(() => wallet.requests.length === 1, 'the wallet to receive the request');
    // Expiry, shortened: the dapp's expirer is told the session topic expires now. The SDK checks its expirations on
    // each heartbeat pulse (every 5 s, real time), then deletes the session and emits `session_expire`.
    core.expirer.set(topic, Math.floor(Date.now() / 1000));
    await pollUntil(() => events.some((event) => event.type === 'disconnected'), 'the disconnected event');
    expect(events.filter((event) => event.type === 'disconnected')).toHaveLength(1);
    expect(stored.has('session')).toBe(false);
    expect(controller.state.status).toBe('idle');
    // WalletConnect's own store no longer holds the session.
    expect(await sessionsStored()).not.toContain(topic);
    // The request the wallet never answered does not hang.
    await expect(pendingSign).rejects.toMatchObject({ code: 4900, message: 'The WalletConnect session ended' });
    // The bridge no longer has an approved session: a new request fails at once with a clear error.
    await expect(bridge.request({ method: 'personal_sign', params: ['0x6869', wallet.evmAddress] })).rejects.toThrow();
  });

  it('fails the QR pairing when the wallet deletes the pairing (pairing_delete) before approving', async () => {
    // A bare WalletConnect Core stands for a wallet that scanned the code and then dropped the pairing: 2.25's peer
    // sends wc_pairingDelete, and the dapp's core.pairing.events emits 'pairing_delete' (what the connector follows).
    // A live session does not depend on its pairing in WalletConnect v2, so only a pending pairing is ended.
    const { Core } = await import('@walletconnect/core');
    const scanner = new Core({
      projectId: 'latch-local',
      relayUrl: relay.url,
      customStoragePrefix: `latch-scanner-${++ids}-${Date.now()}`,
      storage: new MemoryKeyValueStorage(),
      telemetryEnabled: false,
      logger: 'silent',
    });
    await scanner.start();
    // Like a wallet's sign client, the scanner takes the proposal (it never answers it) instead of refusing the method.
    scanner.pairing.register({ methods: ['wc_sessionPropose'] });
    cleanups.push(async () => {
      scanner.heartbeat.stop();
      await scanner.relayer.transportClose().catch(() => undefined);
    });
    const network = createDevnet({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
    const connector = createWalletConnectConnector({
      id: `wc-life-${++ids}-${Date.now()}`,
      relayUrl: relay.url,
      storage: new MemoryKeyValueStorage(),
      metadata,
    });
    const events: ConnectorPluginEvent[] = [];
    const stop = connector.setup?.({
      namespaces: ['eip155'],
      networks: () => [network],
      storage: { get: () => undefined, set: () => undefined, remove: () => undefined },
      emit: (event) => void events.push(event),
    });
    cleanups.push(() => stop?.());
    const controller = await connector.walletConnect.controller();
    let uri: string | undefined;
    controller.subscribe((state) => {
      if (state.status === 'waiting') uri = state.uri;
    });
    const attempt = connector.connect({ namespaces: { eip155: [network] } });
    attempt.catch(() => undefined);
    await pollUntil(() => uri !== undefined, 'the pairing URI');
    const { topic } = await scanner.pairing.pair({ uri: uri! });
    await scanner.pairing.disconnect({ topic });
    await expect(attempt).rejects.toThrow('The QR code expired');
    expect(controller.state).toEqual({ status: 'failed', reason: 'expired', message: 'The QR code expired' });
    expect(events).toEqual([]);
  });

  it('reopens the relay socket when the visitor returns to the page, and delivers what the wallet sent meanwhile', async () => {
    const { wallet, bridge, core, account } = await connected();
    // The phone browser suspended the page during the deep link: the socket is gone.
    page.visibilityState = 'hidden';
    await core.relayer.transportClose();
    expect(core.relayer.connected).toBe(false);
    const changed: unknown[] = [];
    bridge.on('accountsChanged', (accounts) => changed.push(accounts));
    const other = anvil.accounts[1]!;
    // The wallet's update waits for the page's acknowledgement, which comes once the page is back.
    const switched = wallet.emitAccountsChanged(other.privateKey);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(core.relayer.connected).toBe(false);
    expect(changed).toEqual([]);
    // Back on the page.
    page.visibilityState = 'visible';
    page.dispatchEvent(new Event('visibilitychange'));
    await pollUntil(() => core.relayer.connected, 'the relay socket to reopen');
    await pollUntil(() => changed.length > 0, 'the accountsChanged the wallet sent while the page was away');
    expect(await switched).toBe(other.address);
    expect(account.address).not.toBe(other.address);
    expect(((await bridge.request({ method: 'eth_accounts' })) as string[]).map((a) => a.toLowerCase())).toEqual([
      other.address.toLowerCase(),
    ]);
  });

  it('a wallet-initiated chain switch reaches the eip155 bridge (chainChanged, eth_chainId)', async () => {
    const { wallet, bridge } = await connected();
    const seen: unknown[] = [];
    bridge.on('chainChanged', (chainId) => seen.push(chainId));
    expect(await bridge.request({ method: 'eth_chainId' })).toBe(`0x${anvil.chainId.toString(16)}`);
    await wallet.switchChain(otherChain.chainId);
    await pollUntil(() => seen.length > 0, 'chainChanged');
    expect(seen.at(-1)).toBe(`0x${otherChain.chainId.toString(16)}`);
    expect(await bridge.request({ method: 'eth_chainId' })).toBe(`0x${otherChain.chainId.toString(16)}`);
    expect(wallet.errors).toEqual([]);
  });
});
