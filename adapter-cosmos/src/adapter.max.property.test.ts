// Max, then Send, under the kernel on the CometBFT stand-in (real secp256k1 signatures checked) through the testkit's
// Keplr: the adapter keeps what works (no maxSendable of its own), so Max is the kernel's: the balance read now less
// `estimateFee`, whose StdFee the wallet then signs. Whatever the balance, the transfer lands, the chain charges
// exactly the quoted fee, and the sender is left with 0.
import fc from 'fast-check';
import { createModal } from '@latch/kernel';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCosmosAdapter } from './adapter.js';
import { createPage, installWallets, startLocalCosmos, type LocalCosmos } from './test-support/cosmosFixture.js';

let hub: LocalCosmos;
beforeAll(async () => {
  hub = await startLocalCosmos();
});
afterAll(() => hub?.stop());
const modals: ReturnType<typeof createModal>[] = [];
afterEach(() => {
  for (const modal of modals.splice(0)) modal.destroy();
});

let nextKey = 0x6200;
const freshKey = () => (nextKey++).toString(16).padStart(64, '0');

describe('cosmos Max then send under the kernel (property, on the CometBFT stand-in)', () => {
  it('always lands; the chain charges exactly the quoted fee and the sender keeps 0', async () => {
    const receiverPage = createPage();
    const receiverWallet = installWallets(receiverPage, [{ global: 'keplr', mnemonicOrPrivateKey: freshKey() }]).wallets.keplr!;
    await receiverWallet.experimentalSuggestChain(hub.network.cosmos.chainInfo);
    const to = await receiverWallet.addressFor(hub.network.cosmos.chainId);
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 50_000n, max: 10_000_000_000n }), async (held) => {
        const page = createPage();
        const keplr = installWallets(page, [{ global: 'keplr', mnemonicOrPrivateKey: freshKey() }]).wallets.keplr!;
        await keplr.experimentalSuggestChain(hub.network.cosmos.chainInfo);
        const from = await keplr.addressFor(hub.network.cosmos.chainId);
        hub.chain.fund(from, held);
        const modal = createModal({
          networks: [hub.network],
          adapters: [createCosmosAdapter({ window: page, broadcastPollIntervalMs: 20 })],
          storage: null,
        });
        modals.push(modal);
        await modal.connect('keplr');
        const receiverBefore = hub.chain.balanceOf(to);
        const max = await modal.maxSendable({ to });
        const { hash } = await modal.sendTransfer({ to, amount: max.amount, fee: max.fee });
        await expect(modal.waitForTransfer(hash)).resolves.toEqual({ status: 'confirmed' });
        const recorded = hub.chain.transaction(hash);
        expect(recorded).toMatchObject({ code: 0 });
        expect(recorded?.fee).toBe(max.fee?.quote.fee);
        const sent =
          BigInt(max.amount.replace('.', '').replace(/^0+(?=\d)/, '')) * 10n ** BigInt(6 - (max.amount.split('.')[1]?.length ?? 0));
        expect(hub.chain.balanceOf(to)).toBe(receiverBefore + sent);
        expect(hub.chain.balanceOf(from)).toBe(0n);
        expect(held - sent - (recorded?.fee ?? 0n)).toBe(0n);
      }),
      { numRuns: 10 },
    );
  });
});
