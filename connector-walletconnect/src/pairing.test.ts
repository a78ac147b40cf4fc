// @vitest-environment node
import { createDevnet } from '@latch/adapter-eip155/networks';
import type { ConnectorContext, DappMetadata } from '@latch/kernel';
import { pollUntil } from '@latch/testkit';
import { type BareAnvilFixture, startAnvil } from '@latch/devnet';
import { MemoryKeyValueStorage, startWalletConnectWallet, type WalletConnectWallet } from '@latch/testkit/walletconnect';
import { startWalletConnectRelay, type WalletConnectRelay } from '@latch/devnet/walletconnect';
import type { ICore } from '@walletconnect/types';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWalletConnectConnector, type WalletConnectOptions } from './createWalletConnectConnector.js';
import type { PairingState } from './session.js';

// The pairing URI and what the wallet reads in the proposal, over real parts: this connector's session module
// (UniversalProvider 2.25), the devnet's relay on 127.0.0.1 and its @reown/walletkit wallet with a real key.

let anvil: BareAnvilFixture;
let relay: WalletConnectRelay;
let ids = 0;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  [anvil, relay] = await Promise.all([startAnvil({ deploy: false }), startWalletConnectRelay()]);
});

afterAll(async () => {
  await Promise.allSettled([anvil?.stop(), relay?.stop()]);
});

afterEach(async () => {
  vi.useRealTimers();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startWallet(behaviour: { holdProposals?: boolean } = {}): Promise<WalletConnectWallet> {
  const wallet = await startWalletConnectWallet({
    relayUrl: relay.url,
    evm: { privateKey: anvil.accounts[2]!.privateKey, rpcUrls: { [anvil.chainId]: anvil.rpcUrl } },
    behaviour,
  });
  cleanups.push(() => wallet.close());
  return wallet;
}

/** The connector as the kernel sets it up, its QR view's state, and a connect() that waits for a wallet. */
async function page(options: Partial<WalletConnectOptions> = {}, modalMetadata?: DappMetadata) {
  const id = `wc-pairing-${++ids}-${Date.now()}`;
  const connector = createWalletConnectConnector({ id, relayUrl: relay.url, storage: new MemoryKeyValueStorage(), ...options });
  const network = createDevnet({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
  const context: ConnectorContext = {
    namespaces: ['eip155'],
    networks: () => [network],
    storage: { get: () => undefined, set: () => undefined, remove: () => undefined },
    emit: () => undefined,
    ...(modalMetadata ? { metadata: modalMetadata } : {}),
  };
  const stop = connector.setup?.(context);
  const controller = await connector.walletConnect.controller();
  let waiting: Extract<PairingState, { status: 'waiting' }> | undefined;
  controller.subscribe((state) => {
    if (state.status === 'waiting') waiting = state;
  });
  const attempt = connector.connect({ namespaces: { eip155: [network] } });
  attempt.catch(() => undefined);
  await pollUntil(() => waiting !== undefined, 'the pairing URI');
  cleanups.push(async () => {
    controller.teardown();
    stop?.();
    const core = (globalThis as unknown as Record<string, ICore>)[`_walletConnectCore_latch-${id}`];
    core?.heartbeat.stop();
    await core?.relayer.transportClose().catch(() => undefined);
  });
  return { controller, attempt, shown: waiting! };
}

const expiryOf = (uri: string) => Number(new URL(uri.replace(/^wc:/, 'wc://')).searchParams.get('expiryTimestamp'));
const topicOf = (uri: string) => /^wc:([0-9a-f]{64})@/.exec(uri)?.[1];

describe('the pairing URI lives as long as the QR code (qrTimeoutMs, 4 minutes by default)', () => {
  it('carries the QR code’s expiry, not the library’s 5 minutes: the view’s countdown and the URI end together', async () => {
    const before = Date.now();
    const { shown } = await page();
    expect(expiryOf(shown.uri) * 1000).toBe(shown.expiresAt);
    expect(shown.expiresAt).toBeGreaterThanOrEqual(Math.floor((before + 240_000) / 1000) * 1000);
    expect(shown.expiresAt).toBeLessThanOrEqual(Date.now() + 240_000);

    const short = await page({ qrTimeoutMs: 30_000 });
    expect(expiryOf(short.shown.uri) * 1000).toBe(short.shown.expiresAt);
    expect(short.shown.expiresAt - Date.now()).toBeLessThanOrEqual(30_000);
  });

  it('a wallet scanning after the URI expired refuses to pair: no proposal, no session', async () => {
    const wallet = await startWallet();
    const { shown } = await page();
    // The wallet's clock moves one second past the QR code's life (only Date: the relay and the SDK keep their timers).
    vi.useFakeTimers({ toFake: ['Date'], now: shown.expiresAt + 1_000 });
    await expect(wallet.pair(shown.uri)).rejects.toThrow(/expired/i);
    vi.useRealTimers();
    expect(wallet.pairings()).not.toContain(topicOf(shown.uri));
    expect(wallet.proposals).toEqual([]);
    expect(wallet.sessions()).toEqual([]);
  });

  it('a pairing the page gave up on is deleted: a wallet scanning it later cannot approve, and holds no session', async () => {
    const wallet = await startWallet({ holdProposals: true });
    const { controller, attempt, shown } = await page();
    controller.cancel(); // the visitor left the QR view (the expired state takes the same path)
    await expect(attempt).rejects.toThrow('Connection cancelled');
    const topic = topicOf(shown.uri)!;
    await wallet.pair(shown.uri);
    // The relay still delivers the proposal the page sent; the page's deletion of the pairing arrives with it.
    await pollUntil(() => wallet.proposals.length === 1 && !wallet.pairings().includes(topic), 'the proposal and the deletion');
    await expect(wallet.approveProposal(wallet.proposals[0]!.id)).rejects.toThrow();
    expect(wallet.sessions()).toEqual([]);
  });

  it('a wallet that scans in time still connects (held, then approved)', async () => {
    const wallet = await startWallet({ holdProposals: true });
    const { attempt, shown } = await page();
    await wallet.pair(shown.uri);
    await pollUntil(() => wallet.proposals.length === 1, 'the proposal');
    expect(wallet.proposals[0]!.expiryTimestamp).toBeGreaterThan(Date.now() / 1000);
    const session = await wallet.approveProposal(wallet.proposals[0]!.id);
    expect(Object.keys((await attempt).namespaces)).toEqual(['eip155']);
    expect(wallet.sessions().map((each) => each.topic)).toEqual([session.topic]);
  });
});

describe("what the wallet shows about the app: the modal's metadata unless the connector's own says otherwise", () => {
  const modalMetadata: DappMetadata = {
    name: 'Modal Shop',
    description: 'Shop with a wallet',
    url: 'https://shop.example',
    icons: ['https://shop.example/icon.png'],
  };

  it("the modal's metadata option reaches the wallet's proposal when the connector has none", async () => {
    const wallet = await startWallet();
    const { attempt, shown } = await page({}, modalMetadata);
    await wallet.pair(shown.uri);
    await attempt;
    expect(wallet.proposals[0]?.metadata).toEqual(modalMetadata);
    // Verify is off: the wallet gets no attestation and cannot vouch for the origin.
    expect(wallet.proposals[0]?.verifyContext.validation).toBe('UNKNOWN');
  });

  it("the connector's own metadata wins field by field; the rest comes from the modal's", async () => {
    const wallet = await startWallet();
    const icons = ['https://connector.example/icon.png'];
    const { attempt, shown } = await page({ metadata: { name: 'Connector Name', icons } }, modalMetadata);
    await wallet.pair(shown.uri);
    await attempt;
    expect(wallet.proposals[0]?.metadata).toEqual({ ...modalMetadata, name: 'Connector Name', icons });
  });
});
