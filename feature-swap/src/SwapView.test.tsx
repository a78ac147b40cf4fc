import { fireEvent } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { base, connector, mainnet, sepolia, solanaMainnet } from '@latch/testkit/kernel';
import { cleanupModals, createTestModal, openModal } from '../../ui-react/src/test-support/renderModal.js';
import { createSwapPlugin, type SwapOptions } from './createSwapPlugin.js';

afterEach(() => cleanupModals());

const A = '0x1111111111111111111111111111111111111111';

/** A wallet that can send: the view needs an EIP-1193 provider (nothing here asks it anything). */
const sendingWallet = { ...connector('w', 'eip155'), provider: { request: async () => Promise.reject(new Error('not asked')) } };

async function openSwap(options: SwapOptions, setup: { solana?: boolean; network?: typeof base; provider?: boolean } = {}) {
  const plugin = createSwapPlugin(options);
  const made = setup.solana
    ? createTestModal({ networks: [solanaMainnet], plugins: [plugin] }, { namespace: 'solana', connectors: [connector('w', 'solana')] })
    : createTestModal(
        { networks: [setup.network ?? mainnet, mainnet, base, sepolia].filter((n, i, all) => all.indexOf(n) === i), plugins: [plugin] },
        setup.provider ? { connectors: [sendingWallet] } : {},
      );
  await made.modal.connect('w');
  const screen = await openModal(made.modal);
  const features = await screen.ui.findByRole('navigation', { name: 'Wallet features' });
  fireEvent.click(await screen.ui.findByTestId('latch-feature-Swap'));
  return { ...made, ...screen, features, view: await screen.ui.findByTestId('latch-Swap') };
}

describe('the Swap view when it cannot swap', () => {
  it('comes before Receive among the wallet features (§9 order) and opens as the Swap dialog', async () => {
    const { features, ui } = await openSwap({});
    expect([...features.querySelectorAll('button')].map((b) => b.textContent?.trim())).toEqual(['Swap', 'Receive']); // the fake adapter cannot send
    expect(ui.getByRole('dialog', { name: 'Swap' })).toBeTruthy();
  });

  it('is offered only where it can swap; opened anyway on a namespace or network without contracts (Sepolia: a testnet where Latch ships no Uniswap addresses), it says so', async () => {
    for (const setup of [{ solana: true }, { network: sepolia }]) {
      const plugin = createSwapPlugin({});
      const { modal } = setup.solana
        ? createTestModal({ networks: [solanaMainnet], plugins: [plugin] }, { namespace: 'solana', connectors: [connector('w', 'solana')] })
        : createTestModal({ networks: [sepolia, mainnet], plugins: [plugin] });
      await modal.connect('w');
      const screen = await openModal(modal);
      const features = await screen.ui.findByRole('navigation', { name: 'Wallet features' });
      expect([...features.querySelectorAll('button')].map((b) => b.textContent?.trim())).toEqual(['Receive']);
      await modal.open({ view: 'Swap' });
      expect((await screen.ui.findByTestId('latch-Swap')).textContent).toBe('Swaps are not available on this network.');
      await cleanupModals();
    }
  });

  it('names a configuration problem found when the view opens', async () => {
    const { view } = await openSwap(
      { networks: { 8453: { v2: { router: A, factory: A }, weth: A, rpcUrl: 'ftp://nope' } } },
      { network: base },
    );
    expect(view.textContent).toBe('Swaps are not configured correctly: networks[8453].rpcUrl must be an http(s) URL');
  });

  it('needs an EIP-1193 wallet to send from, and passes axe', async () => {
    const { view, root } = await openSwap({});
    expect(view.textContent).toBe('This wallet cannot send transactions from here.');
    // Contrast needs layout, which happy-dom lacks; the e2e audits it in Chromium.
    expect((await axe.run(root, { rules: { 'color-contrast': { enabled: false } } })).violations).toEqual([]);
  });
});

describe('the Swap view on the networks Latch ships Uniswap for', () => {
  /** The symbols the "receive" picker lists, in order. */
  async function offered(network: typeof base) {
    const { ui } = await openSwap({}, { network, provider: true });
    fireEvent.click(await ui.findByTestId('latch-swap-to'));
    const list = await ui.findByRole('list', { name: 'Tokens' });
    return [...list.querySelectorAll('.token-row .symbol')].map((symbol) => symbol.textContent);
  }

  it('offers Base’s suggested tokens with no networks option: the native currency, WETH, USDC, DAI, UNI', async () => {
    expect(await offered(base)).toEqual(['ETH', 'WETH', 'USDC', 'DAI', 'UNI']);
  });

  it('offers Ethereum’s: ETH, WETH, USDC, USDT, DAI, WBTC, UNI, AAVE, LINK', async () => {
    expect(await offered(mainnet)).toEqual(['ETH', 'WETH', 'USDC', 'USDT', 'DAI', 'WBTC', 'UNI', 'AAVE', 'LINK']);
  });
});
