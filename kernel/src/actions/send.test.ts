import { describe, expect, it } from 'vitest';
import { createModal } from '../createModal.js';
import { LatchError } from '../primitives.js';
import type { TransferRequest } from '../plugins/ChainAdapter.js';
import { connector, createFakeAdapter, network } from '@latch/testkit/kernel';
import { createTestModal } from '../test-support/testModal.js';
import type { TokenBalance } from '../types.js';

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function tokenRow(extra: Partial<TokenBalance> = {}): TokenBalance {
  return {
    name: 'Demo',
    symbol: 'LDT',
    chainId: 'eip155:1',
    address: TOKEN,
    quantity: { decimals: '6', numeric: '10' },
    iconUrl: '',
    ...extra,
  };
}

/** A connected modal whose adapter records transfers and answers as a test says. */
async function sendingModal(answer: (request: TransferRequest) => Promise<string> = async () => `0x${'ab'.repeat(32)}`) {
  const setup = createTestModal();
  const transfers: TransferRequest[] = [];
  const caps = setup.fake.adapter.capabilities!;
  caps.send = {
    async sendTransfer(request) {
      transfers.push(request);
      return answer(request);
    },
    estimateFee: async (request) => ({ fee: 21_000n * 1_000_000_000n, terms: { quotedFor: request.amount } }),
  };
  caps.balance = { ...caps.balance!, getTokenBalances: async () => [tokenRow()] };
  await setup.modal.connect('w');
  const { getInternals } = await import('../internals.js');
  await getInternals(setup.modal).refreshTokenBalances('eip155');
  return { ...setup, transfers };
}

describe('sendTransfer', () => {
  it('sends native currency in the smallest unit to the adapter, with the connected account and network', async () => {
    const { modal, transfers, fake } = await sendingModal();
    const result = await modal.sendTransfer({ to: RECEIVER, amount: '1.25' });
    expect(result).toEqual({ hash: `0x${'ab'.repeat(32)}`, explorerUrl: `https://explorer.example/tx/0x${'ab'.repeat(32)}` });
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({
      from: fake.address,
      to: RECEIVER,
      amount: 1_250_000_000_000_000_000n,
      network: { caipNetworkId: 'eip155:1' },
    });
    expect(transfers[0]?.token).toBeUndefined();
    expect(transfers[0]?.connector.id).toBe('w');
  });

  it('sends a token with its own decimals, found by address in any case', async () => {
    const { modal, transfers } = await sendingModal();
    await modal.sendTransfer({ to: RECEIVER, amount: '2.25', token: TOKEN.toLowerCase() });
    expect(transfers[0]).toMatchObject({ amount: 2_250_000n, token: TOKEN });
  });

  it('reads the token rows first when a host sends a token before any view loaded them', async () => {
    const setup = createTestModal();
    const transfers: TransferRequest[] = [];
    const caps = setup.fake.adapter.capabilities!;
    caps.send = { sendTransfer: async (request) => (transfers.push(request), '0x01') };
    let reads = 0;
    caps.balance = { ...caps.balance!, getTokenBalances: async () => (reads++, [tokenRow()]) };
    await setup.modal.connect('w');
    expect(setup.modal.getState().account?.tokenBalance).toEqual([]);
    await setup.modal.sendTransfer({ to: RECEIVER, amount: '2', token: TOKEN });
    await setup.modal.sendTransfer({ to: RECEIVER, amount: '3', token: TOKEN });
    expect(transfers.map((t) => [t.token, t.amount])).toEqual([
      [TOKEN, 2_000_000n],
      [TOKEN, 3_000_000n],
    ]);
    expect(reads).toBe(1);
    await expect(setup.modal.sendTransfer({ to: RECEIVER, amount: '1', token: RECEIVER })).rejects.toThrow('A token is required');
  });

  it('throws the §5 messages before anything reaches the wallet', async () => {
    const { modal, transfers } = await sendingModal();
    await expect(modal.sendTransfer({ to: '', amount: '1' })).rejects.toThrow(/^An amount and receiver address are required$/);
    await expect(modal.sendTransfer({ to: RECEIVER, amount: ' ' })).rejects.toThrow(/^An amount and receiver address are required$/);
    await expect(modal.sendTransfer({ to: RECEIVER, amount: '1', token: '0x0000000000000000000000000000000000000001' })).rejects.toThrow(
      /^A token is required$/,
    );
    await expect(modal.sendTransfer({ to: RECEIVER, amount: '1.0000001', token: TOKEN })).rejects.toThrow('At most 6 decimal places');
    await expect(modal.sendTransfer({ to: RECEIVER, amount: '0' })).rejects.toMatchObject({ category: 'VALIDATION_ERROR' });
    expect(transfers).toEqual([]);
  });

  it('refuses more than the balance of the token, and of the native currency', async () => {
    const { modal, transfers } = await sendingModal();
    await expect(modal.sendTransfer({ to: RECEIVER, amount: '10.000001', token: TOKEN })).rejects.toThrow('Insufficient LDT balance');
    await expect(modal.sendTransfer({ to: RECEIVER, amount: '1.6' })).rejects.toThrow('Insufficient ETH balance');
    await modal.sendTransfer({ to: RECEIVER, amount: '10', token: TOKEN });
    expect(transfers.map((t) => t.amount)).toEqual([10_000_000n]);
  });

  it("refuses a receiver the adapter's isAddress rejects", async () => {
    const { modal, fake, transfers } = await sendingModal();
    fake.adapter.isAddress = (a) => a.startsWith('0x') && a.length === 42;
    await expect(modal.sendTransfer({ to: 'not-an-address', amount: '1' })).rejects.toThrow('Invalid receiver address');
    expect(transfers).toEqual([]);
  });

  it("says 'Unsupported chain' where the adapter declares no send", async () => {
    const { modal } = createTestModal();
    await modal.connect('w');
    await expect(modal.sendTransfer({ to: RECEIVER, amount: '1' })).rejects.toThrow(/^Unsupported chain$/);
  });

  it('refuses when nothing is connected', async () => {
    const { modal } = createTestModal();
    await expect(modal.sendTransfer({ to: RECEIVER, amount: '1' })).rejects.toThrow('No wallet is connected');
  });

  it("keeps a wallet refusal's code 4001, reports it and emits SEND_ERROR", async () => {
    const { modal } = await sendingModal(() => Promise.reject({ code: 4001, message: 'User rejected the request.' }));
    const seen: string[] = [];
    modal.on('ERROR', ({ event }) => seen.push(event));
    modal.on('SEND_ERROR', ({ error }) => seen.push(`SEND_ERROR ${error.code}`));
    await expect(modal.sendTransfer({ to: RECEIVER, amount: '1' })).rejects.toMatchObject({ code: 4001 });
    expect(seen).toEqual(['SEND_ERROR', 'SEND_ERROR 4001']);
    expect(modal.getState().send.loading).toBe(false);
  });

  it('marks the send state loading while the wallet is asked', async () => {
    let release: (hash: string) => void = () => undefined;
    const { modal } = await sendingModal(() => new Promise((resolve) => (release = resolve)));
    const pending = modal.sendTransfer({ to: RECEIVER, amount: '1' });
    await new Promise((r) => setTimeout(r, 0));
    expect(modal.getState().send.loading).toBe(true);
    release(`0x${'cd'.repeat(32)}`);
    await pending;
    expect(modal.getState().send.loading).toBe(false);
  });

  it("on a test network (balance shown as '0.00', never read for display: §5) reads it from the chain before sending", async () => {
    const sepolia = network('eip155', '11155111', { testnet: true });
    const fake = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')], balance: '2' });
    const transfers: TransferRequest[] = [];
    fake.adapter.capabilities!.send = { sendTransfer: async (request) => (transfers.push(request), '0x01') };
    const modal = createModal({ networks: [sepolia], adapters: [fake.adapter], storage: null });
    await modal.connect('w');
    expect(modal.getState().account?.balance).toBe('0.00');
    await expect(modal.sendTransfer({ to: RECEIVER, amount: '5' })).rejects.toThrow(
      /^Insufficient ETH balance for the amount plus the network fee$/,
    );
    await modal.sendTransfer({ to: RECEIVER, amount: '2' });
    expect(transfers.map((t) => t.amount)).toEqual([2_000_000_000_000_000_000n]);
  });

  it('quotes the fee when the request carries none and hands that quote to the adapter', async () => {
    const { modal, transfers } = await sendingModal();
    await modal.sendTransfer({ to: RECEIVER, amount: '1' });
    expect(transfers[0]?.feeQuote).toEqual({ fee: 21_000_000_000_000n, terms: { quotedFor: 10n ** 18n } });
  });

  it('hands over the quote the review showed, without quoting again', async () => {
    const { modal, transfers, fake } = await sendingModal();
    const fee = await modal.estimateSendFee({ to: RECEIVER, amount: '1' });
    fake.adapter.capabilities!.send!.estimateFee = () => Promise.reject(new Error('quoted again'));
    await modal.sendTransfer({ to: RECEIVER, amount: '1', fee });
    expect(transfers[0]?.feeQuote).toBe(fee?.quote);
  });

  it('refuses before the wallet an amount the balance covers but not with its fee, and a token send whose fee does not fit', async () => {
    const { modal, transfers, fake } = await sendingModal();
    // The fake's balance: 1.5 ETH; the fee 0.000021 ETH.
    await expect(modal.sendTransfer({ to: RECEIVER, amount: '1.49999' })).rejects.toThrow(
      /^Insufficient ETH balance for the amount plus the network fee$/,
    );
    await modal.sendTransfer({ to: RECEIVER, amount: '1.499979' });
    fake.adapter.capabilities!.send!.estimateFee = async () => ({ fee: 2n * 10n ** 18n });
    await expect(modal.sendTransfer({ to: RECEIVER, amount: '1', token: TOKEN })).rejects.toThrow(
      /^Insufficient ETH balance for the network fee$/,
    );
    expect(transfers.map((t) => t.amount)).toEqual([1_499_979_000_000_000_000n]);
  });

  it('a refusal of the quote (a chain rule the adapter knows) reaches no wallet', async () => {
    const { modal, transfers, fake } = await sendingModal();
    fake.adapter.capabilities!.send!.estimateFee = () =>
      Promise.reject(new LatchError('The amount is below the existential deposit', { category: 'VALIDATION_ERROR' }));
    await expect(modal.sendTransfer({ to: RECEIVER, amount: '1' })).rejects.toMatchObject({
      message: 'The amount is below the existential deposit',
      category: 'VALIDATION_ERROR',
    });
    expect(transfers).toEqual([]);
  });

  it('gives no explorer link on a network without an explorer', async () => {
    const local = network('eip155', '31337', { blockExplorers: undefined });
    const fake = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] });
    fake.adapter.capabilities!.send = { sendTransfer: async () => '0x01' };
    const modal = createModal({ networks: [local], adapters: [fake.adapter], storage: null });
    await modal.connect('w');
    expect(await modal.sendTransfer({ to: RECEIVER, amount: '1' })).toEqual({ hash: '0x01' });
  });
});

describe('estimateSendFee', () => {
  it('gives the fee in whole native units', async () => {
    const { modal } = await sendingModal();
    expect(await modal.estimateSendFee({ to: RECEIVER, amount: '1' })).toEqual({
      fee: '0.000021',
      symbol: 'ETH',
      quote: { fee: 21_000_000_000_000n, terms: { quotedFor: 10n ** 18n } },
    });
  });

  it("passes on the adapter's warning", async () => {
    const { modal, fake } = await sendingModal();
    fake.adapter.capabilities!.send!.estimateFee = async () => ({ fee: 5n, warning: 'This empties the account.' });
    expect(await modal.estimateSendFee({ to: RECEIVER, amount: '1' })).toMatchObject({
      fee: '0.000000000000000005',
      warning: 'This empties the account.',
    });
  });

  it('is undefined when the adapter cannot estimate', async () => {
    const { modal, fake } = await sendingModal();
    delete fake.adapter.capabilities!.send!.estimateFee;
    expect(await modal.estimateSendFee({ to: RECEIVER, amount: '1' })).toBeUndefined();
  });
});

describe('maxSendable', () => {
  it("is the balance read now minus the adapter's fee for the whole balance, with that quote", async () => {
    const { modal, fake } = await sendingModal();
    expect(await modal.maxSendable({ to: RECEIVER })).toEqual({
      amount: '1.499979',
      fee: { fee: '0.000021', symbol: 'ETH', quote: { fee: 21_000_000_000_000n, terms: { quotedFor: 1_500_000_000_000_000_000n } } },
    });
    expect(fake.calls.filter((c) => c.method === 'getBalance').at(-1)?.args).toEqual([fake.address, 'eip155:1']);
  });

  it("is the adapter's own maxSendable where it has one, asked for the receiver typed (else the sender)", async () => {
    const { modal, fake } = await sendingModal();
    const asked: string[] = [];
    fake.adapter.isAddress = (a) => a.startsWith('0x');
    fake.adapter.capabilities!.send!.maxSendable = async ({ to }) => (asked.push(to), { amount: 7n, fee: { fee: 3n, warning: 'kept' } });
    expect(await modal.maxSendable({ to: RECEIVER })).toMatchObject({
      amount: '0.000000000000000007',
      fee: { fee: '0.000000000000000003', warning: 'kept' },
    });
    await modal.maxSendable({ to: 'not an address' });
    expect(asked).toEqual([RECEIVER, fake.address]);
  });

  it("is a token's whole balance (its fee is paid in the native currency)", async () => {
    const { modal } = await sendingModal();
    expect(await modal.maxSendable({ token: TOKEN })).toEqual({ amount: '10' });
  });

  it('refuses when the fee takes the whole balance', async () => {
    const { modal, fake } = await sendingModal();
    fake.adapter.capabilities!.send!.estimateFee = async () => ({ fee: 2n * 10n ** 18n });
    await expect(modal.maxSendable()).rejects.toThrow(/^Insufficient ETH balance for the network fee$/);
  });
});

describe('waitForTransfer', () => {
  it("returns the adapter's outcome and refreshes the balance past its cache", async () => {
    const { modal, fake } = await sendingModal();
    fake.adapter.capabilities!.send!.waitForTransfer = async ({ hash }) =>
      hash === '0xbad' ? { status: 'failed', reason: 'execution reverted: nope' } : { status: 'confirmed' };
    await new Promise((r) => setTimeout(r, 0));
    const before = fake.calls.filter((c) => c.method === 'getBalance').length;
    expect(await modal.waitForTransfer('0xgood')).toEqual({ status: 'confirmed' });
    expect(await modal.waitForTransfer('0xbad')).toEqual({ status: 'failed', reason: 'execution reverted: nope' });
    await new Promise((r) => setTimeout(r, 0));
    expect(fake.calls.filter((c) => c.method === 'getBalance').length).toBe(before + 2);
  });

  it("is undefined without the adapter's waitForTransfer, and still refreshes", async () => {
    const { modal, fake } = await sendingModal();
    await new Promise((r) => setTimeout(r, 0));
    const before = fake.calls.filter((c) => c.method === 'getBalance').length;
    expect(await modal.waitForTransfer('0x01')).toBeUndefined();
    await new Promise((r) => setTimeout(r, 0));
    expect(fake.calls.filter((c) => c.method === 'getBalance').length).toBe(before + 1);
  });
});
