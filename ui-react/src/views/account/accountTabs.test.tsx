import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanupModals, createTestModal, openModal, transaction, withActivity, withNfts } from '../../test-support/renderModal.js';
import { isAllowedImage } from '../../parts/allowedImage.js';

afterEach(async () => {
  vi.restoreAllMocks();
  await cleanupModals();
});

const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

async function openTab(tab: 'NFTs' | 'Activity', setup: (made: ReturnType<typeof createTestModal>) => unknown, overrides = {}) {
  const made = createTestModal(overrides);
  const extra = setup(made);
  await made.modal.connect('w');
  const screen = await openModal(made.modal);
  fireEvent.click(await screen.ui.findByRole('tab', { name: tab }));
  return { ...made, ...screen, extra };
}

describe('Activity tab', () => {
  it('groups transactions by month, newest first, with direction, amount (3 decimals), status and explorer link', async () => {
    const { ui } = await openTab('Activity', ({ fake }) =>
      withActivity(fake.adapter, [
        [
          transaction('0x01', { minedAt: '2026-11-20T10:00:00Z' }),
          transaction(
            '0x02',
            {
              minedAt: '2026-11-02T10:00:00Z',
              operationType: 'receive',
              sentFrom: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
              sentTo: ME,
            },
            [{ direction: 'in', fungible_info: { symbol: 'LDT' }, quantity: { numeric: '1234.56789' } }],
          ),
          transaction('0x03', { minedAt: '2026-10-15T10:00:00Z', status: 'failed' }),
        ],
      ]),
    );
    const list = await ui.findByTestId('latch-activity');
    const groups = within(list).getAllByRole('region');
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['November 2026', 'October 2026']);
    const rows = within(list).getAllByTestId('latch-activity-item');
    expect(rows.map((r) => r.querySelector('strong')?.textContent)).toEqual(['Sent', 'Received', 'SentFailed']);
    expect(rows[0]?.querySelector('.figures')?.textContent).toMatch(/^-1\.500 ETH/);
    expect(rows[1]?.querySelector('.figures')?.textContent).toMatch(/^\+1,234\.567 LDT/);
    expect(rows[1]?.textContent).toContain('from 0x70…dc79C8');
    expect(rows[0]?.getAttribute('href')).toBe('https://explorer.example/tx/0x01');
  });

  it("shows each token a transaction moved, and names each transfer's own party rather than the token contract", async () => {
    const TOKEN_CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
    const { ui } = await openTab('Activity', ({ fake }) =>
      withActivity(fake.adapter, [
        [
          transaction('0x04', { operationType: 'send', sentFrom: ME, sentTo: TOKEN_CONTRACT }, [
            { direction: 'out', fungible_info: { symbol: 'LDT' }, quantity: { numeric: '5' }, counterparty: RECEIVER },
            { direction: 'out', fungible_info: { symbol: 'LUSD' }, quantity: { numeric: '100000' }, counterparty: RECEIVER },
            { direction: 'in', nft_info: { name: 'Position #9' }, quantity: { numeric: '1' } },
          ]),
        ],
      ]),
    );
    const row = await ui.findByTestId('latch-activity-item');
    expect(
      within(row)
        .getAllByTestId('latch-activity-transfer')
        .map((line) => line.textContent),
    ).toEqual(['-5.000 LDT', '-100,000.000 LUSD', 'Position #9']);
    expect(row.textContent).toContain('to 0x3C…4293BC');
    expect(row.textContent).not.toContain('0x5FbD');
  });

  it('pages with "Show more" through the cursor, each transaction once', async () => {
    const { ui, extra } = await openTab('Activity', ({ fake }) =>
      withActivity(fake.adapter, [[transaction('0x01')], [transaction('0x02')], [transaction('0x03')]]),
    );
    await ui.findByTestId('latch-activity');
    fireEvent.click(ui.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(ui.getAllByTestId('latch-activity-item')).toHaveLength(2));
    fireEvent.click(ui.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(ui.getAllByTestId('latch-activity-item')).toHaveLength(3));
    expect(ui.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(extra).toEqual([undefined, '1', '2']);
  });

  it('follows a few empty pages that reach further back, then offers to look further back', async () => {
    const { ui, extra } = await openTab('Activity', ({ fake }) =>
      withActivity(fake.adapter, [[], [], [transaction('0x01')], [], [], [], [], [], [transaction('0x02')]]),
    );
    await waitFor(() => expect(ui.getAllByTestId('latch-activity-item')).toHaveLength(1));
    expect(extra).toEqual([undefined, '1', '2']);
    fireEvent.click(ui.getByRole('button', { name: 'Show more' }));
    // Pages 3 to 6 are empty: the list stops after three followed, and says so.
    await waitFor(() => expect(extra).toEqual([undefined, '1', '2', '3', '4', '5', '6']));
    expect(ui.getAllByTestId('latch-activity-item')).toHaveLength(1);
    fireEvent.click(await ui.findByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(ui.getAllByTestId('latch-activity-item')).toHaveLength(2));
    expect(ui.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('an account with nothing in its recent history is offered "Look further back", not "No activity"', async () => {
    const { ui } = await openTab('Activity', ({ fake }) => withActivity(fake.adapter, [[], [], [], [], [], [transaction('0x05')]]));
    fireEvent.click(await ui.findByRole('button', { name: 'Look further back' }));
    await waitFor(() => expect(ui.getAllByTestId('latch-activity-item')).toHaveLength(1));
  });

  it("§8: a failure shows 'Failed to fetch transactions', an empty list and a retry", async () => {
    let fail = true;
    const { ui, modal } = await openTab('Activity', ({ fake }) =>
      withActivity(fake.adapter, async () => (fail ? Promise.reject(new Error('HTTP status code: 500')) : { data: [transaction('0x09')] })),
    );
    expect(await ui.findByText('Failed to fetch transactions', { selector: 'p' })).toBeTruthy();
    await waitFor(() => expect(modal.getState().snack.message).toBe('Failed to fetch transactions'));
    fail = false;
    fireEvent.click(ui.getByRole('button', { name: 'Try again' }));
    expect(await ui.findByTestId('latch-activity-item')).toBeTruthy();
  });

  it('says there is no activity yet, and says so honestly where nothing provides it', async () => {
    const empty = await openTab('Activity', ({ fake }) => withActivity(fake.adapter, [[]]));
    expect(await empty.ui.findByText('No activity yet on eip155 1.')).toBeTruthy();
    await cleanupModals();
    const none = await openTab('Activity', () => undefined);
    expect((await none.ui.findByRole('tabpanel')).textContent).toBe(
      'Activity is not available on eip155 1. Your wallet keeps your full history.',
    );
  });

  it('is not a tab when the history feature is off', async () => {
    const made = createTestModal({ features: { history: false } });
    await made.modal.connect('w');
    const { ui } = await openModal(made.modal);
    await ui.findByTestId('latch-account');
    expect(ui.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Tokens', 'NFTs']);
  });
});

describe('NFTs tab', () => {
  const nft = (tokenId: string, imageUrl?: string) => ({
    contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    tokenId,
    chainId: 'eip155:1' as const,
    name: `Latch Demo NFT #${tokenId}`,
    collection: { name: 'Latch Demo NFT', symbol: 'LNFT' },
    ...(imageUrl ? { imageUrl } : {}),
  });

  it('shows name, collection, data: images; remote images only from imageHosts, else a placeholder', async () => {
    const { ui, root } = await openTab(
      'NFTs',
      ({ fake }) =>
        withNfts(fake.adapter, [
          nft('1', PNG),
          nft('2', 'https://img.allowed.example/2.png'),
          nft('3', 'https://tracker.example/3.png'),
          nft('4'),
        ]),
      { imageHosts: ['img.allowed.example'] },
    );
    const cards = await ui.findAllByTestId('latch-nft');
    expect(cards.map((c) => c.querySelector('strong')?.textContent)).toEqual([
      'Latch Demo NFT #1',
      'Latch Demo NFT #2',
      'Latch Demo NFT #3',
      'Latch Demo NFT #4',
    ]);
    expect(cards[0]?.querySelector('.caption span')?.textContent).toBe('Latch Demo NFT');
    expect([...root.querySelectorAll('img.art')].map((img) => img.getAttribute('src'))).toEqual([PNG, 'https://img.allowed.example/2.png']);
    expect(within(cards[2] as HTMLElement).getByRole('img', { name: 'Latch Demo NFT #3: image not shown' }).textContent).toBe(
      'Image hidden',
    );
    expect(cards[3]?.textContent).toContain('No image');
  });

  it('says where nothing provides NFTs', async () => {
    const { ui } = await openTab('NFTs', () => undefined);
    expect((await ui.findByRole('tabpanel')).textContent).toBe('NFTs are not available on eip155 1. Your NFTs are safe in your wallet.');
  });
});

describe('isAllowedImage', () => {
  it('allows data: images, and http(s) only from a listed host, host:port or origin', () => {
    expect(isAllowedImage(PNG, undefined)).toBe(true);
    expect(isAllowedImage('data:image/svg+xml;base64,PHN2Zz4=', [])).toBe(true);
    expect(isAllowedImage('data:text/html,<script>', ['x'])).toBe(false);
    expect(isAllowedImage('https://cdn.example/a.png', undefined)).toBe(false);
    expect(isAllowedImage('https://cdn.example/a.png', ['cdn.example'])).toBe(true);
    expect(isAllowedImage('https://evil.cdn.example/a.png', ['cdn.example'])).toBe(false);
    expect(isAllowedImage('https://cdn.example.evil/a.png', ['cdn.example'])).toBe(false);
    expect(isAllowedImage('http://127.0.0.1:8080/a.png', ['127.0.0.1:8080'])).toBe(true);
    expect(isAllowedImage('http://127.0.0.1:9090/a.png', ['127.0.0.1:8080'])).toBe(false);
    expect(isAllowedImage('https://cdn.example/a.png', ['https://cdn.example/'])).toBe(true);
    expect(isAllowedImage('http://cdn.example/a.png', ['https://cdn.example'])).toBe(false);
    expect(isAllowedImage('ipfs://bafy/a.png', ['bafy'])).toBe(false);
    expect(isAllowedImage('javascript:alert(1)', ['alert(1)'])).toBe(false);
    expect(isAllowedImage('', ['x'])).toBe(false);
  });
});
