// Max, then Send, on a real anvil through the testkit wallet, which fills in EIP-1559 fees as viem does (MetaMask
// does the same): whatever the balance, the base fee and the receiver, the transfer lands and the sender keeps exactly
// the quoted fee less what the chain charged (gas used × effective gas price from the receipt), never below zero.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, toHex, type Address, type Hash } from 'viem';
import { createWallet, mountAdapter, startChains, type Chains } from './test-support/walletFixture.js';

let chains: Chains;
let node: ReturnType<typeof createPublicClient>;
beforeAll(async () => {
  chains = await startChains();
  node = createPublicClient({ transport: http(chains.main.rpcUrl) });
});
afterAll(() => chains?.stop());

const SENDER = 7;
const rpc = (method: string, params: unknown[] = []) => node.request({ method, params } as never);

describe('eip155 Max (maxSendable) then send, with a wallet that uses EIP-1559 defaults', () => {
  it('always lands, and leaves the sender the quoted fee less the fee charged on chain', async () => {
    const wallet = createWallet(chains, { accountIndex: SENDER });
    const { adapter, connector, unmount } = mountAdapter(wallet, [chains.mainNetwork]);
    const { address: from } = await adapter.connect(connector, { network: chains.mainNetwork });
    const send = adapter.capabilities!.send!;
    const receivers = [chains.main.accounts[8]!.address, '0x000000000000000000000000000000000000dEaD'];
    try {
      await fc.assert(
        fc.asyncProperty(
          // From a dust-sized balance that still covers a transfer's fee at a high base fee, to 10 million ETH.
          fc.bigInt({ min: 10n ** 16n, max: 10n ** 25n }),
          fc.bigInt({ min: 1n, max: 200n * 10n ** 9n }),
          fc.constantFrom(...receivers),
          async (balance, baseFee, to) => {
            await rpc('anvil_setNextBlockBaseFeePerGas', [toHex(baseFee)]);
            await rpc('anvil_mine', ['0x1']);
            await rpc('anvil_setBalance', [from, toHex(balance)]);
            const max = await send.maxSendable!({ from, to, network: chains.mainNetwork, connector });
            const receiverBefore = await node.getBalance({ address: to as Address });
            const hash = (await send.sendTransfer({
              from,
              to,
              amount: max.amount,
              network: chains.mainNetwork,
              connector,
              feeQuote: max.fee,
            })) as Hash;
            const receipt = await node.waitForTransactionReceipt({ hash });
            expect(receipt.status).toBe('success');
            const charged = receipt.gasUsed * receipt.effectiveGasPrice;
            expect(max.amount).toBe(balance - max.fee.fee);
            expect(await node.getBalance({ address: to as Address })).toBe(receiverBefore + max.amount);
            const left = await node.getBalance({ address: from as Address });
            expect(left).toBe(balance - max.amount - charged);
            expect(left).toBeGreaterThanOrEqual(0n);
          },
        ),
        { numRuns: 15 },
      );
    } finally {
      unmount();
    }
  });
});
