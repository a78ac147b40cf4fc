// Max, then Send, under the kernel on the local Solana RPC (LiteSVM) through the testkit wallet (real ed25519 keys):
// the adapter keeps what works (no maxSendable of its own), so Max is the kernel's: the balance read now less
// `estimateFee`. Whatever the balance and the receiver, the transfer lands, the sender pays exactly the fee the
// chain charged and is left with 0. Balances start at 0.002 SOL: a new receiving account must get the rent-exempt
// minimum (890,880 lamports), which a smaller Max could not give it.
import fc from 'fast-check';
import { createMockSolanaWallet } from '@latch/testkit';
import { createModal } from '@latch/kernel';
import { address, createSolanaRpc } from '@solana/kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSolanaAdapter } from './adapter.js';
import {
  addressOf,
  CONNECTOR_ID,
  createRegistrations,
  startLocalSolana,
  WALLET_NAME,
  type LocalSolana,
} from './test-support/solanaFixture.js';

let local: LocalSolana;
const OPEN_RECEIVER_SEED = (0x6000).toString(16).padStart(64, '0');
beforeAll(async () => {
  local = await startLocalSolana();
  local.rpc.airdrop(await addressOf(OPEN_RECEIVER_SEED), 1_000_000_000n);
});
afterAll(() => local?.stop());
const registrations = createRegistrations();
const modals: ReturnType<typeof createModal>[] = [];
afterEach(() => {
  for (const modal of modals.splice(0)) modal.destroy();
  registrations.clear();
});

let nextSeed = 0x6100;
const freshSeed = () => (nextSeed++).toString(16).padStart(64, '0');

describe('solana Max then send under the kernel (property, on LiteSVM)', () => {
  it('always lands; the sender pays exactly the fee charged and keeps 0', async () => {
    const chain = createSolanaRpc(local.rpc.rpcUrl);
    const lamportsOf = async (owner: string) => (await chain.getBalance(address(owner)).send()).value;
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 2_000_000n, max: 50_000_000_000n }), fc.boolean(), async (held, toNewAccount) => {
        const seedHex = freshSeed();
        const from = await addressOf(seedHex);
        local.rpc.airdrop(from, held);
        const wallet = await createMockSolanaWallet({
          secretKeySeed: seedHex,
          name: WALLET_NAME,
          chains: [{ chain: local.rpc.caipNetworkId, rpcUrl: local.rpc.rpcUrl }],
        });
        registrations.clear();
        registrations.register(wallet);
        const modal = createModal({ networks: [local.network], adapters: [createSolanaAdapter()], storage: null });
        modals.push(modal);
        await modal.connect(CONNECTOR_ID);
        const to = await addressOf(toNewAccount ? freshSeed() : OPEN_RECEIVER_SEED);
        const receiverBefore = await lamportsOf(to);
        const max = await modal.maxSendable({ to });
        const { hash } = await modal.sendTransfer({ to, amount: max.amount, fee: max.fee });
        await expect(modal.waitForTransfer(hash)).resolves.toEqual({ status: 'confirmed' });
        const meta = (await chain.getTransaction(hash as never, { maxSupportedTransactionVersion: 0, encoding: 'json' }).send())?.meta;
        const sent = lamportsFromWhole(max.amount);
        expect(meta?.fee).toBe(max.fee?.quote.fee);
        expect(await lamportsOf(to)).toBe(receiverBefore + sent);
        expect(await lamportsOf(from)).toBe(0n);
        expect(held - sent - (meta?.fee ?? 0n)).toBe(0n);
      }),
      { numRuns: 8 },
    );
  });
});

/** '1.5' SOL → 1_500_000_000 lamports, exactly (no float). */
function lamportsFromWhole(whole: string): bigint {
  const [integer = '0', fraction = ''] = whole.split('.');
  return BigInt(integer + fraction.padEnd(9, '0'));
}
