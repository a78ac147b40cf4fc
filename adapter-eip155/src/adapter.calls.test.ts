import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createPublicClient, custom, encodeFunctionData, erc20Abi, http, parseEther, type Address, type Hash } from 'viem';
import { getCallsStatus as viemGetCallsStatus } from 'viem/actions';
import { LatchError, type BundleCall, type CallsCapability, type SendCallsRequest } from '@latch/kernel';
import type { Eip1193Provider } from './provider.js';
import { createWallet, mountAdapter, startChains, type Chains } from './test-support/walletFixture.js';

let chains: Chains;
let anvil: ReturnType<typeof createPublicClient>;
beforeAll(async () => {
  chains = await startChains();
  anvil = createPublicClient({ transport: http(chains.main.rpcUrl) });
});
afterAll(() => chains?.stop());

const address = (index: number) => chains.main.accounts[index]?.address as Address;
const tokenBalanceOf = (owner: Address) =>
  anvil.readContract({ address: chains.main.contracts.token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
const tokenTransfer = (to: Address, amount: bigint): BundleCall => ({
  to: chains.main.contracts.token,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
});

async function connected(options: Parameters<typeof createWallet>[1] = {}, wrap?: (wallet: Eip1193Provider) => Eip1193Provider) {
  const wallet = createWallet(chains, options);
  const provider = wrap ? wrap(wallet) : wallet;
  const mounted = mountAdapter(provider, [chains.mainNetwork, chains.secondNetwork]);
  const { address: from } = await mounted.adapter.connect(mounted.connector, { network: chains.mainNetwork });
  const calls = mounted.adapter.capabilities?.calls as CallsCapability;
  const request = (overrides: Partial<SendCallsRequest>): SendCallsRequest => ({
    from,
    network: chains.mainNetwork,
    connector: mounted.connector,
    calls: [],
    atomicRequired: false,
    ...overrides,
  });
  const status = (id: string) => calls.getCallsStatus({ id, network: chains.mainNetwork, connector: mounted.connector });
  return { wallet, from: from as Address, calls, request, status, ...mounted };
}

/** viem's id of a bundle sent as single transactions: hashes, chain id, then this marker. */
const FALLBACK_ID = /5792579257925792579257925792579257925792579257925792579257925792$/;
const nonceOf = (account: Address) => anvil.getTransactionCount({ address: account });

describe('call bundles with a wallet that implements EIP-5792 (the testkit wallet, one call at a time)', () => {
  it('reads the capabilities keyed by chain id in hex: atomic unsupported', async () => {
    const { calls, from, connector, unmount } = await connected({ eip5792: true });
    expect(await calls.getCapabilities({ address: from, network: chains.mainNetwork, connector })).toEqual({
      '0x7a69': { atomic: { status: 'unsupported' } },
    });
    unmount();
  });

  it('sends the bundle through wallet_sendCalls; its receipts are on the chain and the status says confirmed', async () => {
    const { calls, request, status, unmount } = await connected({ eip5792: true });
    const [tokenTo, nativeTo] = [address(7), address(8)];
    const [tokenBefore, nativeBefore] = await Promise.all([tokenBalanceOf(tokenTo), anvil.getBalance({ address: nativeTo })]);
    const { id } = await calls.sendCalls(
      request({ calls: [tokenTransfer(tokenTo, parseEther('3')), { to: nativeTo, value: parseEther('0.5') }] }),
    );
    expect(id).not.toMatch(FALLBACK_ID); // the wallet's own id: it took the bundle itself
    const result = await status(id);
    expect(result).toMatchObject({ version: '2.0.0', id, chainId: '0x7a69', status: 200, atomic: false });
    expect(result.receipts).toHaveLength(2);
    for (const receipt of result.receipts ?? []) {
      expect((await anvil.getTransactionReceipt({ hash: receipt.transactionHash as Hash })).status).toBe('success');
    }
    expect(await tokenBalanceOf(tokenTo)).toBe(tokenBefore + parseEther('3'));
    expect(await anvil.getBalance({ address: nativeTo })).toBe(nativeBefore + parseEther('0.5'));
    unmount();
  });

  it.each([
    ['5760 when atomicity is required', { atomicRequired: true }, 5760, /does not support atomic execution/],
    [
      '5700 for a capability not marked optional',
      { capabilities: { paymasterService: { url: 'http://127.0.0.1:1' } } },
      5700,
      /does not support a capability/,
    ],
  ] as const)('refuses with %s, and sends nothing', async (_name, overrides, code, message) => {
    const { calls, request, from, unmount } = await connected({ eip5792: true });
    const nonce = await nonceOf(from);
    const error = await calls.sendCalls(request({ calls: [{ to: address(7), value: 1n }], ...overrides })).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(LatchError);
    expect(error).toMatchObject({ code, message: expect.stringMatching(message) });
    expect(await nonceOf(from)).toBe(nonce);
    unmount();
  });

  it('refuses a bundle too large (5740), a duplicate id (5720) and an unknown id (5730) with the EIP wording', async () => {
    const { calls, request, status, unmount } = await connected({ eip5792: true });
    const tooMany = Array.from({ length: 11 }, () => ({ to: address(7), value: 1n }));
    await expect(calls.sendCalls(request({ calls: tooMany }))).rejects.toMatchObject({
      code: 5740,
      message: expect.stringMatching(/too large/),
    });
    const id = `bundle-${Date.now()}`;
    await calls.sendCalls(request({ calls: [{ to: address(7), value: 1n }], id }));
    await expect(calls.sendCalls(request({ calls: [{ to: address(7), value: 1n }], id }))).rejects.toMatchObject({
      code: 5720,
      message: expect.stringMatching(/already a bundle submitted with this ID/),
    });
    await expect(status('never-sent')).rejects.toMatchObject({
      code: 5730,
      message: expect.stringMatching(/unknown or has not been submitted/),
    });
    unmount();
  });

  it('keeps 4001 when the visitor declines the bundle', async () => {
    const { calls, request, unmount } = await connected({ eip5792: true, failures: { rejectSign: true } });
    await expect(calls.sendCalls(request({ calls: [{ to: address(7), value: 1n }] }))).rejects.toMatchObject({ code: 4001 });
    unmount();
  });
});

describe('request checks (before the wallet is asked)', () => {
  it.each([
    ['no calls', [], /at least one call/],
    ['a "to" without 0x', [{ to: 'abc' }], /Call 1: "to" must be an address starting with 0x/],
    ['a short "to"', [{ to: '0x1234' }], /Call 1: "to" must be a 20-byte address/],
    [
      'data without 0x',
      [{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }, { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', data: 'deadbeef' }],
      /Call 2: "data" must be hex starting with 0x/,
    ],
    [
      'a negative value',
      [{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: -1n }],
      /Call 1: "value" must be a bigint of at least 0/,
    ],
  ] as const)('%s is refused with a clear message, nothing sent', async (_name, bad, message) => {
    const { calls, request, from, unmount } = await connected({ eip5792: true });
    const nonce = await nonceOf(from);
    const error = await calls.sendCalls(request({ calls: bad as unknown as BundleCall[] })).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(LatchError);
    expect(error).toMatchObject({ category: 'VALIDATION_ERROR', message: expect.stringMatching(message) });
    expect(await nonceOf(from)).toBe(nonce);
    unmount();
  });
});

describe('a wallet without EIP-5792 (wallet_sendCalls answers 4200)', () => {
  it('sends the calls one by one with eth_sendTransaction; the id reads back (here and in viem) as confirmed', async () => {
    const { calls, request, status, wallet, unmount } = await connected();
    const tokenTo = address(9);
    const before = await tokenBalanceOf(tokenTo);
    const { id } = await calls.sendCalls(request({ calls: [tokenTransfer(tokenTo, 5n), tokenTransfer(tokenTo, 6n)] }));
    expect(id).toMatch(FALLBACK_ID);
    const result = await status(id);
    expect(result).toMatchObject({ chainId: '0x7a69', status: 200, atomic: false });
    expect(result.receipts?.map((receipt) => receipt.status)).toEqual(['0x1', '0x1']);
    expect(await tokenBalanceOf(tokenTo)).toBe(before + 11n);
    const viaViem = await viemGetCallsStatus(createClient({ transport: custom(wallet) }), { id });
    expect(viaViem).toMatchObject({ status: 'success', statusCode: 200 });
    unmount();
  });

  it('stops at a call the chain refuses: the ones before it landed, the status says partly failed (600)', async () => {
    const { calls, request, status, from, unmount } = await connected();
    const held = await tokenBalanceOf(from);
    const { id } = await calls.sendCalls(
      request({ calls: [{ to: address(9), value: 1n }, tokenTransfer(address(9), held + 1n), { to: address(9), value: 2n }] }),
    );
    const result = await status(id);
    expect(result.status).toBe(600);
    expect(result.receipts).toHaveLength(1);
    unmount();
  });

  it('refuses with 5760 when atomicity is required, and 5700 for a required capability: nothing sent', async () => {
    const { calls, request, from, unmount } = await connected();
    const nonce = await nonceOf(from);
    await expect(calls.sendCalls(request({ calls: [{ to: address(9), value: 1n }], atomicRequired: true }))).rejects.toMatchObject({
      code: 5760,
    });
    await expect(
      calls.sendCalls(request({ calls: [{ to: address(9), value: 1n }], capabilities: { paymasterService: { url: 'x' } } })),
    ).rejects.toMatchObject({ code: 5700, message: expect.stringMatching(/paymasterService/) });
    expect(await nonceOf(from)).toBe(nonce);
    unmount();
  });

  it('an id the wallet never gave is unknown (5730)', async () => {
    const { status, unmount } = await connected();
    await expect(status('0x1234')).rejects.toMatchObject({ code: 5730 });
    unmount();
  });

  it('a failed capabilities request gives {}', async () => {
    const failing = (wallet: Eip1193Provider): Eip1193Provider => ({
      ...wallet,
      request: (args) => (args.method === 'wallet_getCapabilities' ? Promise.reject(new Error('boom')) : wallet.request(args)),
    });
    const { calls, from, connector, unmount } = await connected({ eip5792: true }, failing);
    expect(await calls.getCapabilities({ address: from, network: chains.mainNetwork, connector })).toEqual({});
    unmount();
  });
});
