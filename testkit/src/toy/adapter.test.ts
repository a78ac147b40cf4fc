import { isLatchError, isUserRejection, type AdapterEvent, type CaipNetwork, type ChainAdapter, type Connector } from '@latch/kernel';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToyAdapter } from './adapter.js';
import { installToyWallet } from './announce.js';
import { startToyChain, type ToyChain } from './chain.js';
import { createToyLocalnet } from './network.js';
import { ALICE, ALICE_KEY, BOB, CAROL } from './toy.testSupport.js';
import { createToyWallet } from './wallet.js';
import type { ToyWallet } from './walletTypes.js';

let chain: ToyChain;
let network: CaipNetwork;
let target: EventTarget;
let wallet: ToyWallet;
let adapter: ChainAdapter;
let events: AdapterEvent[];
const cleanups: (() => void)[] = [];

beforeEach(async () => {
  chain = await startToyChain();
  chain.fund(ALICE, 2_500_000n);
  network = createToyLocalnet({ rpcUrl: chain.rpcUrl });
  target = new EventTarget();
  wallet = createToyWallet({ secretKey: ALICE_KEY, rpcUrl: chain.rpcUrl });
  adapter = createToyAdapter({ target, reconnectTimeoutMs: 300 });
  events = [];
  const teardown = adapter.setup?.({ networks: [network], emit: (event) => events.push(event) });
  if (teardown) cleanups.push(teardown);
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await chain.stop();
});

function install(): void {
  cleanups.push(installToyWallet(wallet, target));
}
async function connector(): Promise<Connector> {
  let list: readonly Connector[] = [];
  cleanups.push(adapter.watchConnectors((next) => (list = next)));
  install();
  const found = list.find((c) => c.id === wallet.info.id);
  if (!found) throw new Error('the toy wallet was not discovered');
  return found;
}
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createToyLocalnet', () => {
  it('describes toy:local with the native TOY currency and the chain RPC', () => {
    expect(createToyLocalnet({ rpcUrl: 'http://x', name: 'Mine' })).toEqual({
      id: 'local',
      name: 'Mine',
      caipNetworkId: 'toy:local',
      chainNamespace: 'toy',
      nativeCurrency: { name: 'Toy', symbol: 'TOY', decimals: 6 },
      rpcUrls: { default: { http: ['http://x'] } },
      testnet: false,
    });
    expect(network.name).toBe('Toy Localnet');
  });
});

describe('createToyAdapter', () => {
  it('connects, and turns a declined connect into a LatchError the kernel sees as a user rejection', async () => {
    const toy = await connector();
    wallet.setFailure('rejectConnect', true);
    const error = await failure(adapter.connect(toy, { network }));
    expect(isLatchError(error)).toBe(true);
    expect(error).toMatchObject({ code: 4001, category: 'CONNECTOR_ERROR' });
    expect(isUserRejection(error)).toBe(true);
    wallet.setFailure('rejectConnect', false);
    expect(await adapter.connect(toy, { network })).toEqual({
      address: ALICE,
      caipNetworkId: 'toy:local',
      accounts: [{ address: ALICE, type: 'eoa' }],
    });
  });

  it('reconnects silently to a wallet that announces late, and resolves null when it is not authorised', async () => {
    const pending = adapter.reconnect!(wallet.info.id, { network });
    await tick();
    install();
    expect(await pending).toBeNull(); // present, but this site was never authorised
    await wallet.connect();
    const restored = await adapter.reconnect!(wallet.info.id, { network });
    expect(restored?.result.address).toBe(ALICE);
    expect(restored?.connector).toMatchObject({ id: wallet.info.id, provider: wallet });
    wallet.disconnectFromWallet(); // the restored session is followed
    await tick();
    expect(events).toContainEqual({ type: 'disconnected' });
  });

  it('gives up a reconnect when the stored wallet never announces', async () => {
    const started = Date.now();
    expect(await adapter.reconnect!('dev.absent', { network })).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('restores on a connector the kernel passes, without looking one up', async () => {
    await wallet.connect();
    const given: Connector = { id: 'shared-session', name: 'Shared', type: 'EXTERNAL', chain: 'toy', provider: wallet };
    const restored = await adapter.reconnect!('shared-session', { network, connector: given });
    expect(restored).toEqual({ connector: given, result: expect.objectContaining({ address: ALICE }) });
    const foreign: Connector = { id: 'walletconnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155', provider: {} };
    expect(await adapter.reconnect!('walletconnect', { network, connector: foreign })).toBeNull();
  });

  it('forwards account switches, and nothing after disconnect', async () => {
    const toy = await connector();
    await adapter.connect(toy, { network });
    wallet.switchAccount('c3'.repeat(32));
    await tick();
    expect(events).toEqual([{ type: 'accountsChanged', accounts: [{ address: CAROL, type: 'eoa' }] }]);
    await adapter.disconnect(toy);
    expect(await wallet.getAccount()).toBeNull(); // the wallet was told
    wallet.disconnectFromWallet();
    await tick();
    expect(events).toHaveLength(1);
  });

  it('stays silent after disconnect even when the wallet ignores the unsubscribe', async () => {
    const listeners: Record<string, ((payload?: unknown) => void)[]> = { accountChanged: [], disconnect: [] };
    const sticky = {
      ...wallet,
      on: (event: string, listener: (payload?: unknown) => void) => (listeners[event]!.push(listener), () => undefined),
    };
    const toy: Connector = { id: 'dev.sticky', name: 'Sticky', type: 'ANNOUNCED', chain: 'toy', provider: sticky };
    await adapter.connect(toy, { network });
    for (const listener of listeners.accountChanged!) listener({ address: BOB, chainId: 'local' });
    expect(events).toEqual([{ type: 'accountsChanged', accounts: [{ address: BOB, type: 'eoa' }] }]);
    await adapter.disconnect(toy);
    for (const listener of listeners.accountChanged!) listener({ address: ALICE, chainId: 'local' });
    for (const listener of listeners.disconnect!) listener();
    expect(events).toHaveLength(1);
  });

  it('reads the balance from the network RPC in whole TOY', async () => {
    const { balance } = adapter.capabilities!;
    expect(await balance!.getBalance(ALICE, network)).toEqual({ balance: '2.5', symbol: 'TOY' });
    expect(await balance!.getBalance(BOB, network)).toEqual({ balance: '0', symbol: 'TOY' });
    await expect(balance!.getBalance('toy1bad', network)).rejects.toMatchObject({ category: 'VALIDATION_ERROR' });
    const unreachable = createToyLocalnet({ rpcUrl: 'http://127.0.0.1:9' });
    await expect(balance!.getBalance(ALICE, unreachable)).rejects.toMatchObject({ category: 'RPC_ERROR' });
  });

  it('signs only for the account the wallet granted', async () => {
    const toy = await connector();
    await adapter.connect(toy, { network });
    const { signMessage } = adapter.capabilities!.signMessage!;
    expect(await signMessage({ message: 'hello', address: ALICE, connector: toy })).toMatch(/^[0-9a-f]{128}$/);
    await expect(signMessage({ message: 'hello', address: BOB, connector: toy })).rejects.toMatchObject({ category: 'CONNECTOR_ERROR' });
  });

  it('sends native TOY through the wallet, which the chain applies; refuses tokens and bad input before the wallet', async () => {
    const toy = await connector();
    await adapter.connect(toy, { network });
    const { sendTransfer } = adapter.capabilities!.send!;
    const request = { from: ALICE, to: BOB, amount: 1_000_000n, network, connector: toy };
    expect(await sendTransfer(request)).toMatch(/^[0-9a-f]{64}$/);
    expect(chain.balanceOf(BOB)).toBe(1_000_000n);
    for (const bad of [{ token: BOB }, { to: 'toy1bad' }, { amount: 0n }, { from: BOB }]) {
      const error = await failure(sendTransfer({ ...request, ...bad }));
      expect(
        isLatchError(error),
        JSON.stringify(bad, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)),
      ).toBe(true);
    }
    wallet.setFailure('rejectSign', true);
    expect(isUserRejection(await failure(sendTransfer(request)))).toBe(true);
    expect(chain.balanceOf(BOB)).toBe(1_000_000n);
  });
});
