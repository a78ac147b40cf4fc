import { getCapability, isUserRejection, type Connector } from '@latch/kernel';
import { bitcoinPaymentAddress, REGTEST_PARAMS, verifyBitcoinMessageSignature } from '@latch/testkit';
import { Transaction } from '@scure/btc-signer';
import type { Wallet } from '@wallet-standard/base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INSUFFICIENT_FUNDS_MESSAGE } from './walletErrors.js';
import {
  createWallet,
  key,
  mountAdapter,
  settle,
  startRegtest,
  STANDARD_CONNECTOR_ID,
  unmountAll,
  type Regtest,
} from './test-support/bitcoinFixture.js';

let local: Regtest;
beforeAll(async () => {
  local = await startRegtest();
});
afterAll(() => local?.stop());
afterEach(unmountAll);

type Feature = Record<string, (...args: never[]) => Promise<unknown>>;

/** The testkit wallet's Wallet Standard face with some features replaced or added (what another wallet would do). */
function withFeatures(wallet: Wallet, features: Record<string, Feature | undefined>): Wallet {
  return {
    version: wallet.version,
    name: wallet.name,
    icon: wallet.icon,
    get chains() {
      return wallet.chains;
    },
    get accounts() {
      return wallet.accounts;
    },
    features: { ...wallet.features, ...features },
  } as Wallet;
}

async function connectedStandard(paymentKey: string, fund = 0n, replace: (wallet: Wallet) => Wallet = (wallet) => wallet) {
  const mock = createWallet(local, { paymentKey });
  if (fund > 0n) await local.regtest.fund(mock.paymentAddress, fund);
  const mounted = mountAdapter([local.network]);
  const standard = replace(mock.standardWallet);
  mounted.registry.register(standard);
  const connector: Connector = mounted.connector(STANDARD_CONNECTOR_ID);
  const result = await mounted.adapter.connect(connector, { network: local.network });
  const send = getCapability(mounted.adapter, 'send')!;
  const transfer = (to: string, amount: bigint) =>
    send.sendTransfer({ from: mock.paymentAddress, to, amount, network: local.network, connector });
  return { ...mounted, mock, standard, connector, result, send, transfer };
}

describe('a Bitcoin Wallet Standard wallet', () => {
  it('connects with bitcoin:connect (payment, ordinals), restores from wallet.accounts without a prompt, follows changes', async () => {
    const { mock, result, adapter, connector, events } = await connectedStandard(key(0x81));
    expect(result).toEqual({
      address: mock.paymentAddress,
      caipNetworkId: local.network.caipNetworkId,
      accounts: [
        { address: mock.paymentAddress, type: 'payment' },
        { address: mock.ordinalsAddress, type: 'ordinal' },
      ],
    });
    mock.setFailure('rejectConnect', true); // a prompt now would fail: restoring must not prompt
    const restored = await adapter.reconnect!('ws:whatever', { network: local.network, connector });
    expect(restored?.result.accounts).toEqual(result.accounts);
    const next = mock.switchAccount({ paymentKey: key(0x82) });
    await settle();
    expect(events).toEqual([
      { type: 'accountsChanged', accounts: [{ address: next, type: 'payment' }, expect.objectContaining({ type: 'ordinal' })] },
    ]);
    mock.disconnectFromWallet();
    await settle();
    expect(events.at(-1)).toEqual({ type: 'disconnected' });
    await expect(adapter.reconnect!(STANDARD_CONNECTOR_ID, { network: local.network })).resolves.toBeNull();
  });

  it('turns a refusal into 4001 and refuses a network the wallet does not serve', async () => {
    const mock = createWallet(local, { paymentKey: key(0x83), failures: { rejectConnect: true } });
    const mounted = mountAdapter([local.network]);
    mounted.registry.register(mock.standardWallet);
    const error = await mounted.adapter
      .connect(mounted.connector(STANDARD_CONNECTOR_ID), { network: local.network })
      .catch((err: unknown) => err);
    expect(isUserRejection(error)).toBe(true);

    const testnetWallet = createWallet(local, { paymentKey: key(0x84), id: 'tb', name: 'Testnet Wallet', network: 'Testnet' });
    mounted.registry.register(testnetWallet.standardWallet);
    await expect(mounted.adapter.connect(mounted.connector('ws:Testnet Wallet'), { network: local.network })).rejects.toMatchObject({
      code: 5710,
    });
  });

  it('signs BIP-322 through bitcoin:signMessage (signature bytes, base64 for the app)', async () => {
    const { mock, adapter, connector } = await connectedStandard(key(0x85));
    const signature = await getCapability(adapter, 'signMessage')!.signMessage({
      message: 'standard',
      address: mock.ordinalsAddress,
      connector,
    });
    expect(verifyBitcoinMessageSignature({ address: mock.ordinalsAddress, message: 'standard', signature })).toBe(true);
  });

  it('sends through a PSBT the wallet signs (bitcoin:signTransaction), finalised and broadcast through Esplora', async () => {
    const { mock, transfer, send, connector } = await connectedStandard(key(0x86), 2_000_000n);
    const receiver = bitcoinPaymentAddress(key(0x87), REGTEST_PARAMS);
    const estimate = await send.estimateFee!({
      from: mock.paymentAddress,
      to: receiver,
      amount: 700_000n,
      network: local.network,
      connector,
    });
    const txid = await transfer(receiver, 700_000n);
    expect(local.regtest.requests).toContain('POST /tx');
    expect(await local.regtest.balanceOf(receiver)).toBe(700_000n);
    const fee = 2_000_000n - 700_000n - (await local.regtest.balanceOf(mock.paymentAddress));
    expect(estimate.fee).toBe(fee);
    const tx = (await fetch(`${local.regtest.esploraUrl}/tx/${txid}`).then((r) => r.json())) as { txid: string };
    expect(tx.txid).toBe(txid);
    await expect(transfer(receiver, 5_000_000n)).rejects.toThrow(INSUFFICIENT_FUNDS_MESSAGE);
  });

  it('uses bitcoin:signAndSendTransaction when the wallet has it', async () => {
    const seen: { chain?: unknown }[] = [];
    const { transfer } = await connectedStandard(key(0x88), 500_000n, (wallet) => {
      const sign = (wallet.features['bitcoin:signTransaction'] as Feature).signTransaction!;
      return withFeatures(wallet, {
        'bitcoin:signAndSendTransaction': {
          async signAndSendTransaction(...inputs: unknown[]) {
            const input = inputs[0] as { chain?: unknown };
            seen.push(input);
            const [output] = (await sign(input as never)) as { signedPsbt: Uint8Array }[];
            const tx = Transaction.fromPSBT(output!.signedPsbt);
            tx.finalize();
            return [{ txId: await local.regtest.broadcast(tx.hex) }];
          },
        },
      });
    });
    const receiver = bitcoinPaymentAddress(key(0x89), REGTEST_PARAMS);
    const txid = await transfer(receiver, 100_000n);
    expect(seen).toEqual([expect.objectContaining({ chain: 'bitcoin:regtest' })]);
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
    expect(await local.regtest.balanceOf(receiver)).toBe(100_000n);
  });

  it('refuses to broadcast a transaction whose outputs the wallet changed', async () => {
    const thief = bitcoinPaymentAddress(key(0x8b), REGTEST_PARAMS);
    const { transfer } = await connectedStandard(key(0x8a), 500_000n, (wallet) => {
      const sign = (wallet.features['bitcoin:signTransaction'] as Feature).signTransaction!;
      return withFeatures(wallet, {
        'bitcoin:signTransaction': {
          async signTransaction(...inputs: unknown[]) {
            const input = inputs[0] as { psbt: Uint8Array };
            const tx = Transaction.fromPSBT(input.psbt);
            tx.updateOutput(0, { script: Transaction.fromPSBT(input.psbt).getOutput(0).script!, amount: 1_000n });
            tx.addOutputAddress(thief, 99_000n, REGTEST_PARAMS);
            return sign({ ...input, psbt: tx.toPSBT() } as never);
          },
        },
      });
    });
    const receiver = bitcoinPaymentAddress(key(0x8c), REGTEST_PARAMS);
    await expect(transfer(receiver, 100_000n)).rejects.toThrow(/outputs differ/);
    expect(await local.regtest.balanceOf(thief)).toBe(0n);
    expect(await local.regtest.balanceOf(receiver)).toBe(0n);
  });
});
