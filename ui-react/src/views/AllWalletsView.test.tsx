import type { Connector, ConnectorPlugin, RegistryWallet, WalletRegistryService } from '@latch/kernel';
import { act, fireEvent, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connector } from '@latch/testkit/kernel';
import { IMAGE_PRELOAD_TIMEOUT_MS } from '../parts/remoteImage.js';
import { HeldImage } from '../test-support/heldImage.js';
import { cleanupModals, createTestModal, MODAL_ELEMENT_NAME, openModal, type ModalScreen } from '../test-support/renderModal.js';
import { BUNDLED_WALLETS } from '../wallets/bundledWallets.js';
import { createListRegistry } from '../wallets/listRegistry.js';
import { ALL_WALLETS_PAGE_SIZE } from './AllWalletsView.js';

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await cleanupModals();
});

const named = (id: string, name: string, extra: Partial<Connector> = {}): Connector => ({ ...connector(id, 'eip155'), name, ...extra });

/** Tile names in display order, installed ones marked with '*'. */
function tiles({ ui }: ModalScreen): string[] {
  const grid = ui.getByTestId('latch-all-wallets');
  return [...grid.querySelectorAll('li')].map((li) => {
    const tile = li.firstElementChild as HTMLElement;
    return `${tile.tagName === 'BUTTON' ? '*' : ''}${tile.querySelector('span:not([aria-hidden]):not(.sr-only)')?.textContent}`;
  });
}

function recordingRegistry(wallets: RegistryWallet[]) {
  const inner = createListRegistry(wallets);
  const calls: { page: number; pageSize: number; search?: string }[] = [];
  const registry: WalletRegistryService = {
    listWallets: (request) => {
      calls.push({ page: request.page, pageSize: request.pageSize, search: request.search });
      return inner.listWallets(request);
    },
  };
  return { registry, calls };
}

/** Polls with React work flushed in between, for tests that run with fake timers. */
async function until<T>(probe: () => T | null | undefined | false): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = probe();
    if (value) return value;
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
  throw new Error('gave up waiting');
}

const manyWallets = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `r${i + 1}`,
    name: `Registry ${String(i + 1).padStart(2, '0')}`,
    homepage: `https://r${i + 1}.example`,
  }));

async function openAllWallets(...args: Parameters<typeof createTestModal>) {
  const made = createTestModal(...args);
  const screen = await openModal(made.modal, { view: 'AllWallets' });
  await screen.ui.findAllByRole('link');
  return { ...made, screen };
}

describe('AllWallets view', () => {
  it('lists installed wallets first, without repeating them from the registry', async () => {
    const { screen } = await openAllWallets(
      {},
      { connectors: [named('mm', 'MetaMask', { rdns: 'io.metamask' }), named('rabby', 'Rabby', { rdns: 'io.rabby' })] },
    );
    const names = tiles(screen);
    expect(names.slice(0, 2)).toEqual(['*MetaMask', '*Rabby']);
    expect(names.filter((n) => /MetaMask|Rabby/.test(n))).toEqual(['*MetaMask', '*Rabby']);
    expect(names).toHaveLength(BUNDLED_WALLETS.length);
    expect(screen.ui.getByText(`${BUNDLED_WALLETS.length} wallets`).getAttribute('role')).toBe('status');
  });

  it('an installed wallet opens ConnectingExternal', async () => {
    const { screen, modal } = await openAllWallets();
    fireEvent.click(screen.ui.getByRole('button', { name: /^Wallet w\b/ }));
    expect(modal.getState().view).toBe('ConnectingExternal');
    expect(await screen.ui.findByRole('dialog', { name: 'Wallet w' })).toBeTruthy();
  });

  it('registry wallets are links to their homepage, and showing them makes no request', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { screen } = await openAllWallets({}, { connectors: [] });
    const links = screen.ui.getAllByRole('link');
    expect(links).toHaveLength(BUNDLED_WALLETS.length);
    const metamask = screen.ui.getByRole('link', { name: /MetaMask/ });
    expect(metamask.getAttribute('href')).toBe('https://metamask.io');
    expect(metamask.getAttribute('target')).toBe('_blank');
    expect(metamask.getAttribute('rel')).toBe('noopener noreferrer');
    expect([...screen.root.querySelectorAll('img')].filter((img) => !img.src.startsWith('data:'))).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows the bundled wallets with their own logos (data: URIs in this chunk), a monogram where none ships', async () => {
    const { screen } = await openAllWallets({}, { connectors: [] });
    const logo = (name: RegExp) => screen.ui.getByRole('link', { name }).querySelector('img')?.getAttribute('src') ?? '';
    expect(logo(/MetaMask/)).toMatch(/^data:image\/svg\+xml,%3Csvg/);
    expect(logo(/Phantom/)).toMatch(/^data:image\/svg\+xml,/);
    expect(logo(/MetaMask/)).not.toBe(logo(/Phantom/));
    const withLogo = screen.ui.getAllByRole('link').filter((link) => link.querySelector('img'));
    expect(withLogo.length).toBeGreaterThanOrEqual(16);
    expect(screen.ui.getByRole('link', { name: /Talisman/ }).querySelector('.monogram')).not.toBeNull();
  });

  it('search filters installed and registry wallets, 150 ms after the last keystroke', async () => {
    const { screen } = await openAllWallets();
    const search = screen.ui.getByRole('searchbox', { name: 'Search wallets' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(search, { target: { value: 'ra' } });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.change(search, { target: { value: 'rain' } });
    act(() => vi.advanceTimersByTime(149));
    await act(async () => undefined);
    expect(tiles(screen)).toContain('MetaMask'); // not filtered yet
    act(() => vi.advanceTimersByTime(1));
    await act(async () => undefined);
    expect(tiles(screen)).toEqual(['Rainbow']);

    fireEvent.change(search, { target: { value: 'wallet w' } });
    act(() => vi.advanceTimersByTime(150));
    await act(async () => undefined);
    expect(tiles(screen)).toEqual(['*Wallet w']);

    fireEvent.change(search, { target: { value: 'zzz' } });
    act(() => vi.advanceTimersByTime(150));
    await act(async () => undefined);
    expect(tiles(screen)).toEqual([]);
    expect(screen.ui.getByText('No wallet matches “zzz”.')).toBeTruthy();
  });

  it("'Show more wallets' loads the next page, and keeps it", async () => {
    const { registry, calls } = recordingRegistry(manyWallets(ALL_WALLETS_PAGE_SIZE + 6));
    // Timers stand still until the test moves them, so the click surely lands before the search debounce
    // would fire. Testing Library's async helpers need real timers, so this test polls by itself.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { modal } = createTestModal({ dataServices: { walletRegistry: registry } }, { connectors: [] });
    await act(async () => modal.open({ view: 'AllWallets' }));
    const root = await until(() => document.querySelector(MODAL_ELEMENT_NAME)?.shadowRoot?.querySelector<HTMLElement>('.latch-root'));
    const ui = within(root);
    const links = () => ui.queryAllByRole('link').length;
    await until(() => links() === ALL_WALLETS_PAGE_SIZE);
    expect(ALL_WALLETS_PAGE_SIZE).toBe(24);
    fireEvent.click(ui.getByRole('button', { name: 'Show more wallets' }));
    await until(() => links() === ALL_WALLETS_PAGE_SIZE + 6);
    act(() => vi.advanceTimersByTime(1_000));
    for (let i = 0; i < 5; i++) await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
    expect(links()).toBe(ALL_WALLETS_PAGE_SIZE + 6);
    expect(tiles({ ui } as ModalScreen).at(-1)).toBe('Registry 30');
    expect(ui.queryByRole('button', { name: 'Show more wallets' })).toBeNull();
    expect(calls.at(-1)).toEqual({ page: 1, pageSize: 2 * ALL_WALLETS_PAGE_SIZE, search: undefined });
  });

  it('uses a configured walletRegistry instead of the bundled list', async () => {
    const { registry, calls } = recordingRegistry([{ id: 'mine', name: 'My Wallet', homepage: 'https://mine.example' }]);
    const { screen } = await openAllWallets({ dataServices: { walletRegistry: registry } }, { connectors: [] });
    expect(tiles(screen)).toEqual(['My Wallet']);
    expect(calls[0]).toMatchObject({ page: 1, pageSize: ALL_WALLETS_PAGE_SIZE });
  });

  it('shows an error when the registry fails', async () => {
    const registry: WalletRegistryService = { listWallets: async () => Promise.reject(new Error('HTTP status code: 500')) };
    const { modal } = createTestModal({ dataServices: { walletRegistry: registry } });
    const { ui } = await openModal(modal, { view: 'AllWallets' });
    expect((await ui.findByRole('alert')).textContent).toBe('The wallet list could not be loaded.');
    // Installed wallets still work.
    expect(ui.getByRole('button', { name: /^Wallet w\b/ })).toBeTruthy();
  });

  it('hides excluded wallets from the registry too', async () => {
    const { screen } = await openAllWallets({ excludeWalletIds: ['io.metamask', 'Rainbow', 'rabby'] });
    expect(tiles(screen).filter((n) => /MetaMask|Rainbow|Rabby/.test(n))).toEqual([]);
  });

  it('with includeWalletIds shows only those registry wallets, and every installed one', async () => {
    const { screen } = await openAllWallets({ includeWalletIds: ['io.metamask', 'Rainbow'] });
    const names = tiles(screen);
    expect(names.filter((n) => !n.startsWith('*')).sort()).toEqual(['MetaMask', 'Rainbow']);
    expect(names.some((n) => n.startsWith('*'))).toBe(true);
  });

  it('never renders a registry wallet as a dead or script link', async () => {
    const { registry } = recordingRegistry([
      { id: 'a', name: 'No Homepage' },
      { id: 'b', name: 'Script', homepage: 'javascript:alert(1)' },
      { id: 'c', name: 'Good', homepage: 'https://good.example' },
    ]);
    const { screen } = await openAllWallets({ dataServices: { walletRegistry: registry } }, { connectors: [] });
    expect(screen.ui.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['https://good.example']);
    expect(screen.root.querySelectorAll('a:not([href])')).toHaveLength(0);
    expect(tiles(screen)).toEqual(['No Homepage', 'Script', 'Good']);
  });
});

describe('AllWallets view: wallets a connector plugin reaches', () => {
  /** A WalletConnect-like plugin: its wallets are asked for only when All Wallets opens. */
  function walletsPlugin() {
    const asked: (string | undefined)[] = [];
    const plugin: ConnectorPlugin = {
      id: 'wc',
      name: 'WalletConnect',
      type: 'WALLET_CONNECT',
      connectingView: 'ConnectingWalletConnect',
      views: {
        ConnectingWalletConnect: async () => ({
          default: ({ data }: { data?: unknown }) => <p data-testid="plugin-view">{JSON.stringify(data)}</p>,
        }),
      },
      connect: async () => ({ namespaces: {} }),
      disconnect: async () => undefined,
      async wallets({ search }) {
        asked.push(search);
        const all = [
          { id: 'rainbow', name: 'Rainbow', data: { id: 'rainbow', links: { native: 'rainbow://' } } },
          { id: 'zerion', name: 'Zerion', data: { id: 'zerion' } },
        ];
        return all.filter((w) => !search || w.name.toLowerCase().includes(search.toLowerCase()));
      },
    };
    return { plugin, asked };
  }

  it('lists them as buttons (not homepage links), asks only once All Wallets is open, and opens the plugin view with the wallet', async () => {
    const { plugin, asked } = walletsPlugin();
    const { modal } = createTestModal({ connectors: [plugin] });
    expect(asked).toEqual([]);
    const screen = await openModal(modal, { view: 'AllWallets' });
    const rainbow = await screen.ui.findByRole('button', { name: /^Rainbow\s*, connect with WalletConnect$/ });
    expect(asked).toEqual([undefined]);
    // The bundled registry's Rainbow and Zerion homepage links give way to the connectable entries.
    expect(screen.ui.queryByRole('link', { name: /Rainbow/ })).toBeNull();
    expect(screen.ui.queryByRole('link', { name: /Zerion/ })).toBeNull();
    // Listed without an icon, it wears the bundled logo of the wallet of that name.
    expect(rainbow.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    fireEvent.click(rainbow);
    expect(modal.getState().view).toBe('ConnectingWalletConnect');
    expect(JSON.parse((await screen.ui.findByTestId('plugin-view')).textContent ?? '')).toMatchObject({
      name: 'Rainbow',
      targets: [{ id: 'wc', namespace: 'eip155' }],
      wallet: { id: 'rainbow', links: { native: 'rainbow://' } },
    });
  });

  describe("a plugin wallet's http(s) icon: loaded first without a referrer, given up after 2 s (§9)", () => {
    async function listWithIcons({ loading = true } = {}) {
      const { plugin } = walletsPlugin();
      const listed = plugin.wallets!;
      const withIcons: ConnectorPlugin = {
        ...plugin,
        wallets: async (request) => (await listed(request)).map((w) => ({ ...w, icon: `https://registry.example/icons/${w.id}.svg` })),
      };
      const screen = await openModal(createTestModal({ connectors: [withIcons] }).modal, { view: 'AllWallets' });
      const rainbow = await screen.ui.findByRole('button', { name: /^Rainbow\s*, connect with WalletConnect$/ });
      const preload = HeldImage.made.find((i) => i.src === 'https://registry.example/icons/rainbow.svg');
      expect(preload?.referrerPolicy).toBe('no-referrer');
      if (loading) {
        // Blank while it loads: neither a broken image nor a letter that would flip to a logo.
        expect(rainbow.querySelector('img')).toBeNull();
        expect(rainbow.querySelector('.monogram')).toBeNull();
      }
      return { rainbow, preload: preload as HeldImage };
    }
    beforeEach(() => {
      HeldImage.made = [];
      vi.stubGlobal('Image', HeldImage);
    });
    afterEach(() => {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    });

    it('shown once loaded, without a referrer', async () => {
      const { rainbow, preload } = await listWithIcons();
      act(() => preload.onload?.());
      const img = rainbow.querySelector('img');
      expect(img?.getAttribute('src')).toBe('https://registry.example/icons/rainbow.svg');
      expect(img?.getAttribute('referrerpolicy')).toBe('no-referrer');
    });

    it('a monogram when it fails to load', async () => {
      const { rainbow, preload } = await listWithIcons();
      act(() => preload.onerror?.());
      expect(rainbow.querySelector('img')).toBeNull();
      expect(rainbow.querySelector('.monogram')?.getAttribute('data-letter')).toBe('R');
    });

    it('a monogram when the host has not answered in 2 s', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
      // The clock also runs on its own here (the view's list waits on real time), so the give-up may come first.
      const { rainbow } = await listWithIcons({ loading: false });
      await act(async () => vi.advanceTimersByTime(IMAGE_PRELOAD_TIMEOUT_MS));
      expect(rainbow.querySelector('img')).toBeNull();
      expect(rainbow.querySelector('.monogram')?.getAttribute('data-letter')).toBe('R');
    });
  });

  it('passes the search on, and honours the modal excludeWalletIds', async () => {
    const { plugin, asked } = walletsPlugin();
    const { modal } = createTestModal({ connectors: [plugin], excludeWalletIds: ['zerion'] });
    const screen = await openModal(modal, { view: 'AllWallets' });
    await screen.ui.findByRole('button', { name: /^Rainbow\s*, connect with/ });
    expect(screen.ui.queryByRole('button', { name: /^Zerion/ })).toBeNull();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(screen.ui.getByRole('searchbox', { name: 'Search wallets' }), { target: { value: 'rain' } });
    await act(async () => vi.advanceTimersByTime(150));
    vi.useRealTimers();
    await until(() => asked.includes('rain'));
    expect(asked).toEqual([undefined, 'rain']);
  });

  it('says so when the plugin cannot list its wallets', async () => {
    const { plugin } = walletsPlugin();
    const { modal } = createTestModal({
      connectors: [{ ...plugin, wallets: async () => Promise.reject(new Error('HTTP status code: 503')) }],
    });
    const screen = await openModal(modal, { view: 'AllWallets' });
    expect((await screen.ui.findByRole('alert')).textContent).toBe('The wallet list could not be loaded.');
  });
});
