import { signatureVerify } from '@polkadot/util-crypto';
import { isLatchError, isUserRejection, type Connector, type TransferRequest } from '@latch/kernel';
import { polkadotAddressFromUri, type MockPolkadotExtension } from '@latch/testkit';
import type { PolkadotChain } from '@latch/devnet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PolkadotNetwork } from './networks/polkadotNetwork.js';
import { createPolkadotLocalnet } from './networks/localnet.js';
import { minedExtrinsic } from './test-support/minedExtrinsic.js';
import {
  createExtension,
  mountAdapter,
  startLocalPolkadot,
  UNIT,
  unmountAll,
  uri,
  type MountedAdapter,
} from './test-support/polkadotFixture.js';

// Balance, signing and transfers against a real Substrate runtime (chopsticks, one node for the file).
let chain: PolkadotChain;
let network: PolkadotNetwork;
const [SENDER, RECEIVER, POOR, SPENDER] = [uri('ChainSender'), uri('ChainReceiver'), uri('ChainPoor'), uri('ChainSpender')];
const address = (secret: string) => polkadotAddressFromUri(secret, chain.ss58Format);

beforeAll(async () => {
  ({ chain, network } = await startLocalPolkadot());
  await chain.fund(await address(SENDER), 100n * UNIT);
  await chain.fund(await address(POOR), 1_000n); // far below any fee
  await chain.fund(await address(SPENDER), 10n * UNIT);
});
afterAll(() => chain?.stop());
afterEach(unmountAll);

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

async function connected(secrets = [SENDER]): Promise<{ extension: MockPolkadotExtension; mounted: MountedAdapter; connector: Connector }> {
  const extension = await createExtension('polkadot-js', secrets);
  const mounted = mountAdapter([extension], [network]);
  const connector = mounted.connector('polkadot-js');
  await mounted.adapter.connect(connector, { network });
  return { extension, mounted, connector };
}

describe('balance.getBalance', () => {
  it('reads system.account free balance in whole units of the network, in any address format', async () => {
    const { adapter } = mountAdapter([], [network]);
    const sender = await address(SENDER);
    expect(await adapter.capabilities!.balance!.getBalance(sender, network)).toEqual({ balance: '100', symbol: 'ROC' });
    expect(await adapter.capabilities!.balance!.getBalance(await polkadotAddressFromUri(SENDER, 0), network)).toEqual({
      balance: '100',
      symbol: 'ROC',
    });
    expect(await adapter.capabilities!.balance!.getBalance(await address(uri('Nobody')), network)).toEqual({ balance: '0', symbol: 'ROC' });
    await chain.fund(sender, 1_500_000_000n); // 0.0015 ROC more
    expect((await adapter.capabilities!.balance!.getBalance(sender, network)).balance).toBe('100.0015');
  });

  it('lists the native currency as the one token (the Tokens tab and the Send form), with the same checks', async () => {
    const { getTokenBalances } = mountAdapter([], [network]).adapter.capabilities!.balance!;
    const someone = await address(uri('TokenRow'));
    await chain.fund(someone, 3n * UNIT + 250_000_000_000n);
    expect(await getTokenBalances!(someone, network)).toEqual([
      { name: 'ROC', symbol: 'ROC', chainId: network.caipNetworkId, quantity: { decimals: '12', numeric: '3.25' }, iconUrl: '' },
    ]);
    await expect(getTokenBalances!('5notanaddress', network)).rejects.toMatchObject({ category: 'VALIDATION_ERROR' });
  });

  it('refuses a malformed address, another namespace and an unreachable node with clear errors', async () => {
    const { getBalance } = mountAdapter([], [network]).adapter.capabilities!.balance!;
    await expect(getBalance('5notanaddress', network)).rejects.toMatchObject({ category: 'VALIDATION_ERROR' });
    await expect(getBalance(await address(SENDER), { ...network, chainNamespace: 'eip155' })).rejects.toMatchObject({
      category: 'VALIDATION_ERROR',
    });
    const unreachable = createPolkadotLocalnet({ rpcUrl: 'ws://127.0.0.1:9', genesisHash: chain.genesisHash });
    const started = Date.now();
    const error = await failure(getBalance(await address(SENDER), unreachable));
    expect(error).toMatchObject({ category: 'RPC_ERROR', message: expect.stringContaining('Cannot reach the node at ws://127.0.0.1:9') });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('signMessage.signMessage', () => {
  it("signs with signRaw; the signature verifies with @polkadot/util-crypto's signatureVerify", async () => {
    const { mounted, connector } = await connected([SENDER, RECEIVER]);
    const { signMessage } = mounted.adapter.capabilities!.signMessage!;
    const receiver = await address(RECEIVER);
    const signature = await signMessage({ message: 'Sign in to Latch ✓', address: receiver, connector });
    expect(signature).toMatch(/^0x[0-9a-f]{128}$/);
    expect(signatureVerify('Sign in to Latch ✓', signature, receiver).isValid).toBe(true);
    expect(signatureVerify('Sign in to Latch ✓', signature, await address(SENDER)).isValid).toBe(false);
    expect(signatureVerify('another message', signature, receiver).isValid).toBe(false);
  });

  it('maps a declined signature to 4001, and refuses an account the extension did not share or a connector not connected', async () => {
    const { extension, mounted, connector } = await connected();
    const { signMessage } = mounted.adapter.capabilities!.signMessage!;
    extension.setFailure('rejectSign', true);
    const declined = await failure(signMessage({ message: 'hi', address: await address(SENDER), connector }));
    expect(declined).toMatchObject({ code: 4001, category: 'CONNECTOR_ERROR', message: 'Cancelled' });
    expect(isUserRejection(declined)).toBe(true);
    extension.setFailure('rejectSign', false);
    await expect(signMessage({ message: 'hi', address: await address(RECEIVER), connector })).rejects.toThrow(/Account not found/);
    const other: Connector = { ...connector, id: 'talisman' };
    await expect(signMessage({ message: 'hi', address: await address(SENDER), connector: other })).rejects.toThrow(
      /Connector not connected/,
    );
  });
});

describe('send', () => {
  const request = async (overrides: Partial<TransferRequest> = {}, connector?: Connector): Promise<TransferRequest> => ({
    from: await address(SENDER),
    to: await address(RECEIVER),
    amount: 2n * UNIT,
    network,
    connector: connector!,
    ...overrides,
  });

  it('sends balances.transferKeepAlive signed by the extension: waitForTransfer sees it in a block; the fee charged is the quote', async () => {
    const { mounted, connector } = await connected();
    const { sendTransfer, estimateFee, waitForTransfer } = mounted.adapter.capabilities!.send!;
    const transfer = await request({}, connector);
    const [senderBefore, receiverBefore] = [await chain.balanceOf(transfer.from), await chain.balanceOf(transfer.to)];
    const quote = await estimateFee!(transfer);
    expect(quote).toMatchObject({ terms: { call: 'transferKeepAlive' } });
    expect(quote.warning).toBeUndefined();
    const hash = await sendTransfer({ ...transfer, feeQuote: quote });
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    await expect(waitForTransfer!({ hash, network })).resolves.toEqual({ status: 'confirmed' });
    const { extrinsic, fee } = await minedExtrinsic(chain, hash, transfer.from);
    expect(extrinsic.method.method).toBe('transferKeepAlive');
    expect(fee).toBe(quote.fee);
    expect(await chain.balanceOf(transfer.to)).toBe(receiverBefore + 2n * UNIT);
    expect(await chain.balanceOf(transfer.from)).toBe(senderBefore - 2n * UNIT - fee);
  });

  it('refuses before the extension what the chain would refuse in a block: a new account below the existential deposit, more than the balance with its fee', async () => {
    const { extension, mounted, connector } = await connected();
    extension.setFailure('rejectSign', true); // a request that reached the extension would come back as 4001
    const { sendTransfer, estimateFee } = mounted.adapter.capabilities!.send!;
    const fresh = await address(uri('Fresh'));
    const below = await request({ to: fresh, amount: chain.existentialDeposit - 1n }, connector);
    const deposit = `${Number(chain.existentialDeposit) / 1e12} ROC`; // 3333333 planck at 12 decimals: 0.000003333333 ROC
    const belowMessage = `The receiving account does not exist yet: it needs at least the existential deposit, ${deposit}. Send at least that much.`;
    await expect(estimateFee!(below)).rejects.toMatchObject({ category: 'VALIDATION_ERROR', message: belowMessage });
    await expect(sendTransfer(below)).rejects.toMatchObject({ category: 'VALIDATION_ERROR', message: belowMessage });
    const tooMuch = await request({ amount: 1_000n * UNIT }, connector);
    await expect(sendTransfer(tooMuch)).rejects.toMatchObject({
      category: 'VALIDATION_ERROR',
      message: 'Insufficient ROC balance for the amount plus the network fee',
    });
    expect(await chain.balanceOf(fresh)).toBe(0n);
    // The existential deposit itself opens the account (the extension signs it).
    extension.setFailure('rejectSign', false);
    const opening = await sendTransfer(await request({ to: fresh, amount: chain.existentialDeposit }, connector));
    await expect(mounted.adapter.capabilities!.send!.waitForTransfer!({ hash: opening, network })).resolves.toEqual({
      status: 'confirmed',
    });
    expect(await chain.balanceOf(fresh)).toBe(chain.existentialDeposit);
  });

  it('a dispatch that fails in its block is reported failed by waitForTransfer, in words, never as sent', async () => {
    const { mounted, connector } = await connected([SPENDER]);
    const { sendTransfer, waitForTransfer } = mounted.adapter.capabilities!.send!;
    const from = await address(SPENDER);
    const held = await chain.balanceOf(from);
    // Two transfers planned on the same state, one block for both: the second no longer fits when it runs.
    await chain.api.rpc('dev_setBlockBuildMode', 'Manual');
    let first: string;
    let second: string;
    try {
      first = await sendTransfer(await request({ from, amount: (held * 6n) / 10n }, connector));
      second = await sendTransfer(await request({ from, amount: (held * 6n) / 10n }, connector));
      await chain.api.rpc('dev_newBlock');
    } finally {
      await chain.api.rpc('dev_setBlockBuildMode', 'Instant');
    }
    await expect(waitForTransfer!({ hash: first, network })).resolves.toEqual({ status: 'confirmed' });
    const failed = await waitForTransfer!({ hash: second, network });
    expect(failed).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/^(Insufficient balance|The transfer would take the sender below)/),
    });
  });

  it('a sender that cannot pay the fee is refused before the extension', async () => {
    const { mounted, connector } = await connected([POOR]);
    const error = await failure(
      mounted.adapter.capabilities!.send!.sendTransfer(
        await request({ from: await address(POOR), amount: chain.existentialDeposit }, connector),
      ),
    );
    expect(error).toMatchObject({ category: 'VALIDATION_ERROR', message: 'Insufficient ROC balance for the amount plus the network fee' });
  });

  it('waitForTransfer says so for a hash this page did not submit', async () => {
    const { mounted } = await connected();
    await expect(mounted.adapter.capabilities!.send!.waitForTransfer!({ hash: `0x${'ab'.repeat(32)}`, network })).rejects.toMatchObject({
      category: 'RPC_ERROR',
    });
  });

  it('maps a declined signature to 4001 and sends nothing', async () => {
    const { extension, mounted, connector } = await connected();
    extension.setFailure('rejectSign', true);
    const receiverBefore = await chain.balanceOf(await address(RECEIVER));
    const error = await failure(mounted.adapter.capabilities!.send!.sendTransfer(await request({}, connector)));
    expect(error).toMatchObject({ code: 4001, category: 'CONNECTOR_ERROR' });
    expect(isUserRejection(error)).toBe(true);
    expect(await chain.balanceOf(await address(RECEIVER))).toBe(receiverBefore);
  });

  it('refuses tokens and malformed requests before the extension is asked', async () => {
    const { extension, mounted, connector } = await connected();
    extension.setFailure('rejectSign', true); // a request that reached the extension would come back as 4001
    const { sendTransfer, estimateFee } = mounted.adapter.capabilities!.send!;
    const bad: Partial<TransferRequest>[] = [
      { token: '1984' },
      { to: 'not-an-address' },
      { from: '0x1234' },
      { amount: 0n },
      { amount: -1n },
      { network: { ...network, chainNamespace: 'solana' } },
    ];
    for (const overrides of bad) {
      const error = await failure(sendTransfer(await request(overrides, connector)));
      expect(isLatchError(error) && error.category, JSON.stringify(Object.keys(overrides))).toBe('VALIDATION_ERROR');
      await expect(estimateFee!(await request(overrides, connector))).rejects.toMatchObject({ category: 'VALIDATION_ERROR' });
    }
    const stranger = await failure(sendTransfer(await request({ from: await address(RECEIVER) }, connector)));
    expect(stranger).toMatchObject({ category: 'CONNECTOR_ERROR', message: expect.stringMatching(/Account not found/) });
  });
});
