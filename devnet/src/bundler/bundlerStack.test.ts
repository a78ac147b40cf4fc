import { concat, createPublicClient, http, parseEther } from 'viem';
import { createBundlerClient, createPaymasterClient, toSoladySmartAccount } from 'viem/account-abstraction';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnvilFixture, startAnvil } from '../anvil.js';
import { SET_UP_TIMEOUT_MS } from '@latch/testkit';
import { type BundlerStack, startBundlerStack } from './bundlerStack.js';
import { ENTRY_POINT_07_ADDRESS, SIMPLE_ACCOUNT_FACTORY_07_ADDRESS } from './erc4337Deployment.js';
import { toSimpleAccount } from './simpleAccount.js';

let anvil: AnvilFixture;
let stack: BundlerStack;

beforeAll(async () => {
  anvil = await startAnvil();
  stack = await startBundlerStack({ anvil });
}, SET_UP_TIMEOUT_MS);

afterAll(async () => {
  await stack?.stop();
  await anvil?.stop();
});

function clients(paymaster: boolean) {
  const chain = {
    id: anvil.chainId,
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  } as const;
  const client = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50 });
  const bundler = createBundlerClient({
    client,
    chain,
    transport: http(stack.bundlerUrl),
    pollingInterval: 50,
    paymaster: paymaster && stack.paymasterUrl ? createPaymasterClient({ transport: http(stack.paymasterUrl) }) : undefined,
  });
  return { client, bundler };
}

describe('startBundlerStack (EntryPoint v0.7, SimpleAccountFactory, alto, verifying paymaster)', () => {
  it('deploys EntryPoint v0.7 and SimpleAccountFactory v0.7 at their canonical addresses, from the npm artifacts', async () => {
    const { client } = clients(false);
    expect(stack.entryPoint).toBe(ENTRY_POINT_07_ADDRESS);
    expect(stack.factory).toBe(SIMPLE_ACCOUNT_FACTORY_07_ADDRESS);
    expect((await client.getCode({ address: stack.entryPoint }))?.length).toBeGreaterThan(1000);
    expect((await client.getCode({ address: stack.factory }))?.length).toBeGreaterThan(1000);
    expect(new URL(stack.bundlerUrl).hostname).toBe('127.0.0.1');
    expect(new URL(stack.paymasterUrl ?? '').hostname).toBe('127.0.0.1');
  });

  it('a UserOperation paid by the account deploys it and moves the funds; the second comes from the deployed account', async () => {
    const { client, bundler } = clients(false);
    const owner = privateKeyToAccount(`0x${'a1'.repeat(32)}`);
    const account = await toSimpleAccount({ client, owner });
    const recipient = privateKeyToAccount(`0x${'b2'.repeat(32)}`).address;
    await client.request({ method: 'anvil_setBalance' as never, params: [account.address, '0xde0b6b3a7640000'] as never });
    expect(await client.getCode({ address: account.address })).toBeUndefined();

    const first = await bundler.sendUserOperation({ account, calls: [{ to: recipient, value: parseEther('0.1') }] });
    const firstReceipt = await bundler.waitForUserOperationReceipt({ hash: first });
    expect(firstReceipt.success).toBe(true);
    expect(await client.getBalance({ address: recipient })).toBe(parseEther('0.1'));
    expect((await client.getCode({ address: account.address }))?.length).toBeGreaterThan(2);

    const second = await bundler.sendUserOperation({ account, calls: [{ to: recipient, value: parseEther('0.05') }] });
    const secondReceipt = await bundler.waitForUserOperationReceipt({ hash: second });
    expect(secondReceipt.success).toBe(true);
    expect(await client.getBalance({ address: recipient })).toBe(parseEther('0.15'));
    expect(secondReceipt.userOpHash).not.toBe(firstReceipt.userOpHash);
  });

  it('the paymaster service sponsors the gas: an account holding no ETH sends a UserOperation', async () => {
    const { client, bundler } = clients(true);
    const owner = privateKeyToAccount(`0x${'c3'.repeat(32)}`);
    const account = await toSimpleAccount({ client, owner });
    const recipient = privateKeyToAccount(`0x${'d4'.repeat(32)}`).address;
    const deposit = () =>
      client.readContract({
        address: stack.entryPoint,
        abi: [
          { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ type: 'address' }], outputs: [{ type: 'uint256' }] },
        ],
        functionName: 'balanceOf',
        args: [stack.paymaster],
      });
    const depositBefore = await deposit();
    expect(await client.getBalance({ address: account.address })).toBe(0n);
    const hash = await bundler.sendUserOperation({ account, calls: [{ to: recipient, value: 0n, data: '0x' }] });
    const receipt = await bundler.waitForUserOperationReceipt({ hash });
    expect(receipt.success).toBe(true);
    expect(receipt.paymaster?.toLowerCase()).toBe(stack.paymaster.toLowerCase());
    const depositAfter = await deposit();
    expect(depositAfter).toBeLessThan(depositBefore);
    expect(await client.getBalance({ address: account.address })).toBe(0n);
  });

  it("the embedded wallet's account (Solady ERC4337 via its factory) signs before deployment (ERC-6492) and after (ERC-1271)", async () => {
    const { client, bundler } = clients(true);
    const owner = privateKeyToAccount(`0x${'e5'.repeat(32)}`);
    const salt = concat([owner.address, '0x000000000000000000000000']);
    const account = await toSoladySmartAccount({ client, owner, factoryAddress: stack.smartAccountFactory, salt });
    const other = await toSoladySmartAccount({
      client,
      owner: privateKeyToAccount(`0x${'f6'.repeat(32)}`),
      factoryAddress: stack.smartAccountFactory,
      salt: concat([privateKeyToAccount(`0x${'f6'.repeat(32)}`).address, '0x000000000000000000000000']),
    });
    expect(account.address).not.toBe(other.address);
    expect(await client.getCode({ address: account.address })).toBeUndefined();
    const before = await account.signMessage({ message: 'before deployment' });
    expect(before.endsWith('6492649264926492649264926492649264926492649264926492649264926492')).toBe(true);
    expect(await client.verifyMessage({ address: account.address, message: 'before deployment', signature: before })).toBe(true);
    expect(await client.verifyMessage({ address: account.address, message: 'something else', signature: before })).toBe(false);

    const hash = await bundler.sendUserOperation({ account, calls: [{ to: owner.address, value: 0n }] });
    expect((await bundler.waitForUserOperationReceipt({ hash })).success).toBe(true);
    expect((await client.getCode({ address: account.address }))?.length).toBeGreaterThan(2);
    const after = await account.signMessage({ message: 'after deployment' });
    expect(after.endsWith('6492')).toBe(false);
    expect(await client.verifyMessage({ address: account.address, message: 'after deployment', signature: after })).toBe(true);
    expect(await client.verifyMessage({ address: other.address, message: 'after deployment', signature: after })).toBe(false);
  });
});
