// Max, then Send, on a real regtest node (bcoin behind Esplora) through both test wallets (sats-connect, where the
// wallet selects coins itself, and Wallet Standard, where the adapter builds the PSBT): whatever the coins and the fee
// rate, the payment spends every coin into one output to the receiver, no change, and its fee as the chain counts it
// (inputs less outputs) is the fee quoted: the sender is left with 0.
import fc from 'fast-check';
import { getCapability, type Connector } from '@latch/kernel';
import { bitcoinPaymentAddress, REGTEST_PARAMS } from '@latch/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createWallet,
  mountAdapter,
  SATS_CONNECTOR_ID,
  STANDARD_CONNECTOR_ID,
  startRegtest,
  unmountAll,
  type Regtest,
} from './test-support/bitcoinFixture.js';

let local: Regtest;
beforeAll(async () => {
  local = await startRegtest();
});
afterAll(() => local?.stop());
afterEach(unmountAll);

let nextKey = 0x7000;
/** A fresh 32-byte secret key per run: every run starts from an empty address. */
const freshKey = () => (nextKey++).toString(16).padStart(64, '0');

async function connected(kind: 'sats-connect' | 'standard', paymentKey: string) {
  const wallet = createWallet(local, { paymentKey });
  const mounted = mountAdapter([local.network]);
  let connector: Connector;
  if (kind === 'standard') {
    mounted.registry.register(wallet.standardWallet);
    connector = mounted.connector(STANDARD_CONNECTOR_ID);
  } else {
    connector = { id: SATS_CONNECTOR_ID, name: 'Latch Bitcoin Wallet', type: 'ANNOUNCED', chain: 'bip122', provider: wallet.provider };
  }
  await mounted.adapter.connect(connector, { network: local.network });
  return { wallet, connector, send: getCapability(mounted.adapter, 'send')! };
}

interface EsploraTx {
  fee: number;
  vin: unknown[];
  vout: { scriptpubkey: string; value: number }[];
}

describe('bip122 Max then send (property, on bcoin regtest)', () => {
  for (const kind of ['sats-connect', 'standard'] as const) {
    it(`${kind}: every coin to the receiver, no change; the fee the chain counts is the one quoted; the sender keeps 0`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.bigInt({ min: 20_000n, max: 5_000_000n }), { minLength: 1, maxLength: 4 }),
          fc.integer({ min: 1, max: 40 }),
          async (coins, rate) => {
            local.regtest.setFeeEstimates({ '1': rate + 1, '3': rate, '6': rate });
            const paymentKey = freshKey();
            const { wallet, connector, send } = await connected(kind, paymentKey);
            for (const sats of coins) await local.regtest.fund(wallet.paymentAddress, sats);
            const held = coins.reduce((sum, sats) => sum + sats, 0n);
            const to = bitcoinPaymentAddress(freshKey(), REGTEST_PARAMS);
            const max = await send.maxSendable!({ from: wallet.paymentAddress, to, network: local.network, connector });
            expect(max.amount + max.fee.fee).toBe(held);
            const txid = await send.sendTransfer({
              from: wallet.paymentAddress,
              to,
              amount: max.amount,
              network: local.network,
              connector,
              feeQuote: max.fee,
            });
            const tx = (await fetch(`${local.regtest.esploraUrl}/tx/${txid}`).then((reply) => reply.json())) as EsploraTx;
            expect(tx.vin).toHaveLength(coins.length);
            expect(tx.vout.map((output) => BigInt(output.value))).toEqual([max.amount]);
            expect(BigInt(tx.fee)).toBe(max.fee.fee);
            expect(await local.regtest.balanceOf(to)).toBe(max.amount);
            expect(await local.regtest.balanceOf(wallet.paymentAddress)).toBe(0n);
          },
        ),
        { numRuns: 10 },
      );
    });
  }
});
