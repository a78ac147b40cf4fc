// Max, then Send, on a real Substrate runtime (chopsticks) through the mock extension (real sr25519 keys): whatever
// the balance and the receiver (an open account or a new one), the transfer lands and the sender keeps at least the
// existential deposit after paying exactly the fee its block charged. Emptying the account on purpose (a typed amount
// beyond Max) uses transferAllowDeath, says so first, and leaves nothing behind.
import fc from 'fast-check';
import type { Connector } from '@latch/kernel';
import { polkadotAddressFromUri } from '@latch/testkit';
import type { PolkadotChainClient } from '@latch/devnet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PolkadotNetwork } from './networks/polkadotNetwork.js';
import { minedExtrinsic } from './test-support/minedExtrinsic.js';
import { createExtension, mountAdapter, sharedLocalPolkadot, UNIT, unmountAll, uri } from './test-support/polkadotFixture.js';

let chain: PolkadotChainClient;
let network: PolkadotNetwork;
const SENDER = uri('MaxSender');
const OPEN_RECEIVER = uri('MaxOpenReceiver');
const address = (secret: string) => polkadotAddressFromUri(secret, chain.ss58Format);

beforeAll(async () => {
  ({ chain, network } = await sharedLocalPolkadot());
  await chain.fund(await address(OPEN_RECEIVER), UNIT);
});
afterAll(() => chain?.stop());
afterEach(unmountAll);

/** Sets the account's free balance exactly, keeping its nonce (dev_setStorage). */
async function setFree(who: string, free: bigint) {
  const json = ((await chain.api.query.system!.account!(who)) as unknown as { toJSON(): Record<string, unknown> }).toJSON();
  const data = (json.data ?? {}) as Record<string, unknown>;
  await chain.api.rpc('dev_setStorage', {
    System: {
      Account: [[[who], { ...json, providers: Math.max(1, Number(json.providers ?? 0)), data: { ...data, free: free.toString() } }]],
    },
  });
}

async function connected(): Promise<{
  send: NonNullable<NonNullable<ReturnType<typeof mountAdapter>['adapter']['capabilities']>['send']>;
  connector: Connector;
}> {
  const mounted = mountAdapter([await createExtension('polkadot-js', [SENDER])], [network]);
  const connector = mounted.connector('polkadot-js');
  await mounted.adapter.connect(connector, { network });
  return { send: mounted.adapter.capabilities!.send!, connector };
}

let fresh = 0;
const receiverArbitrary = () => fc.constantFrom('open', 'new').map((kind) => (kind === 'open' ? OPEN_RECEIVER : uri(`MaxNew${fresh++}`)));

describe('polkadot Max then send (property, on chopsticks)', () => {
  it('Max keeps the account open: it lands, and the sender keeps at least the existential deposit after the fee charged', async () => {
    const { send, connector } = await connected();
    const from = await address(SENDER);
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: UNIT / 1000n, max: 1_000n * UNIT }), receiverArbitrary(), async (free, receiver) => {
        const to = await address(receiver);
        await setFree(from, free);
        const receiverBefore = await chain.balanceOf(to);
        const max = await send.maxSendable!({ from, to, network, connector });
        expect(max.fee.terms).toEqual({ call: 'transferKeepAlive' });
        expect(max.fee.warning).toBeUndefined();
        expect(max.note).toMatch(
          /^Max keeps 0\.000003333333 ROC so the account stays open \(the existential deposit\)\. Sending [\d.]+ ROC instead closes it\.$/,
        );
        const hash = await send.sendTransfer({ from, to, amount: max.amount, network, connector, feeQuote: max.fee });
        await expect(send.waitForTransfer!({ hash, network })).resolves.toEqual({ status: 'confirmed' });
        const { fee: charged, success } = await minedExtrinsic(chain, hash, from);
        expect(success).toBe(true);
        expect(charged).toBe(max.fee.fee);
        const left = await chain.balanceOf(from);
        expect(left).toBe(free - max.amount - charged);
        expect(left).toBeGreaterThanOrEqual(chain.existentialDeposit);
        expect(await chain.balanceOf(to)).toBe(receiverBefore + max.amount);
      }),
      { numRuns: 8 },
    );
  });

  it('an amount beyond Max empties the account with transferAllowDeath, after a warning: nothing is left behind', async () => {
    const { send, connector } = await connected();
    const from = await address(SENDER);
    const to = await address(OPEN_RECEIVER);
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: UNIT / 1000n, max: 1_000n * UNIT }),
        fc.bigInt({ min: 0n, max: 2_000_000n }),
        async (free, short) => {
          await setFree(from, free);
          const max = await send.maxSendable!({ from, to, network, connector });
          // Beyond what keeps the account open, up to all of it but the fee; the chain's own fee for the largest amount
          // (its encoding is the longest, so its fee the highest) bounds what fits.
          const highestFee = (await chain.api.tx.balances!.transfer!(to, free).paymentInfo(from)).partialFee.toBigInt();
          const everything = free - highestFee;
          const amount = everything - (short % (everything - max.amount));
          const quote = await send.estimateFee!({ from, to, amount, network, connector });
          expect(quote.terms).toEqual({ call: 'transferAllowDeath' });
          expect(quote.warning).toMatch(/^This empties the account: it is closed/);
          const receiverBefore = await chain.balanceOf(to);
          const hash = await send.sendTransfer({ from, to, amount, network, connector, feeQuote: quote });
          await expect(send.waitForTransfer!({ hash, network })).resolves.toEqual({ status: 'confirmed' });
          const { fee: charged } = await minedExtrinsic(chain, hash, from);
          expect(charged).toBe(quote.fee);
          expect(await chain.balanceOf(to)).toBe(receiverBefore + amount);
          expect(await chain.balanceOf(from)).toBe(0n); // reaped: what was below the existential deposit is gone
        },
      ),
      { numRuns: 5 },
    );
  });
});
