import {
  CONNECTOR_TYPES,
  createModal,
  getCapability,
  isUserRejection,
  parseCaipNetworkId,
  parseUnits,
  type AdapterEvent,
  type Connector,
} from '@latch/kernel';
import { afterEach, describe, expect, it } from 'vitest';
import { pollUntil } from '../pollUntil.js';
import type { ConformanceHarness } from './harness.js';

/** Starts the adapter the way the kernel does, and collects what it reports. */
function start(harness: ConformanceHarness) {
  const events: AdapterEvent[] = [];
  let connectors: readonly Connector[] = [];
  const teardown = harness.adapter.setup?.({ networks: [harness.network], emit: (event) => events.push(event) });
  const unwatch = harness.adapter.watchConnectors((list) => {
    connectors = list;
  });
  const connector = () =>
    pollUntil(() => connectors.find((c) => c.id === harness.wallet.connectorId), `connector '${harness.wallet.connectorId}'`);
  return { events, connectors: () => connectors, connector, stop: () => (unwatch(), teardown?.()) };
}

const sameAmount = (a: string, b: string, decimals: number) => parseUnits(a, decimals) === parseUnits(b, decimals);

/**
 * The contract every Latch `ChainAdapter` must keep: discovery, connect, reject, events,
 * disconnect, balance and sign, against a real test wallet and chain the caller provides.
 */
export function describeAdapterConformance(name: string, createHarness: () => Promise<ConformanceHarness>): void {
  describe(`ChainAdapter conformance: ${name}`, () => {
    let harness: ConformanceHarness | undefined;
    let running: ReturnType<typeof start> | undefined;
    const open = async () => {
      harness = await createHarness();
      running = start(harness);
      await harness.install();
      return { harness, running };
    };
    afterEach(async () => {
      running?.stop();
      await harness?.teardown();
      harness = undefined;
      running = undefined;
    });

    it('serves the namespace of its network and validates addresses', async () => {
      const { harness } = await open();
      expect(harness.adapter.namespace).toBe(harness.network.chainNamespace);
      expect(harness.adapter.isAddress(harness.wallet.address)).toBe(true);
      expect(harness.adapter.isAddress('not an address')).toBe(false);
    });

    it('discovers the wallet, even one that arrives after discovery started', async () => {
      const { harness, running } = await open();
      const connector = await running.connector();
      expect(connector.name.length).toBeGreaterThan(0);
      expect(CONNECTOR_TYPES).toContain(connector.type);
      expect(connector.chain === harness.adapter.namespace || connector.chains?.includes(harness.adapter.namespace)).toBe(true);
      expect(new Set(running.connectors().map((c) => c.id)).size).toBe(running.connectors().length);
    });

    it('connects: the wallet address on a network of its namespace', async () => {
      const { harness, running } = await open();
      const result = await harness.adapter.connect(await running.connector(), { network: harness.network });
      expect(result.address).toBe(harness.wallet.address);
      expect(parseCaipNetworkId(result.caipNetworkId)?.namespace).toBe(harness.adapter.namespace);
    });

    it('rejects with a user-rejection error (4001) when the wallet declines, and connects on retry', async () => {
      const { harness, running } = await open();
      const connector = await running.connector();
      await harness.wallet.reject('connect', true);
      const error = await harness.adapter.connect(connector, { network: harness.network }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, 'connect should have been refused').toBeDefined();
      expect(isUserRejection(error)).toBe(true);
      await harness.wallet.reject('connect', false);
      await expect(harness.adapter.connect(connector, { network: harness.network })).resolves.toMatchObject({
        address: harness.wallet.address,
      });
    });

    it('reports a session the wallet ended as a disconnect', async () => {
      const { harness, running } = await open();
      await harness.adapter.connect(await running.connector(), { network: harness.network });
      await harness.wallet.disconnectFromWallet();
      const ended = await pollUntil(
        () => running.events.find((e) => e.type === 'disconnected' || (e.type === 'accountsChanged' && e.accounts.length === 0)),
        'a disconnect event',
      );
      expect(ended).toBeDefined();
    });

    it('reports an account the wallet switched to', async ({ skip }) => {
      const { harness, running } = await open();
      if (!harness.wallet.switchAccount) skip();
      await harness.adapter.connect(await running.connector(), { network: harness.network });
      const next = await harness.wallet.switchAccount!();
      const changed = await pollUntil(
        () => running.events.find((e) => e.type === 'accountsChanged' && e.accounts[0]?.address === next),
        'accountsChanged',
      );
      expect(changed).toBeDefined();
    });

    it('disconnects, and stops reporting the wallet afterwards', async () => {
      const { harness, running } = await open();
      const connector = await running.connector();
      await harness.adapter.connect(connector, { network: harness.network });
      await harness.adapter.disconnect(connector);
      const before = running.events.length;
      await harness.wallet.disconnectFromWallet();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(running.events.slice(before)).toEqual([]);
    });

    it('restores silently on a connector the kernel hands over (a shared session after a reload)', async ({ skip }) => {
      const { harness, running } = await open();
      const reconnect = harness.adapter.reconnect;
      if (!reconnect) skip();
      const connector = await running.connector();
      await harness.adapter.connect(connector, { network: harness.network });
      // The id is not one this adapter lists: a connector given by the kernel is used as it is.
      const restored = await reconnect!.call(harness.adapter, 'a-shared-session', { network: harness.network, connector });
      expect(restored?.result.address).toBe(harness.wallet.address);
      expect(restored?.connector).toBe(connector);
    });

    it('reads the native balance the chain holds (when it declares "balance")', async ({ skip }) => {
      const { harness, running } = await open();
      const balance = getCapability(harness.adapter, 'balance');
      if (!balance) skip();
      await harness.adapter.connect(await running.connector(), { network: harness.network });
      const read = await balance!.getBalance(harness.wallet.address, harness.network);
      expect(read.symbol).toBe(harness.network.nativeCurrency.symbol);
      expect(sameAmount(read.balance, await harness.wallet.nativeBalance(), harness.network.nativeCurrency.decimals)).toBe(true);
    });

    it('signs a message the chain verifies, and surfaces a declined signature (when it declares "signMessage")', async ({ skip }) => {
      const { harness, running } = await open();
      const sign = getCapability(harness.adapter, 'signMessage');
      if (!sign) skip();
      const connector = await running.connector();
      await harness.adapter.connect(connector, { network: harness.network });
      const message = `Latch conformance ${Date.now()}`;
      const signature = await sign!.signMessage({ message, address: harness.wallet.address, connector });
      expect(await harness.wallet.verifySignature({ message, signature, address: harness.wallet.address })).toBe(true);
      await harness.wallet.reject('sign', true);
      const error = await sign!.signMessage({ message, address: harness.wallet.address, connector }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isUserRejection(error)).toBe(true);
    });

    it('works under the kernel: connect, then disconnect', async () => {
      const made = await createHarness();
      harness = made;
      const modal = createModal({ networks: [made.network], adapters: [made.adapter], storage: null });
      await made.install();
      try {
        await pollUntil(
          () => modal.getState().connectors.find((c) => c.chain === made.adapter.namespace && c.id === made.wallet.connectorId),
          'the connector in kernel state',
        );
        await modal.connect(made.wallet.connectorId);
        expect(modal.getState().account).toMatchObject({ status: 'connected', address: made.wallet.address });
        await modal.disconnect();
        expect(modal.getState().status).toBe('disconnected');
      } finally {
        modal.destroy();
      }
    });
  });
}
