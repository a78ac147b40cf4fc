import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, erc20Abi, http, parseEther, toHex, verifyMessage, type Address, type Hash } from 'viem';
import { LatchError, type TransferRequest } from '@latch/kernel';
import { isTransactionHash } from './replies.js';
import { createWallet, mountAdapter, SECOND_CHAIN_ID, startChains, type Chains } from './test-support/walletFixture.js';

let chains: Chains;
let anvil: ReturnType<typeof createPublicClient>;
beforeAll(async () => {
  chains = await startChains();
  anvil = createPublicClient({ transport: http(chains.main.rpcUrl) });
});
afterAll(() => chains?.stop());

/** A quantity straight from the node's JSON-RPC. */
const rpcQuantity = async (method: string, params: unknown[] = []) => BigInt((await anvil.request({ method, params } as never)) as string);
const address = (index: number) => chains.main.accounts[index]?.address as Address;
const tokenBalanceOf = (owner: Address) =>
  anvil.readContract({ address: chains.main.contracts.token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });

async function connectedAdapter(options: Parameters<typeof createWallet>[1] = {}) {
  const wallet = createWallet(chains, options);
  const mounted = mountAdapter(wallet, [chains.mainNetwork, chains.secondNetwork]);
  const { address: from } = await mounted.adapter.connect(mounted.connector, { network: chains.mainNetwork });
  const transfer = (overrides: Partial<TransferRequest>): TransferRequest => ({
    from,
    to: address(5),
    amount: 0n,
    network: chains.mainNetwork,
    connector: mounted.connector,
    ...overrides,
  });
  return { wallet, from, transfer, sign: mounted.adapter.capabilities?.signMessage, send: mounted.adapter.capabilities?.send, ...mounted };
}

describe('signMessage (personal_sign)', () => {
  it('returns a signature that viem verifies for the connected address', async () => {
    const { sign, from, connector, unmount } = await connectedAdapter();
    const message = 'Sign in to Latch ✓\nNonce: 42';
    const signature = await sign?.signMessage({ message, address: from, connector });
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
    await expect(verifyMessage({ address: from as Address, message, signature: signature as Hash })).resolves.toBe(true);
    await expect(verifyMessage({ address: address(1), message, signature: signature as Hash })).resolves.toBe(false);
    unmount();
  });

  it('keeps 4001 when the visitor declines', async () => {
    const { sign, from, connector, unmount } = await connectedAdapter({ failures: { rejectSign: true } });
    const error = await sign?.signMessage({ message: 'hello', address: from, connector }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(LatchError);
    expect(error).toMatchObject({ code: 4001 });
    unmount();
  });
});

describe('sendTransfer', () => {
  it('moves native funds (eth_sendTransaction {from, to, value})', async () => {
    const { send, transfer, unmount } = await connectedAdapter();
    const recipient = address(5);
    const before = await anvil.getBalance({ address: recipient });
    const hash = await send?.sendTransfer(transfer({ to: recipient, amount: parseEther('1.25') }));
    expect(isTransactionHash(hash as string)).toBe(true);
    const receipt = await anvil.waitForTransactionReceipt({ hash: hash as Hash });
    expect(receipt.status).toBe('success');
    expect(await anvil.getBalance({ address: recipient })).toBe(before + parseEther('1.25'));
    unmount();
  });

  it('moves ERC-20 funds with transfer(to, amount) sent to the token contract', async () => {
    const { send, transfer, from, unmount } = await connectedAdapter();
    const recipient = address(6);
    const amount = parseEther('12.5');
    const [senderBefore, recipientBefore] = await Promise.all([tokenBalanceOf(from as Address), tokenBalanceOf(recipient)]);
    const hash = await send?.sendTransfer(transfer({ to: recipient, amount, token: chains.main.contracts.token }));
    const receipt = await anvil.waitForTransactionReceipt({ hash: hash as Hash });
    expect(receipt.to?.toLowerCase()).toBe(chains.main.contracts.token.toLowerCase());
    expect(await tokenBalanceOf(recipient)).toBe(recipientBefore + amount);
    expect(await tokenBalanceOf(from as Address)).toBe(senderBefore - amount);
    unmount();
  });

  it('refuses to send while the wallet is on another chain', async () => {
    const { send, transfer, wallet, unmount } = await connectedAdapter();
    wallet.switchChainFromWallet(SECOND_CHAIN_ID);
    const before = await anvil.getTransactionCount({ address: address(0) });
    await expect(send?.sendTransfer(transfer({ amount: 1n }))).rejects.toMatchObject({
      name: 'LatchError',
      category: 'CONNECTOR_ERROR',
      message: expect.stringMatching(/does not match/),
    });
    expect(await anvil.getTransactionCount({ address: address(0) })).toBe(before);
    unmount();
  });

  it('rejects a malformed receiver, token or amount before the wallet is asked', async () => {
    const { send, transfer, unmount } = await connectedAdapter();
    const before = await anvil.getTransactionCount({ address: address(0) });
    for (const bad of [{ to: '0x1234' }, { to: address(5), token: 'usdc' }, { to: address(5), amount: -1n }]) {
      await expect(send?.sendTransfer(transfer(bad))).rejects.toMatchObject({ name: 'LatchError', category: 'VALIDATION_ERROR' });
    }
    await expect(send?.estimateFee?.(transfer({ to: 'nobody' }))).rejects.toMatchObject({ message: 'Invalid transfer receiver' });
    expect(await anvil.getTransactionCount({ address: address(0) })).toBe(before);
    unmount();
  });

  it("explains a node's refusal in plain words (§8): more than the balance", async () => {
    const { send, transfer, from, unmount } = await connectedAdapter();
    const balance = await anvil.getBalance({ address: from as Address });
    const error = await send?.sendTransfer(transfer({ amount: balance + 1n })).catch((err: unknown) => err);
    expect(error).toMatchObject({
      name: 'LatchError',
      category: 'RPC_ERROR',
      message: 'The account balance does not cover the gas fee plus the value sent.',
    });
    expect(await anvil.getBalance({ address: from as Address })).toBe(balance);
    unmount();
  });

  it('keeps 4001 when the visitor declines the transaction', async () => {
    const { send, transfer, unmount } = await connectedAdapter({ failures: { rejectSign: true } });
    await expect(send?.sendTransfer(transfer({ amount: 1n }))).rejects.toMatchObject({ name: 'LatchError', code: 4001 });
    unmount();
  });
});

describe('estimateFee (the fee the wallet is asked to pay)', () => {
  it('is the node-estimated gas × the EIP-1559 max fee (latest base fee × 1.2 + the node tip), for native and ERC-20', async () => {
    const { send, transfer, unmount } = await connectedAdapter();
    const native = await send?.estimateFee?.(transfer({ amount: parseEther('0.1') }));
    const token = await send!.estimateFee!(transfer({ amount: parseEther('1'), token: chains.main.contracts.token }));
    const [block, tip] = await Promise.all([anvil.getBlock(), rpcQuantity('eth_maxPriorityFeePerGas')]);
    const maxFeePerGas = ((block.baseFeePerGas as bigint) * 12n) / 10n + tip;
    const nativeGas = await rpcQuantity('eth_estimateGas', [{ from: address(0), to: address(5), value: toHex(parseEther('0.1')) }]);
    expect(native).toEqual({ fee: nativeGas * maxFeePerGas, terms: { gas: nativeGas, maxFeePerGas, maxPriorityFeePerGas: tip } });
    const tokenGas = (token.terms as { gas: bigint }).gas;
    expect(tokenGas).toBeGreaterThan(nativeGas);
    expect(token.fee).toBe(tokenGas * maxFeePerGas);
    unmount();
  });

  it('hands the wallet the quoted gas limit and fee caps: the mined transaction carries them, and costs at most the quote', async () => {
    const { send, transfer, from, unmount } = await connectedAdapter();
    const request = transfer({ to: address(6), amount: parseEther('0.25') });
    const quote = await send!.estimateFee!(request);
    const before = await anvil.getBalance({ address: from as Address });
    const hash = (await send!.sendTransfer({ ...request, feeQuote: quote })) as Hash;
    const [mined, receipt] = await Promise.all([anvil.getTransaction({ hash }), anvil.waitForTransactionReceipt({ hash })]);
    const terms = quote.terms as { gas: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
    expect(mined).toMatchObject({
      type: 'eip1559',
      gas: terms.gas,
      maxFeePerGas: terms.maxFeePerGas,
      maxPriorityFeePerGas: terms.maxPriorityFeePerGas,
    });
    const paid = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(await anvil.getBalance({ address: from as Address })).toBe(before - parseEther('0.25') - paid);
    expect(paid).toBeLessThanOrEqual(quote.fee);
    unmount();
  });

  it('a transfer the contract would refuse (more tokens than held) is refused as such, never called reverted', async () => {
    const { send, transfer, unmount } = await connectedAdapter({ accountIndex: 9 }); // account 9 holds no LDT
    const error = await send
      ?.estimateFee?.(transfer({ from: address(9), amount: 1n, token: chains.main.contracts.token }))
      .catch((err: unknown) => err);
    expect(error).toMatchObject({
      name: 'LatchError',
      category: 'RPC_ERROR',
      message: 'The contract refused this transaction: the sender does not hold enough of this token. Nothing was sent.',
    });
    unmount();
  });
});
