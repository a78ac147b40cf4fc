import { createEip155Adapter } from '@latch/adapter-eip155';
import { createDevnet } from '@latch/adapter-eip155/networks';
import { createSolanaAdapter } from '@latch/adapter-solana';
import { createSolanaLocalnet } from '@latch/adapter-solana/networks';
import { createModal, type ModalInstance, type StorageLike } from '@latch/kernel';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pollUntil } from '@latch/testkit';
import { createToyAdapter, createToyLocalnet } from '@latch/testkit/toy';
import { createSharedSessionConnector } from '@latch/testkit/shared-session';
import {
  startChains,
  stubBrowserStorage,
  TOY_ADDRESS,
  verifyEvmSignature,
  verifySolanaSignature,
  verifyToySignature,
  walletOptions,
  type Chains,
} from './sharedSession.testSupport.js';
import type { SharedSessionWallet } from '@latch/testkit';
import { createSharedSessionWallet } from '@latch/testkit/shared-session';

// The connector under the real kernel, with the real eip155, solana and toy adapters, against three real local chains.
// The adapters are not devnet dependencies (they depend on the testkit): the workspace installs them, and they load from dist.

const WALLET_ID = 'io.latch.sharedwallet';
const NAMESPACES = ['eip155', 'solana', 'toy'] as const;
/** No extension is installed: the Wallet Standard registry stays empty. */
const EMPTY_REGISTRY = { get: () => [], on: () => () => {}, register: () => () => {} };

let chains: Chains;
beforeAll(async () => {
  chains = await startChains();
});
afterAll(() => chains?.stop());
const modals: ModalInstance[] = [];
afterEach(() => {
  for (const modal of modals.splice(0)) modal.destroy();
  vi.unstubAllGlobals();
});

/** The dapp's storage for Latch: one browser profile, shared by the page loads of a test. */
function mapStorage(): StorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

/** A page load: a fresh modal, adapters and connector over the same storage. */
function loadPage(storage: StorageLike, wallet: SharedSessionWallet): ModalInstance {
  const modal = createModal({
    networks: [
      createDevnet({ rpcUrl: chains.anvil.rpcUrl, chainId: chains.anvil.chainId }),
      createSolanaLocalnet({ rpcUrl: chains.solana.rpcUrl, caipNetworkId: chains.solana.caipNetworkId }),
      createToyLocalnet({ rpcUrl: chains.toy.rpcUrl }),
    ],
    adapters: [
      createEip155Adapter({ target: new EventTarget() }),
      createSolanaAdapter({ getWallets: () => EMPTY_REGISTRY }),
      createToyAdapter({ target: new EventTarget() }),
    ],
    connectors: [createSharedSessionConnector({ wallet })],
    storage,
  });
  modals.push(modal);
  return modal;
}

const addresses = () => ({ eip155: chains.evmAddress, solana: chains.solanaAddress, toy: TOY_ADDRESS });
const connected = (modal: ModalInstance) => NAMESPACES.filter((ns) => modal.getState().accounts[ns]?.status === 'connected');
const storedConnectors = (storage: { map: Map<string, string> }) =>
  [...storage.map.keys()].filter((key) => key.endsWith('connected_connector_id'));

describe('the shared-session connector under the kernel', () => {
  it('connects eip155, solana and toy in one proposal; each signs with its real key and shows its chain balance', async () => {
    const wallet = createSharedSessionWallet(walletOptions(chains));
    const propose = vi.spyOn(wallet, 'propose');
    const modal = loadPage(mapStorage(), wallet);
    expect(modal.getState().connectors.find((c) => c.id === WALLET_ID)).toMatchObject({
      name: 'Latch Shared Wallet',
      type: 'WALLET_CONNECT',
      chains: ['eip155', 'solana', 'toy'],
    });

    const result = await modal.connect(WALLET_ID);
    expect(result.caipNetworkId).toBe(`eip155:${chains.anvil.chainId}`);
    expect(propose.mock.calls).toEqual([[['eip155', 'solana', 'toy']]]);
    for (const ns of NAMESPACES) {
      expect(modal.getState().accounts[ns]).toMatchObject({
        status: 'connected',
        address: addresses()[ns],
        connector: { id: WALLET_ID, chain: ns },
      });
    }
    expect(modal.getState().status).toBe('connected');

    const message = 'Latch: one session, three chains';
    const evm = await modal.signMessage(message, { namespace: 'eip155' });
    expect(await verifyEvmSignature({ message, signature: evm, address: chains.evmAddress })).toBe(true);
    const solana = await modal.signMessage(message, { namespace: 'solana' });
    expect(verifySolanaSignature({ message, signature: solana, address: chains.solanaAddress })).toBe(true);
    const toy = await modal.signMessage(message, { namespace: 'toy' });
    expect(verifyToySignature({ message, signature: toy, address: TOY_ADDRESS })).toBe(true);
    expect(verifyToySignature({ message: `${message}!`, signature: toy, address: TOY_ADDRESS })).toBe(false);

    const balances = await pollUntil(() => {
      const accounts = NAMESPACES.map((ns) => modal.getState().accounts[ns]);
      return accounts.every((account) => account?.balance !== undefined)
        ? accounts.map((account) => `${account?.balance} ${account?.balanceSymbol}`)
        : undefined;
    }, 'the three balances');
    expect(balances).toEqual(['10000 ETH', '3 SOL', '5 TOY']);
  });

  it('a reloaded page restores all three silently, with no new proposal', async () => {
    stubBrowserStorage(); // the phone wallet is re-created by the reload too: its session lives in localStorage
    const storage = mapStorage();
    const first = loadPage(storage, createSharedSessionWallet(walletOptions(chains)));
    await first.connect(WALLET_ID);
    first.destroy();

    const wallet = createSharedSessionWallet(walletOptions(chains));
    const propose = vi.spyOn(wallet, 'propose');
    const restore = vi.spyOn(wallet, 'restore');
    const second = loadPage(storage, wallet);
    expect(second.getState().status).toBe('connecting');
    await second.reconnect();
    expect(propose).not.toHaveBeenCalled();
    expect(restore).toHaveBeenCalledTimes(1);
    for (const ns of NAMESPACES) {
      expect(second.getState().accounts[ns]).toMatchObject({ status: 'connected', address: addresses()[ns], connector: { id: WALLET_ID } });
    }
    expect(second.getState().status).toBe('connected');
    const signature = await second.signMessage('restored', { namespace: 'solana' });
    expect(verifySolanaSignature({ message: 'restored', signature, address: chains.solanaAddress })).toBe(true);
  });

  it('disconnecting one namespace ends the session for all three, in the page and in the wallet', async () => {
    const wallet = createSharedSessionWallet(walletOptions(chains));
    const storage = mapStorage();
    const modal = loadPage(storage, wallet);
    await modal.connect(WALLET_ID);
    const done: string[][] = [];
    modal.on('DISCONNECT_SUCCESS', ({ namespaces }) => done.push([...namespaces]));

    await modal.disconnect('solana');
    expect(done).toEqual([['solana', 'eip155', 'toy']]);
    expect(connected(modal)).toEqual([]);
    expect(modal.getState().status).toBe('disconnected');
    expect(storedConnectors(storage)).toEqual([]);
    expect(wallet.session).toBeNull();
    expect(await wallet.providers.eip155!.request({ method: 'eth_accounts' })).toEqual([]);
    expect(wallet.providers.solana!.accounts).toEqual([]);
    expect(await wallet.providers.toy!.getAccount()).toBeNull();

    // The next page load has nothing to restore.
    const reloaded = loadPage(storage, wallet);
    await reloaded.reconnect();
    expect(connected(reloaded)).toEqual([]);
  });

  it('the user ending the session on the phone disconnects the page', async () => {
    const wallet = createSharedSessionWallet(walletOptions(chains));
    const storage = mapStorage();
    const modal = loadPage(storage, wallet);
    await modal.connect(WALLET_ID);
    expect(connected(modal)).toEqual(['eip155', 'solana', 'toy']);
    const done: string[][] = [];
    modal.on('DISCONNECT_SUCCESS', ({ namespaces }) => done.push([...namespaces]));

    wallet.endFromWallet();
    await pollUntil(() => (modal.getState().status === 'disconnected' ? true : undefined), 'the page to disconnect');
    // Each adapter hears its own provider end first, so the kernel may report the namespaces one by one.
    expect(done.flat().sort()).toEqual(['eip155', 'solana', 'toy']);
    expect(connected(modal)).toEqual([]);
    expect(storedConnectors(storage)).toEqual([]);
    expect(wallet.session).toBeNull();
    await expect(modal.signMessage('gone', { namespace: 'toy' })).rejects.toThrow('No wallet is connected');
  });

  it('the connector alone ends every namespace when only the session (not a provider) reports the end', async () => {
    const wallet = createSharedSessionWallet(walletOptions(chains));
    const modal = loadPage(mapStorage(), wallet);
    await modal.connect(WALLET_ID);
    // Silence the providers' own wallet-side events: what is left is the relay telling the connector.
    vi.spyOn(wallet.providers.eip155!, 'emitDisconnect').mockImplementation(() => undefined);
    vi.spyOn(wallet.providers.solana!, 'disconnectFromWallet').mockImplementation(() => undefined);
    vi.spyOn(wallet.providers.toy!, 'disconnectFromWallet').mockImplementation(() => undefined);
    const done: string[][] = [];
    modal.on('DISCONNECT_SUCCESS', ({ namespaces }) => done.push([...namespaces]));

    wallet.endFromWallet();
    await pollUntil(() => (modal.getState().status === 'disconnected' ? true : undefined), 'the page to disconnect');
    expect(done).toEqual([['eip155', 'solana', 'toy']]);
    expect(connected(modal)).toEqual([]);
  });

  it('a declined proposal leaves the page disconnected, and a retry connects', async () => {
    const wallet = createSharedSessionWallet(walletOptions(chains));
    const storage = mapStorage();
    const modal = loadPage(storage, wallet);
    wallet.setFailure('rejectProposal', true);
    await expect(modal.connect(WALLET_ID)).rejects.toMatchObject({ code: 4001, category: 'CONNECTOR_ERROR' });
    expect(modal.getState().status).toBe('disconnected');
    expect(connected(modal)).toEqual([]);
    expect(storedConnectors(storage)).toEqual([]);
    expect(wallet.session).toBeNull();

    wallet.setFailure('rejectProposal', false);
    await modal.connect(WALLET_ID);
    expect(connected(modal)).toEqual(['eip155', 'solana', 'toy']);
  });
});
