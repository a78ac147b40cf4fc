import { getCapability, isUserRejection, type Connector, type TransferRequest } from '@latch/kernel';
import { bitcoinPaymentAddress, BITCOIN_NETWORKS, REGTEST_PARAMS, verifyBitcoinMessageSignature } from '@latch/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BROADCAST_REJECTED_PREFIX, INSUFFICIENT_FUNDS_MESSAGE } from './walletErrors.js';
import {
  createWallet,
  key,
  mountAdapter,
  SATS_CONNECTOR_ID,
  startRegtest,
  unmountAll,
  type Regtest,
} from './test-support/bitcoinFixture.js';
import { startLaggingEsplora } from './test-support/laggingEsplora.js';

let local: Regtest;
beforeAll(async () => {
  local = await startRegtest();
});
afterAll(() => local?.stop());
afterEach(unmountAll);

const connectorFor = (provider: object): Connector => ({
  id: SATS_CONNECTOR_ID,
  name: 'Latch Bitcoin Wallet',
  type: 'ANNOUNCED',
  chain: 'bip122',
  provider,
});

async function connectedWallet(paymentKey: string, fund = 0n, esploraUrl?: string) {
  const wallet = createWallet(local, { paymentKey, ...(esploraUrl ? { esploraUrl } : {}) });
  if (fund > 0n) await local.regtest.fund(wallet.paymentAddress, fund);
  const mounted = mountAdapter([local.network]);
  const connector = connectorFor(wallet.provider);
  await mounted.adapter.connect(connector, { network: local.network });
  const sign = getCapability(mounted.adapter, 'signMessage')!;
  const send = getCapability(mounted.adapter, 'send')!;
  const transfer = (to: string, amount: bigint, extra: Partial<TransferRequest> = {}) =>
    send.sendTransfer({ from: wallet.paymentAddress, to, amount, network: local.network, connector, ...extra });
  return { ...mounted, wallet, connector, sign, send, transfer };
}

describe('signMessage (BIP-322 through the wallet)', () => {
  it('signs with the payment and the ordinals account; bip322-js verifies both', async () => {
    const { wallet, sign, connector } = await connectedWallet(key(0x41));
    for (const address of [wallet.paymentAddress, wallet.ordinalsAddress]) {
      const message = `Sign in to Latch as ${address}`;
      const signature = await sign.signMessage({ message, address, connector });
      expect(signature).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expect(verifyBitcoinMessageSignature({ address, message, signature })).toBe(true);
      expect(verifyBitcoinMessageSignature({ address, message: `${message}!`, signature })).toBe(false);
    }
  });

  it('surfaces a declined signature as 4001, and refuses an account or a connector it does not hold', async () => {
    const { wallet, sign, connector } = await connectedWallet(key(0x42));
    wallet.setFailure('rejectSign', true);
    const declined = await sign.signMessage({ message: 'no', address: wallet.paymentAddress, connector }).catch((err: unknown) => err);
    expect(isUserRejection(declined)).toBe(true);
    expect(declined).toMatchObject({ code: 4001 });
    const stranger = bitcoinPaymentAddress(key(0x43), REGTEST_PARAMS);
    await expect(sign.signMessage({ message: 'm', address: stranger, connector })).rejects.toThrow(/Account not found/);
    const other = connectorFor(createWallet(local, { paymentKey: key(0x44), id: 'other' }).provider);
    await expect(sign.signMessage({ message: 'm', address: wallet.paymentAddress, connector: other })).rejects.toThrow(/not connected/);
  });
});

describe('sendTransfer (sats-connect sendTransfer, on the regtest node)', () => {
  it('pays the receiver from the payment account; the chain holds it, and the fee was estimated', async () => {
    const { wallet, send, transfer, connector } = await connectedWallet(key(0x51), 5_000_000n);
    const receiver = bitcoinPaymentAddress(key(0x52), REGTEST_PARAMS);
    const request = { from: wallet.paymentAddress, to: receiver, amount: 1_250_000n, network: local.network, connector };
    const estimate = await send.estimateFee!(request);
    const txid = await transfer(receiver, 1_250_000n);
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
    expect(await local.regtest.balanceOf(receiver)).toBe(1_250_000n);
    const fee = 5_000_000n - 1_250_000n - (await local.regtest.balanceOf(wallet.paymentAddress));
    expect(fee).toBeGreaterThan(0n);
    // The wallet selects coins as the quote did (@scure/btc-signer's selectUTXO, the node's rate): the fee is exact.
    expect(estimate.fee).toBe(fee);
    const tx = (await fetch(`${local.regtest.esploraUrl}/tx/${txid}`).then((r) => r.json())) as { fee: number };
    expect(BigInt(tx.fee)).toBe(fee);
  });

  it('names an overdraft, before sending (estimate) and from the wallet (send)', async () => {
    const { wallet, send, transfer, connector } = await connectedWallet(key(0x53), 100_000n);
    const receiver = bitcoinPaymentAddress(key(0x54), REGTEST_PARAMS);
    const request = { from: wallet.paymentAddress, to: receiver, amount: 150_000n, network: local.network, connector };
    await expect(send.estimateFee!(request)).rejects.toThrow(INSUFFICIENT_FUNDS_MESSAGE);
    await expect(transfer(receiver, 150_000n)).rejects.toMatchObject({ message: INSUFFICIENT_FUNDS_MESSAGE, category: 'CONNECTOR_ERROR' });
    expect(await local.regtest.balanceOf(receiver)).toBe(0n);
  });

  it("passes on the node's refusal of a transaction in words: a wallet whose indexer lags spends a spent coin", async () => {
    const lagging = await startLaggingEsplora(local.regtest.esploraUrl);
    try {
      const { wallet, transfer } = await connectedWallet(key(0x55), 300_000n, lagging.url);
      await lagging.freeze(wallet.paymentAddress);
      const receiver = bitcoinPaymentAddress(key(0x56), REGTEST_PARAMS);
      await transfer(receiver, 100_000n); // spends the one coin; the lagging index still lists it
      const refused = await transfer(receiver, 50_000n).catch((err: unknown) => err);
      expect(refused).toMatchObject({
        message: expect.stringMatching(new RegExp(`^${BROADCAST_REJECTED_PREFIX}: .*(spent|conflict|missing)`)),
      });
      expect(await local.regtest.balanceOf(receiver)).toBe(100_000n);
    } finally {
      await lagging.close();
    }
  });

  it('surfaces a declined transfer as 4001', async () => {
    const { wallet, transfer } = await connectedWallet(key(0x57), 100_000n);
    wallet.setFailure('rejectSign', true);
    const error = await transfer(bitcoinPaymentAddress(key(0x58), REGTEST_PARAMS), 10_000n).catch((err: unknown) => err);
    expect(isUserRejection(error)).toBe(true);
  });

  it('checks the request before the wallet sees it: token, receiver network, amount, sender account', async () => {
    const { wallet, transfer, send, connector } = await connectedWallet(key(0x59), 100_000n);
    const receiver = bitcoinPaymentAddress(key(0x5a), REGTEST_PARAMS);
    const mainnetReceiver = bitcoinPaymentAddress(key(0x5a), BITCOIN_NETWORKS.Mainnet.params);
    await expect(transfer(receiver, 1_000n, { token: 'rune' })).rejects.toThrow(/Only BTC/);
    await expect(transfer(mainnetReceiver, 1_000n)).rejects.toThrow(/Invalid transfer receiver/);
    await expect(transfer(receiver, 0n)).rejects.toThrow(/Invalid transfer amount/);
    await expect(transfer(receiver, 2_100_000_000_000_001n)).rejects.toThrow(/21 million/);
    await expect(transfer(receiver, 1_000n, { from: wallet.ordinalsAddress })).rejects.toThrow(/from the payment account/);
    const otherNetwork = { ...local.network, caipNetworkId: 'bip122:ffffffffffffffffffffffffffffffff' as const };
    await expect(transfer(receiver, 1_000n, { network: otherNetwork })).rejects.toThrow(/does not match/);
    await expect(
      send.estimateFee!({ from: wallet.paymentAddress, to: 'nope', amount: 1n, network: local.network, connector }),
    ).rejects.toMatchObject({
      category: 'VALIDATION_ERROR',
    });
    expect(await local.regtest.balanceOf(receiver)).toBe(0n);
  });
});
