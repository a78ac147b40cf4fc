import { createMockBitcoinWallet, type MockBitcoinWalletOptions } from '@latch/testkit';
import { startBitcoinRegtest } from '@latch/devnet';
import type { AdapterEvent, CaipNetwork, ChainAdapter, Connector } from '@latch/kernel';
import { createBitcoinAdapter, type BitcoinAdapterOptions } from '../adapter.js';
import { createBitcoinRegtest } from '../networks/regtest.js';
import { createTestRegistry } from './testRegistry.js';

export const WALLET_NAME = 'Latch Bitcoin Wallet';
export const SATS_CONNECTOR_ID = 'sats-connect:LatchBitcoinWalletProviders.BitcoinProvider';
export const STANDARD_CONNECTOR_ID = `ws:${WALLET_NAME}`;
/** A 32-byte secret key from one byte; every test file uses its own so balances never collide. */
export const key = (byte: number) => byte.toString(16).padStart(2, '0').repeat(32);

/** A bcoin regtest node behind its Esplora API, and the regtest network pointing at it. */
export async function startRegtest() {
  const regtest = await startBitcoinRegtest();
  const network: CaipNetwork = createBitcoinRegtest({ esploraUrl: regtest.esploraUrl });
  return { regtest, network, stop: () => regtest.stop() };
}
export type Regtest = Awaited<ReturnType<typeof startRegtest>>;

/** The testkit's wallet (two real keys) on the regtest node. */
export function createWallet(local: Regtest, options: Partial<MockBitcoinWalletOptions> & { paymentKey: string }) {
  return createMockBitcoinWallet({ esploraUrl: local.regtest.esploraUrl, ...options });
}

/** A stand-in for `window`: an event target where sats-connect wallets put their globals. */
export function createPage(): EventTarget & Record<string, unknown> {
  return new EventTarget() as EventTarget & Record<string, unknown>;
}

const mounted = new Set<() => void>();

/** Unmounts every adapter a test left behind, even a test that failed midway. */
export function unmountAll(): void {
  for (const unmount of [...mounted]) unmount();
}

/**
 * An adapter set up as the kernel does (setup + watchConnectors) on a private page and Wallet Standard registry;
 * `events` collects what it reports. Call `unmountAll` in afterEach.
 */
export function mountAdapter(networks: readonly CaipNetwork[], options: BitcoinAdapterOptions = {}) {
  const page = createPage();
  const registry = createTestRegistry();
  const adapter: ChainAdapter = createBitcoinAdapter({ window: page, getWallets: () => registry, ...options });
  const events: AdapterEvent[] = [];
  const teardown = adapter.setup?.({ networks, emit: (event) => events.push(event) });
  let list: readonly Connector[] = [];
  let updates = 0;
  const unwatch = adapter.watchConnectors((next) => {
    list = next;
    updates += 1;
  });
  const unmount = () => {
    if (!mounted.delete(unmount)) return;
    unwatch();
    teardown?.();
  };
  mounted.add(unmount);
  const connector = (id: string) => {
    const found = list.find((candidate) => candidate.id === id);
    if (!found) throw new Error(`no connector ${id} among ${list.map((c) => c.id).join(', ') || 'none'}`);
    return found;
  };
  return { adapter, page, registry, events, connectors: () => list, updates: () => updates, connector, unmount };
}

/** Lets queued wallet events (microtasks) and their follow-up requests run. */
export const settle = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));
