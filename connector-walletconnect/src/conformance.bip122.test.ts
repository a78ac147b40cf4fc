// @vitest-environment node
import { createHash } from 'node:crypto';
import { createBitcoinAdapter } from '@latch/adapter-bip122';
import { createBitcoinRegtest } from '@latch/adapter-bip122/networks';
import { type AdapterEvent, type Connector, formatUnits, getCapability, isUserRejection } from '@latch/kernel';
import { bitcoinOrdinalsAddress, bitcoinPaymentAddress, REGTEST_PARAMS, verifyBitcoinMessageSignature } from '@latch/testkit';
import { startBitcoinRegtest } from '@latch/devnet';
import { type ConformanceHarness, describeAdapterConformance } from '@latch/testkit/conformance';
import { afterEach, describe, expect, it } from 'vitest';
import { startWalletConnectWallet } from '@latch/testkit/walletconnect';
import { startWalletConnectRelay } from '@latch/devnet/walletconnect';
import type { Bip122SessionProvider } from './bip122Bridge.js';
import type { createWalletConnectConnector } from './createWalletConnectConnector.js';
import { scannedConnector } from './test-support/scannedConnector.js';

// The bip122 adapter passes the shared ChainAdapter contract over a real WalletConnect session: this connector's
// session and sats-connect bridge, the devnet's relay, and a @reown/walletkit wallet with real Bitcoin keys that
// signs BIP-322 messages and sends transfers to a bcoin regtest node through its Esplora API.

type SatsEventName = 'accountChange' | 'networkChange' | 'disconnect';
type SatsListener = (event: unknown) => void;
const PROVIDER_PATH = 'LatchWalletConnect.BitcoinProvider';
const ICON = 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>';

/**
 * What a page holds for the adapter, listed like a sats-connect extension (`btc_providers`): wallet_connect pairs
 * through WalletConnect (the wallet scans the URI), wallet_disconnect ends the session, as the kernel does with a
 * connector plugin.
 */
function pageProvider(connector: ReturnType<typeof createWalletConnectConnector>, network: ReturnType<typeof createBitcoinRegtest>) {
  const listeners = new Map<SatsEventName, Set<SatsListener>>();
  const emit = (eventName: SatsEventName, event: unknown) => {
    for (const cb of [...(listeners.get(eventName) ?? [])]) cb(event);
  };
  let bridge: Bip122SessionProvider | undefined;
  let unfollow: (() => void)[] = [];
  const release = () => {
    bridge = undefined;
    for (const off of unfollow) off();
    unfollow = [];
  };
  const provider = {
    async request(method: string, params?: unknown) {
      if (method === 'wallet_connect' && !bridge) {
        const session = await connector.connect({ namespaces: { bip122: [network] } });
        bridge = session.namespaces.bip122?.provider as Bip122SessionProvider;
        for (const eventName of ['accountChange', 'networkChange', 'disconnect'] as const)
          unfollow.push(bridge.addListener({ eventName, cb: (event) => emit(eventName, event) }));
      }
      if (method === 'wallet_disconnect' && bridge) {
        release();
        await connector.disconnect();
        return { jsonrpc: '2.0', id: method, result: null };
      }
      if (!bridge) return { jsonrpc: '2.0', id: method, error: { code: -32002, message: 'Access denied: not connected' } };
      return bridge.request(method, params);
    },
    addListener({ eventName, cb }: { eventName: SatsEventName; cb: SatsListener }) {
      let set = listeners.get(eventName);
      if (!set) listeners.set(eventName, (set = new Set()));
      set.add(cb);
      return () => void set.delete(cb);
    },
  };
  /** The connector reported the session ended on the wallet's side. */
  const ended = () => {
    release();
    emit('disconnect', { type: 'disconnect' });
  };
  return { provider, ended };
}

/** The chain, relay, wallet and connector of one run, and the adapter over them. */
async function startRun() {
  const [regtest, relay] = await Promise.all([startBitcoinRegtest(), startWalletConnectRelay()]);
  const wallet = await startWalletConnectWallet({
    relayUrl: relay.url,
    // The test wallet always holds an eip155 key; this proposal asks for bip122 only, so it is never used.
    evm: { privateKey: `0x${'11'.repeat(32)}`, rpcUrls: { 1: 'http://127.0.0.1:9' } },
    bip122: { paymentKey: '6b'.repeat(32), ordinalsKey: '6e'.repeat(32), esploraUrl: regtest.esploraUrl },
  });
  const address = wallet.addresses.bip122 as string;
  await regtest.fund(address, 87_654_321n);
  const network = createBitcoinRegtest({ esploraUrl: regtest.esploraUrl });
  // The page's provider is made once the connector exists; the connector reports a wallet-side end to it.
  const { connector, stop: stopConnector } = await scannedConnector({
    relayUrl: relay.url,
    wallet,
    namespace: 'bip122',
    network: network,
    onEnded: () => page.ended(),
  });
  const page = pageProvider(connector, network);
  const window = new EventTarget() as EventTarget & Record<string, unknown>;
  const harness: ConformanceHarness = {
    adapter: createBitcoinAdapter({
      window,
      getWallets: () => ({ get: () => [], on: () => () => undefined, register: () => () => undefined }),
    }),
    network,
    wallet: {
      connectorId: `sats-connect:${PROVIDER_PATH}`,
      address,
      reject: (kind, value) => wallet.setBehaviour(kind === 'connect' ? { rejectProposal: value } : { rejectRequests: value }),
      disconnectFromWallet: () => wallet.disconnect(),
      switchAccount: () => wallet.switchNamespaceAccount('bip122', '6c'.repeat(32)),
      verifySignature: async (request) => verifyBitcoinMessageSignature(request),
      nativeBalance: async () => formatUnits(await regtest.balanceOf(address), 8),
    },
    install() {
      window.LatchWalletConnect = { BitcoinProvider: page.provider };
      window.btc_providers = [{ id: PROVIDER_PATH, name: 'WalletConnect', icon: ICON }];
      // sats-connect globals announce nothing: the adapter reads the page again on the visitor's focus.
      window.dispatchEvent(new Event('focus'));
    },
    async teardown() {
      stopConnector();
      await wallet.close();
      await Promise.allSettled([relay.stop(), regtest.stop()]);
    },
  };
  return { harness, regtest, wallet };
}

describeAdapterConformance('adapter-bip122 over a WalletConnect session', async () => (await startRun()).harness);

// Beyond the shared contract: the adapter's transfer goes through the wallet's sendTransfer, and the accounts the
// wallet lists with getAccountAddresses (its ordinals address) reach the kernel.
describe('adapter-bip122 over a WalletConnect session: accounts and transfers', () => {
  let run: Awaited<ReturnType<typeof startRun>> | undefined;
  afterEach(async () => {
    await run?.harness.teardown();
    run = undefined;
  });

  it('connects with the ordinals address, sends a transfer the node holds, and surfaces a declined one as 4001', async () => {
    run = await startRun();
    const { harness, regtest, wallet } = run;
    const events: AdapterEvent[] = [];
    const stop = harness.adapter.setup?.({ networks: [harness.network], emit: (event) => events.push(event) });
    let connectors: readonly Connector[] = [];
    const unwatch = harness.adapter.watchConnectors((list) => {
      connectors = list;
    });
    try {
      await harness.install();
      await expect.poll(() => connectors.map((each) => each.id)).toContain(harness.wallet.connectorId);
      const connector = connectors.find((each) => each.id === harness.wallet.connectorId) as Connector;
      const connected = await harness.adapter.connect(connector, { network: harness.network });
      expect(connected.accounts).toEqual([
        { address: harness.wallet.address, type: 'payment' },
        { address: bitcoinOrdinalsAddress('6e'.repeat(32), REGTEST_PARAMS), type: 'ordinal' },
      ]);
      const send = getCapability(harness.adapter, 'send');
      const to = bitcoinPaymentAddress('6d'.repeat(32), REGTEST_PARAMS);
      const transfer = { from: harness.wallet.address, to, amount: 250_000n, network: harness.network, connector };
      const txid = await send?.sendTransfer(transfer);
      expect(txid).toMatch(/^[0-9a-f]{64}$/);
      expect(await regtest.balanceOf(to)).toBe(250_000n);
      expect(wallet.requests.at(-1)).toMatchObject({
        method: 'sendTransfer',
        params: { account: harness.wallet.address, recipientAddress: to, amount: '250000' },
      });
      wallet.setBehaviour({ rejectRequests: true });
      const declined = await send?.sendTransfer(transfer).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isUserRejection(declined)).toBe(true);
      expect(await regtest.balanceOf(to)).toBe(250_000n);
      expect(events.filter((event) => event.type === 'disconnected')).toEqual([]);

      // The wallet switches keys: the session update brings the payment account, bip122_addressesChanged its ordinals one.
      const nextKey = '6f'.repeat(32);
      const next = await wallet.switchNamespaceAccount('bip122', nextKey);
      // The test wallet's ordinals key when none is given: sha256 of 'latch-ordinals:' and the payment key.
      const nextOrdinals = bitcoinOrdinalsAddress(createHash('sha256').update(`latch-ordinals:${nextKey}`).digest('hex'), REGTEST_PARAMS);
      await expect
        .poll(() => events.at(-1))
        .toEqual({
          type: 'accountsChanged',
          accounts: [
            { address: next, type: 'payment' },
            { address: nextOrdinals, type: 'ordinal' },
          ],
        });
    } finally {
      unwatch();
      stop?.();
    }
  });
});
