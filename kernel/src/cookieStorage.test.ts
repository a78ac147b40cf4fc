// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cookieStorage, cookieToInitialState, parseCookies } from './cookieStorage.js';
import { createModal } from './createModal.js';
import { connector, createFakeAdapter, createTestStorage, mainnet } from '@latch/testkit/kernel';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function clearCookies() {
  const jar = cookieStorage({ fallback: createTestStorage() });
  for (const name of parseCookies(document.cookie).keys()) jar.removeItem(name);
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearCookies();
});

function connectedModal(fallback = createTestStorage()) {
  const fake = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] });
  const modal = createModal({ networks: [mainnet], adapters: [fake.adapter], storage: cookieStorage({ fallback }) });
  return { modal, fake, fallback };
}

describe('cookieStorage', () => {
  it('keeps the connection in cookies, the server reads it back, and the rest stays in Web Storage', async () => {
    const { modal, fallback } = connectedModal();
    expect(cookieToInitialState(document.cookie)).toBeUndefined();
    await modal.connect('w');
    expect(cookieToInitialState(document.cookie)).toEqual({
      status: 'connected',
      namespace: 'eip155',
      caipNetworkId: 'eip155:1',
      caipAddress: `eip155:1:${ADDRESS}`,
      address: ADDRESS,
    });
    const names = [...parseCookies(document.cookie).keys()].sort();
    expect(names).toEqual([
      '@latch/active_caip_address',
      '@latch/active_caip_network_id',
      '@latch/active_namespace',
      '@latch/connected_namespaces',
      '@latch/connection_status',
      '@latch/eip155:connected_connector_id',
    ]);
    // Recent wallets (and the balance cache once it loads) are not sent with every request.
    expect(fallback.map.get('@latch/recent_wallets')).toContain('"w"');
    modal.destroy();
  });

  it('follows the wallet: a new account replaces the address, a disconnect clears it', async () => {
    const { modal, fake } = connectedModal();
    await modal.connect('w');
    fake.emit({ type: 'accountsChanged', accounts: [{ address: OTHER, type: 'eoa' }] });
    await vi.waitFor(() => expect(cookieToInitialState(document.cookie)?.address).toBe(OTHER));
    await modal.disconnect();
    expect(cookieToInitialState(document.cookie)).toBeUndefined();
    expect(parseCookies(document.cookie).has('@latch/active_caip_address')).toBe(false);
    modal.destroy();
  });

  it('a reload restores the session from the cookies', async () => {
    const first = connectedModal();
    await first.modal.connect('w');
    first.modal.destroy();
    const { modal } = connectedModal(first.fallback);
    expect(modal.getState().status).toBe('connecting');
    await modal.reconnect();
    expect(modal.getState().status).toBe('connected');
    expect(modal.getState().account?.address).toBe(ADDRESS);
    modal.destroy();
  });

  it('on the server (no document) it holds nothing and writes nothing', () => {
    vi.stubGlobal('document', undefined);
    const fallback = createTestStorage();
    const storage = cookieStorage({ fallback });
    storage.setItem('@latch/connection_status', '"connected"');
    expect(storage.getItem('@latch/connection_status')).toBeNull();
    storage.removeItem('@latch/connection_status');
    expect(fallback.map.size).toBe(0);
  });
});

describe('cookieToInitialState', () => {
  const header = (status: string, caipAddress: string, prefix = '@latch/') =>
    `other=1; ${encodeURIComponent(`${prefix}connection_status`)}=${encodeURIComponent(status)}; ${encodeURIComponent(`${prefix}active_caip_address`)}=${encodeURIComponent(caipAddress)}`;

  it('reads a connected account under the given prefix', () => {
    expect(cookieToInitialState(header('"connected"', `"eip155:8453:${ADDRESS}"`))?.caipNetworkId).toBe('eip155:8453');
    expect(cookieToInitialState(header('"connected"', `"eip155:1:${ADDRESS}"`, 'app/'), { storagePrefix: 'app/' })?.address).toBe(ADDRESS);
    expect(cookieToInitialState(header('"connected"', `"eip155:1:${ADDRESS}"`, 'app/'))).toBeUndefined();
  });

  it.each([
    ['no cookie header', undefined],
    ['an empty header', ''],
    ['a disconnected status', header('"disconnected"', `"eip155:1:${ADDRESS}"`)],
    ['a malformed CAIP address', header('"connected"', '"eip155:1"')],
    ['an address that is not a string', header('"connected"', '42')],
    ['values that are not JSON', header('connected', `eip155:1:${ADDRESS}`)],
    [
      'a bad escape',
      `%40latch%2Fconnection_status=%E0%A4%A; %40latch%2Factive_caip_address=${encodeURIComponent(`"eip155:1:${ADDRESS}"`)}`,
    ],
  ])('gives nothing for %s', (_what, cookie) => {
    expect(cookieToInitialState(cookie)).toBeUndefined();
  });
});
