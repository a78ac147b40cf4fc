import type { CaipNetwork } from '@latch/kernel';
import { type BareAnvilFixture, startAnvil } from '@latch/devnet';
import { act, fireEvent } from '@testing-library/react';
import axe from 'axe-core';
import { createPublicClient, formatEther, formatGwei, http } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanupModals, renderModal, waitForView } from '@latch/react/testing';
import { connector, createFakeAdapter, createTestStorage, mainnet } from '@latch/testkit/kernel';
import { createGasTrackerPlugin } from './createGasTrackerPlugin.js';
import { createFeeClient, watchGasFees } from './fees.js';

let anvil: BareAnvilFixture;
beforeAll(async () => {
  anvil = await startAnvil({ deploy: false });
});
afterAll(() => anvil?.stop());
afterEach(() => cleanupModals());

/** An eip155 network whose configured RPC is `rpcUrl`. */
const local = (rpcUrl: string): CaipNetwork => ({
  ...mainnet,
  id: 31337,
  caipNetworkId: 'eip155:31337',
  name: 'Local Devnet',
  rpcUrls: { default: { http: [rpcUrl] } },
});

/** Connects the fake wallet on `network` and opens the Gas tracker from the Account view's row. */
async function openGasTracker(network: CaipNetwork) {
  const wallet = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] });
  const rendered = await renderModal({
    networks: [network],
    adapters: [wallet.adapter],
    storage: createTestStorage(),
    plugins: [createGasTrackerPlugin({ pollingInterval: 100 })],
    connect: 'w',
  });
  fireEvent.click(await rendered.ui.findByRole('button', { name: 'Gas tracker' }));
  await waitForView(rendered.modal);
  await rendered.ui.findByTestId('latch-GasTracker');
  return rendered;
}

/** The chain's own figures for a block, read with viem. */
async function chainFigures(block: bigint) {
  const client = createPublicClient({ transport: http(anvil.rpcUrl) });
  const { baseFeePerGas } = await client.getBlock({ blockNumber: block });
  const tip = await client.estimateMaxPriorityFeePerGas();
  return { baseFee: baseFeePerGas as bigint, tip };
}

describe('the Gas tracker view', () => {
  it('shows the base fee, the tips and a transfer’s cost of the block it names, as anvil reports them', async () => {
    const { ui } = await openGasTracker(local(anvil.rpcUrl));
    expect(ui.getByRole('dialog', { name: 'Gas tracker' })).toBeTruthy();
    const caption = await ui.findByText(/^Fees at block \d+$/);
    const block = BigInt((caption.textContent ?? '').replace('Fees at block ', ''));
    // A fresh chain's blocks hold no transaction: every speed takes the node's suggested tip.
    const { baseFee, tip } = await chainFigures(block);
    expect(ui.getByTestId('gas-base-fee').textContent).toBe(`${formatGwei(baseFee)} gwei`);
    for (const speed of ['slow', 'normal', 'fast']) {
      expect(ui.getByTestId(`gas-tip-${speed}`).textContent).toBe(`Tip ${formatGwei(tip)} gwei (the node’s suggestion)`);
      expect(ui.getByTestId(`gas-cost-${speed}`).textContent).toBe(`${formatEther(21_000n * (baseFee + tip))} ETH`);
    }
    const results = await axe.run(ui.getByTestId('latch-GasTracker'), { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('asks the RPC nothing more once the modal closes', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      const { modal, ui } = await openGasTracker(local(anvil.rpcUrl));
      await ui.findByTestId('gas-base-fee');
      await act(async () => modal.close());
      await vi.waitFor(() => expect(ui.queryByTestId('latch-GasTracker')).toBeNull());
      const afterClose = fetchSpy.mock.calls.length;
      // Another watcher on the same interval polls six times: in that time the view's would have polled too.
      let polls = 0;
      const stop = watchGasFees(createFeeClient(anvil.rpcUrl, { pollingInterval: 100, onFetchRequest: () => void polls++ }), {
        onFees: () => {},
        onError: () => {},
      });
      try {
        await expect.poll(() => polls).toBeGreaterThanOrEqual(6);
      } finally {
        stop();
      }
      expect(fetchSpy.mock.calls.length).toBe(afterClose + polls);
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('with the RPC down: the error and Try again, which shows the fees once the RPC answers', async () => {
    const down = await startAnvil({ deploy: false });
    await down.stop();
    const { ui } = await openGasTracker(local(down.rpcUrl));
    const error = await ui.findByTestId('gas-tracker-error');
    expect(error.textContent).toContain(`Could not read the network's fee data from 127.0.0.1:${down.port}.`);
    expect(ui.getByRole('alert').textContent).toContain('Fees unavailable');
    expect(ui.queryByTestId('gas-base-fee')).toBeNull();
    // The same port answers again.
    const back = await startAnvil({ deploy: false, port: down.port });
    try {
      fireEvent.click(ui.getByRole('button', { name: 'Try again' }));
      await ui.findByTestId('gas-base-fee');
      expect(ui.queryByTestId('gas-tracker-error')).toBeNull();
    } finally {
      await back.stop();
    }
  });

  it('on a network with no http(s) RPC URL says so, with no Try again', async () => {
    const { ui } = await openGasTracker(local('wss://node.example'));
    expect((await ui.findByRole('alert')).textContent).toContain('Local Devnet has no http(s) RPC URL configured.');
    expect(ui.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
