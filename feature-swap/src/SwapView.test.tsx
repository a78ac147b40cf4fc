import { act, fireEvent } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupModals, renderModal, waitForView } from '@latch/react/testing';
import { base, connector, createFakeAdapter, createTestStorage, mainnet, sepolia, solanaMainnet } from '@latch/testkit/kernel';
import { createSwapPlugin, type SwapOptions } from './createSwapPlugin.js';

afterEach(() => cleanupModals());

const A = '0x1111111111111111111111111111111111111111';

/** A wallet that can send: the view needs an EIP-1193 provider (nothing here asks it anything). */
const sendingWallet = { ...connector('w', 'eip155'), provider: { request: async () => Promise.reject(new Error('not asked')) } };

/** The modal's wallet, connected before it opens: wallet 'w' of a fake adapter on `namespace`, and test storage. */
function wallet(namespace: 'eip155' | 'solana', connectors = [connector('w', namespace)]) {
  return { adapters: [createFakeAdapter({ namespace, connectors }).adapter], storage: createTestStorage(), connect: 'w' };
}

async function openSwap(options: SwapOptions, setup: { solana?: boolean; network?: typeof base; provider?: boolean } = {}) {
  const plugin = createSwapPlugin(options);
  const screen = await renderModal(
    setup.solana
      ? { networks: [solanaMainnet], plugins: [plugin], ...wallet('solana') }
      : {
          networks: [setup.network ?? mainnet, mainnet, base, sepolia].filter((n, i, all) => all.indexOf(n) === i),
          plugins: [plugin],
          ...wallet('eip155', setup.provider ? [sendingWallet] : undefined),
        },
  );
  const features = await screen.ui.findByRole('navigation', { name: 'Wallet features' });
  fireEvent.click(await screen.ui.findByTestId('latch-feature-Swap'));
  await waitForView(screen.modal);
  return { ...screen, features, view: await screen.ui.findByTestId('latch-Swap') };
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
      const screen = await renderModal(
        setup.solana
          ? { networks: [solanaMainnet], plugins: [plugin], ...wallet('solana') }
          : { networks: [sepolia, mainnet], plugins: [plugin], ...wallet('eip155') },
      );
      const features = await screen.ui.findByRole('navigation', { name: 'Wallet features' });
      expect([...features.querySelectorAll('button')].map((b) => b.textContent?.trim())).toEqual(['Receive']);
      // Opened at the view as a host would (`open({ view })`), past the missing button.
      await act(() => screen.modal.open({ view: 'Swap' }));
      await waitForView(screen.modal);
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
