import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { base, mainnet, sepolia } from '@latch/testkit/kernel';
import { cleanupModals, createTestModal, openModal } from '../test-support/renderModal.js';

afterEach(async () => {
  vi.restoreAllMocks();
  await cleanupModals();
});

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

async function openReceive() {
  const made = createTestModal({ networks: [mainnet, base, sepolia] });
  await made.modal.connect('w');
  const screen = await openModal(made.modal);
  fireEvent.click(await screen.ui.findByTestId('latch-feature-WalletReceive'));
  await screen.ui.findByTestId('latch-receive');
  return { ...made, ...screen };
}

describe('Receive', () => {
  it('shows the address as a labelled SVG QR code (dark on light, quiet zone) and as text', async () => {
    const { ui, root } = await openReceive();
    expect(ui.getByRole('dialog', { name: 'Receive' })).toBeTruthy();
    const qr = ui.getByRole('img', { name: 'QR code of your Ethereum & EVM address' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('rect')?.getAttribute('fill')).toBe('#ffffff');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
    const [x, y, w, h] = (qr.getAttribute('viewBox') ?? '').split(' ').map(Number);
    expect([x, y]).toEqual([-4, -4]);
    expect(w).toBe(h);
    expect(ui.getByTestId('latch-receive-address').textContent).toBe(ADDRESS);
    expect(root.querySelector('img')).toBeNull(); // nothing to fetch
  });

  it('lists the networks the address is valid on', async () => {
    const { ui } = await openReceive();
    const list = ui.getByRole('list', { name: 'Valid on' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent?.trim())).toEqual(['eip155 1', 'eip155 8453', 'eip155 11155111']);
  });

  it('copies the address and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const { ui, modal } = await openReceive();
    fireEvent.click(ui.getByRole('button', { name: 'Copy address' }));
    await waitFor(() => expect(modal.getState().snack).toMatchObject({ open: true, message: 'Address copied', variant: 'success' }));
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
  });

  it('says when copying fails', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async () => Promise.reject(new Error('denied')) },
    });
    const { ui, modal } = await openReceive();
    fireEvent.click(ui.getByRole('button', { name: 'Copy address' }));
    await waitFor(() => expect(modal.getState().snack).toMatchObject({ message: 'Copy failed', variant: 'error' }));
  });
});
