import type { PolkadotChainClient } from '@latch/devnet';

type ChainEvent = {
  phase: { isApplyExtrinsic: boolean; asApplyExtrinsic: { toNumber(): number } };
  event: { section: string; method: string; data: { toJSON(): unknown[] } };
};

/**
 * The extrinsic `hash` in one of the latest blocks, and the fee its block charged `who`, from the chain's own events:
 * `transactionPayment.TransactionFeePaid` where the runtime has it, else what `balances.Withdraw` took from `who` less
 * what a refund `balances.Deposit` gave back (runtimes from before that event). It looks up to 64 blocks back: on the run's
 * shared node, files running meanwhile add blocks of their own after the one a test waited for.
 */
export async function minedExtrinsic(chain: PolkadotChainClient, hash: string, who: string) {
  let blockHash = (await chain.api.rpc.chain.getFinalizedHead()).toHex();
  for (let depth = 0; depth < 64; depth++) {
    const { block } = await chain.api.rpc.chain.getBlock(blockHash);
    const index = block.extrinsics.findIndex((extrinsic) => extrinsic.hash.toHex() === hash);
    if (index < 0) {
      blockHash = block.header.parentHash.toHex();
      continue;
    }
    const all = (await (await chain.api.at(blockHash)).query.system!.events!()) as unknown as ChainEvent[];
    const own = all.filter(({ phase }) => phase.isApplyExtrinsic && phase.asApplyExtrinsic.toNumber() === index);
    // Each event's data: [who, amount…]; TransactionFeePaid is [who, actualFee, tip].
    const amountOf = (section: string, method: string) =>
      own
        .filter(({ event }) => event.section === section && event.method === method && event.data.toJSON()[0] === who)
        .map(({ event }) => BigInt(event.data.toJSON()[1] as number | string));
    const paid = amountOf('transactionPayment', 'TransactionFeePaid');
    const sum = (amounts: bigint[]) => amounts.reduce((total, amount) => total + amount, 0n);
    const fee = paid.length > 0 ? sum(paid) : sum(amountOf('balances', 'Withdraw')) - sum(amountOf('balances', 'Deposit'));
    const success = own.some(({ event }) => event.section === 'system' && event.method === 'ExtrinsicSuccess');
    return { extrinsic: block.extrinsics[index]!, fee, success, blockHash };
  }
  throw new Error(`extrinsic ${hash} is in none of the latest 64 blocks`);
}
