import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUNDLED_WALLETCONNECT_WALLETS } from './bundledWallets.js';
import { allowedIcon, fetchWalletRegistry, parseWalletRegistry, selectWallets } from './walletRegistry.js';

const DATA_ICON = 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>';

afterEach(() => vi.unstubAllGlobals());

describe('parseWalletRegistry', () => {
  it('keeps valid entries with their links and namespaces, drops invalid ones and duplicates', () => {
    const wallets = parseWalletRegistry({
      wallets: [
        {
          id: 'rainbow',
          name: 'Rainbow',
          links: { native: 'rainbow://', universal: 'https://rnbwapp.com' },
          namespaces: ['eip155', 'BAD NS'],
        },
        { id: 'rainbow', name: 'Rainbow again' },
        { id: '', name: 'No id' },
        { id: 'no-name' },
        { id: '../evil', name: 'Path id' },
        'not an object',
        { id: 'plain', name: '  Plain  ', homepage: 'javascript:alert(1)', icon: 'https://tracker.example/x.png' },
      ],
    });
    expect(wallets).toEqual([
      { id: 'rainbow', name: 'Rainbow', links: { native: 'rainbow://', universal: 'https://rnbwapp.com' }, namespaces: ['eip155'] },
      { id: 'plain', name: 'Plain' },
    ]);
  });

  it('accepts a bare array and refuses any other document with a clear error', () => {
    expect(parseWalletRegistry([{ id: 'a', name: 'A' }])).toEqual([{ id: 'a', name: 'A' }]);
    expect(() => parseWalletRegistry({ list: [] })).toThrow('The wallet registry must be a JSON array of wallets or { "wallets": [...] }');
    expect(() => parseWalletRegistry('x')).toThrow(/JSON array/);
    expect(() => parseWalletRegistry('x')).toThrow(expect.objectContaining({ name: 'LatchError', category: 'API_ERROR' }));
  });

  it('shows icons only from data: images or the registry host', () => {
    expect(allowedIcon(DATA_ICON, undefined)).toBe(DATA_ICON);
    expect(allowedIcon('data:text/html,<script>', undefined)).toBeUndefined();
    expect(allowedIcon('https://wallets.example.com/icons/a.png', undefined)).toBeUndefined();
    expect(allowedIcon('https://wallets.example.com/icons/a.png', 'https://wallets.example.com')).toBe(
      'https://wallets.example.com/icons/a.png',
    );
    expect(allowedIcon('/icons/a.png', 'https://wallets.example.com')).toBe('https://wallets.example.com/icons/a.png');
    expect(allowedIcon('https://cdn.other.example/a.png', 'https://wallets.example.com')).toBeUndefined();
  });

  it('the bundled list is valid registry data with no remote icon', () => {
    expect(parseWalletRegistry(BUNDLED_WALLETCONNECT_WALLETS)).toEqual(BUNDLED_WALLETCONNECT_WALLETS);
    expect(BUNDLED_WALLETCONNECT_WALLETS.every((w) => w.icon === undefined || w.icon.startsWith('data:'))).toBe(true);
  });
});

describe('fetchWalletRegistry', () => {
  it('fetches without credentials and allows icons from its own origin only', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({
        wallets: [
          { id: 'a', name: 'A', icon: '/a.png' },
          { id: 'b', name: 'B', icon: 'https://elsewhere.example/b.png' },
        ],
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const wallets = await fetchWalletRegistry('https://wallets.example.com/registry.json');
    expect(wallets).toEqual([
      { id: 'a', name: 'A', icon: 'https://wallets.example.com/a.png' },
      { id: 'b', name: 'B' },
    ]);
    expect(fetchMock).toHaveBeenCalledWith('https://wallets.example.com/registry.json', expect.objectContaining({ credentials: 'omit' }));
  });

  it('reports an HTTP failure with the status (§7 generic client text)', async () => {
    vi.stubGlobal('fetch', async () => new Response('nope', { status: 503 }));
    await expect(fetchWalletRegistry('https://wallets.example.com/registry.json')).rejects.toThrow('HTTP status code: 503');
    await expect(fetchWalletRegistry('https://wallets.example.com/registry.json')).rejects.toMatchObject({
      category: 'API_ERROR',
      code: 'HTTP_STATUS',
    });
  });
});

describe('selectWallets', () => {
  const list = [
    { id: 'a', name: 'Alpha' },
    { id: 'b', name: 'Beta' },
    { id: 'c', name: 'Gamma' },
    { id: 'd', name: 'Delta' },
  ];
  const ids = (wallets: { id: string }[]) => wallets.map((w) => w.id);

  it('puts featured wallets first, in their order', () => {
    expect(ids(selectWallets(list, { featuredWalletIds: ['c', 'missing', 'a'] }))).toEqual(['c', 'a', 'b', 'd']);
  });

  it('includeWalletIds keeps only those; excludeWalletIds removes, also from featured', () => {
    expect(ids(selectWallets(list, { includeWalletIds: ['b', 'd'] }))).toEqual(['b', 'd']);
    expect(ids(selectWallets(list, { excludeWalletIds: ['a'], featuredWalletIds: ['a', 'd'] }))).toEqual(['d', 'b', 'c']);
  });

  it('searches names case-insensitively', () => {
    expect(ids(selectWallets(list, {}, '  ta '))).toEqual(['b', 'd']);
    expect(selectWallets(list, {}, 'zzz')).toEqual([]);
  });
});
