// @vitest-environment node
import { type AnvilFixture, type BundlerStack, startAnvil, startBundlerStack } from '@latch/devnet';
import {
  type Address,
  concat,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseAbi,
  parseEther,
  toFunctionSelector,
  toHex,
} from 'viem';
import { createBundlerClient, createPaymasterClient, entryPoint07Address, toSoladySmartAccount } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_SIGNATURE_MAGIC, SMART_ACCOUNT_SESSION_ABI, sessionOriginTag } from './protocol/sessionAbi.js';
import { SMART_ACCOUNT_ABI } from './protocol/smartAccountAbi.js';
import { sendSessionCalls, toSessionAccount } from './sessionKey.js';

/*
 * The smart account's sessions on chain: real anvil, EntryPoint v0.7, the alto bundler and the verifying paymaster.
 * The owner grants a dApp key a session (an owner UserOperation calling the account's grantSession); the dApp then
 * sends UserOperations signed with that key alone. Each rule the account enforces has its own test.
 */

let anvil: AnvilFixture;
let stack: BundlerStack;
const anvilChain = (rpcUrl: string, id: number) =>
  defineChain({
    id,
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
const chainClient = (chainOf: ReturnType<typeof anvilChain>) =>
  createPublicClient({ chain: chainOf, transport: http(chainOf.rpcUrls.default.http[0]), pollingInterval: 50 });
let chain: ReturnType<typeof anvilChain>;
let client: ReturnType<typeof chainClient>;
let owner: ReturnType<typeof privateKeyToAccount>;
let account: Awaited<ReturnType<typeof toSoladySmartAccount>>;
const sessionKey = privateKeyToAccount(generatePrivateKey());
const recipient = privateKeyToAccount(generatePrivateKey()).address;
const TRANSFER = toFunctionSelector('transfer(address,uint256)');
const PLAIN_TRANSFER = '0x00000000' as const;
const ETH_LIMIT = parseEther('0.1');

const newSessionId = (): Hex => concat([sessionOriginTag('https://dapp.example'), toHex(crypto.getRandomValues(new Uint8Array(16)))]);

function ownerBundler() {
  return createBundlerClient({
    client,
    chain,
    transport: http(stack.bundlerUrl),
    pollingInterval: 50,
    paymaster: createPaymasterClient({ transport: http(stack.paymasterUrl) }),
  });
}

/** An owner UserOperation: calls on the account itself (grant, revoke) or anywhere else. */
async function asOwner(calls: { to: Address; data?: Hex; value?: bigint }[]): Promise<void> {
  const bundler = ownerBundler();
  const hash = await bundler.sendUserOperation({ account, calls });
  expect((await bundler.waitForUserOperationReceipt({ hash })).success).toBe(true);
}

const grantCall = (
  id: Hex,
  validUntil: number,
  calls: { target: Address; selector: Hex; valueLimit: bigint }[],
  signer = sessionKey.address,
) => ({
  to: account.address,
  data: encodeFunctionData({ abi: SMART_ACCOUNT_SESSION_ABI, functionName: 'grantSession', args: [id, signer, validUntil, calls] }),
});

async function now(): Promise<number> {
  return Number((await client.getBlock()).timestamp);
}

/** A session granted for an hour: LDT transfer (no value), plain ETH transfers to `recipient` up to 0.1 ETH. */
async function grantStandardSession(): Promise<Hex> {
  const id = newSessionId();
  await asOwner([
    grantCall(id, (await now()) + 3600, [
      { target: anvil.contracts.token, selector: TRANSFER, valueLimit: 0n },
      { target: recipient, selector: PLAIN_TRANSFER, valueLimit: ETH_LIMIT },
    ]),
  ]);
  return id;
}

const contextOf = (id: Hex) => concat([account.address, id]);

const send = (id: Hex, calls: { to: Address; value?: bigint; data?: Hex }[], key = sessionKey) =>
  sendSessionCalls({
    chain,
    bundlerUrl: stack.bundlerUrl,
    paymasterUrl: stack.paymasterUrl as string,
    permissionsContext: contextOf(id),
    sessionKey: key,
    calls,
  });

const tokenTransfer = (amount: bigint, to: Address = recipient) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] });

const tokenBalance = (holder: Address) =>
  client.readContract({ address: anvil.contracts.token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] });

beforeAll(async () => {
  anvil = await startAnvil();
  stack = await startBundlerStack({ anvil });
  chain = anvilChain(anvil.rpcUrl, anvil.chainId);
  client = chainClient(chain);
  owner = privateKeyToAccount(generatePrivateKey());
  account = await toSoladySmartAccount({
    client,
    owner,
    factoryAddress: stack.smartAccountFactory,
    salt: concat([owner.address, '0x000000000000000000000000']),
  });
  // The account holds 1 ETH and 100 LDT; the first owner UserOperation deploys it.
  await client.request({ method: 'anvil_setBalance' as never, params: [account.address, toHex(parseEther('1'))] as never });
  const funder = anvil.accounts[0];
  if (!funder) throw new Error('anvil has no dev account');
  const wallet = createWalletClient({ chain, transport: http(anvil.rpcUrl), account: privateKeyToAccount(funder.privateKey) });
  await client.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: anvil.contracts.token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [account.address, parseEther('100')],
    }),
  });
  await asOwner([{ to: owner.address, value: 0n }]);
});

afterAll(async () => {
  await stack?.stop();
  await anvil?.stop();
});

const validateUserOpAbi = parseAbi([
  'function validateUserOp((address sender, uint256 nonce, bytes initCode, bytes callData, bytes32 accountGasLimits, uint256 preVerificationGas, bytes32 gasFees, bytes paymasterAndData, bytes signature) userOp, bytes32 userOpHash, uint256 missingAccountFunds) returns (uint256)',
]);

/**
 * What the account's validateUserOp returns for `callData` signed by the session key, called as the EntryPoint calls
 * it (an eth_call from the EntryPoint's address): 1 is SIG_VALIDATION_FAILED, whatever the calls would do if run.
 */
async function validationOf(id: Hex, callData: Hex, key = sessionKey): Promise<bigint> {
  const { data } = await client.call({
    account: entryPoint07Address,
    to: account.address,
    data: await validationRequest(id, callData, key),
  });
  return BigInt(data ?? '0x');
}

/** The EntryPoint's validateUserOp call for `callData` signed by `key` (a random hash stands for the UserOperation's). */
async function validationRequest(id: Hex, callData: Hex, key = sessionKey): Promise<Hex> {
  const userOpHash = toHex(crypto.getRandomValues(new Uint8Array(32)));
  const signature = concat([SESSION_SIGNATURE_MAGIC, id, await key.signMessage({ message: { raw: userOpHash } })]);
  const zero = `0x${'00'.repeat(32)}` as Hex;
  return encodeFunctionData({
    abi: validateUserOpAbi,
    functionName: 'validateUserOp',
    args: [
      {
        sender: account.address,
        nonce: 0n,
        initCode: '0x',
        callData,
        accountGasLimits: zero,
        preVerificationGas: 0n,
        gasFees: zero,
        paymasterAndData: concat([stack.paymaster, zero]),
        signature,
      },
      userOpHash,
      0n,
    ],
  });
}

/** Expects a session send to be refused by the bundler (validation failed), with nothing moved. */
async function expectRefused(promise: Promise<unknown>, reason = /Signature provided for the User Operation is invalid/): Promise<void> {
  const before = [await tokenBalance(recipient), await client.getBalance({ address: recipient })];
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught as Error,
  );
  expect(error?.message).toMatch(/^The session call was refused/);
  expect(error?.message).toMatch(reason);
  expect([await tokenBalance(recipient), await client.getBalance({ address: recipient })]).toEqual(before);
}

describe('LatchSmartAccount sessions (real anvil, EntryPoint v0.7, alto, paymaster)', () => {
  it('a granted call lands, signed by the session key alone; so does a batch of granted calls and a plain transfer within the limit', async () => {
    const id = await grantStandardSession();
    const [signer, validUntil] = await client.readContract({
      address: account.address,
      abi: SMART_ACCOUNT_SESSION_ABI,
      functionName: 'session',
      args: [id],
    });
    expect(signer).toBe(sessionKey.address);
    expect(validUntil).toBeGreaterThan(await now());
    const before = await tokenBalance(recipient);
    const sent = await send(id, [{ to: anvil.contracts.token, data: tokenTransfer(5n) }]);
    expect(sent.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await tokenBalance(recipient)).toBe(before + 5n);

    const ethBefore = await client.getBalance({ address: recipient });
    await send(id, [
      { to: anvil.contracts.token, data: tokenTransfer(7n) },
      { to: recipient, value: ETH_LIMIT },
    ]);
    expect(await tokenBalance(recipient)).toBe(before + 12n);
    expect(await client.getBalance({ address: recipient })).toBe(ethBefore + ETH_LIMIT);
  });

  it('refuses a function the session was not granted (approve on the granted token) and a contract it was not granted', async () => {
    const id = await grantStandardSession();
    await expectRefused(
      send(id, [
        { to: anvil.contracts.token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [recipient, 1n] }) },
      ]),
    );
    // The same selector on another contract (the NFT has no transfer, so the account's own check is what is asserted).
    const executeOn = (target: Address, data: Hex, value = 0n) =>
      encodeFunctionData({ abi: SMART_ACCOUNT_ABI, functionName: 'execute', args: [target, value, data] });
    expect(await validationOf(id, executeOn(anvil.contracts.nft, tokenTransfer(1n)))).toBe(1n);
    expect((await validationOf(id, executeOn(anvil.contracts.token, tokenTransfer(1n)))) & 1n).toBe(0n);
    await expectRefused(send(id, [{ to: owner.address, value: 1n }]));
    // One call not granted spoils the whole batch.
    await expectRefused(
      send(id, [
        { to: anvil.contracts.token, data: tokenTransfer(1n) },
        { to: anvil.contracts.token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [recipient, 1n] }) },
      ]),
    );
  });

  it('refuses a value over the call’s limit, and a value on a call granted none', async () => {
    const id = await grantStandardSession();
    await expectRefused(send(id, [{ to: recipient, value: ETH_LIMIT + 1n }]));
    // The token is not payable, so the account's own check is what is asserted for a value on its transfer.
    const transferWithValue = encodeFunctionData({
      abi: SMART_ACCOUNT_ABI,
      functionName: 'execute',
      args: [anvil.contracts.token, 1n, tokenTransfer(1n)],
    });
    expect(await validationOf(id, transferWithValue)).toBe(1n);
    expect(
      (await validationOf(
        id,
        encodeFunctionData({ abi: SMART_ACCOUNT_ABI, functionName: 'execute', args: [recipient, ETH_LIMIT, '0x'] }),
      )) & 1n,
    ).toBe(0n);
  });

  it('refuses a UserOperation signed by another key, and one with no paymaster (a session never pays gas from the account)', async () => {
    const id = await grantStandardSession();
    await expectRefused(send(id, [{ to: anvil.contracts.token, data: tokenTransfer(1n) }], privateKeyToAccount(generatePrivateKey())));
    const session = await toSessionAccount({ client, permissionsContext: contextOf(id), sessionKey });
    const unsponsored = createBundlerClient({ client, chain, transport: http(stack.bundlerUrl), pollingInterval: 50 });
    await expect(
      unsponsored.sendUserOperation({ account: session, calls: [{ to: anvil.contracts.token, data: tokenTransfer(1n) }] }),
    ).rejects.toThrow(/AA24 signature error/);
  });

  it('refuses every call on the account itself: granting sessions, changing the owner, upgrading, delegatecall, callData that is not execute', async () => {
    const id = await grantStandardSession();
    const ownAbi = parseAbi([
      'function transferOwnership(address)',
      'function upgradeToAndCall(address,bytes)',
      'function delegateExecute(address,bytes)',
    ]);
    const implementation = await client.getStorageAt({
      address: account.address,
      slot: '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc',
    });
    const execute = (target: Address, data: Hex, value = 0n) =>
      encodeFunctionData({ abi: SMART_ACCOUNT_ABI, functionName: 'execute', args: [target, value, data] });
    const anotherGrant = grantCall(newSessionId(), (await now()) + 60, [
      { target: recipient, selector: PLAIN_TRANSFER, valueLimit: parseEther('1') },
    ]).data;
    const attacks: Record<string, Hex> = {
      'grantSession through execute': execute(account.address, anotherGrant),
      'grantSession as the callData': anotherGrant,
      'revokeSession through execute': execute(
        account.address,
        encodeFunctionData({ abi: SMART_ACCOUNT_SESSION_ABI, functionName: 'revokeSession', args: [id] }),
      ),
      transferOwnership: execute(
        account.address,
        encodeFunctionData({ abi: ownAbi, functionName: 'transferOwnership', args: [sessionKey.address] }),
      ),
      // Upgrading to the account's own implementation would succeed if validation let it through.
      upgradeToAndCall: execute(
        account.address,
        encodeFunctionData({ abi: ownAbi, functionName: 'upgradeToAndCall', args: [`0x${(implementation ?? '0x').slice(-40)}`, '0x'] }),
      ),
      delegateExecute: encodeFunctionData({
        abi: ownAbi,
        functionName: 'delegateExecute',
        args: [anvil.contracts.token, tokenTransfer(1n)],
      }),
      'the EntryPoint (withdrawing the deposit)': execute(
        entryPoint07Address,
        encodeFunctionData({
          abi: parseAbi(['function withdrawTo(address,uint256)']),
          functionName: 'withdrawTo',
          args: [sessionKey.address, 0n],
        }),
      ),
      'a granted call with a trailing byte (not canonical)': concat([execute(anvil.contracts.token, tokenTransfer(1n)), '0x00']),
      'an empty batch': encodeFunctionData({ abi: SMART_ACCOUNT_ABI, functionName: 'executeBatch', args: [[]] }),
    };
    // Control: the same path accepts a granted call (validUntil in the upper bits, signature valid).
    const granted = await validationOf(id, execute(anvil.contracts.token, tokenTransfer(1n)));
    expect(granted & 1n).toBe(0n);
    expect(granted >> 160n).toBeGreaterThan(BigInt(await now()));
    for (const [name, callData] of Object.entries(attacks)) {
      expect([name, await validationOf(id, callData)]).toEqual([name, 1n]);
    }
    // And through the real bundler: refused, the owner unchanged.
    await expect(
      ownerBundler().sendUserOperation({
        account: await toSessionAccount({ client, permissionsContext: contextOf(id), sessionKey }),
        callData: attacks.transferOwnership as Hex,
      }),
    ).rejects.toThrow(/Signature provided for the User Operation is invalid/);
    expect(
      await client.readContract({
        address: account.address,
        abi: parseAbi(['function owner() view returns (address)']),
        functionName: 'owner',
      }),
    ).toBe(owner.address);
  });

  it('the owner cannot grant the account itself, the EntryPoint, an expiry in the past or a reused id (each grant reverts)', async () => {
    const id = await grantStandardSession();
    /** The 4-byte error the grant reverts with ('granted' when it would succeed), from `from` (the owner by default). */
    const grant = async (
      calls: { target: Address; selector: Hex; valueLimit: bigint }[],
      validUntil?: number,
      sessionId = newSessionId(),
      from: Address = owner.address,
    ) => {
      try {
        await client.call({ account: from, to: account.address, data: grantCall(sessionId, validUntil ?? (await now()) + 60, calls).data });
      } catch (error) {
        const data = (error as { walk?: (fn: (cause: unknown) => boolean) => unknown }).walk?.(
          (cause) => typeof (cause as { data?: unknown }).data === 'string',
        ) as { data?: Hex } | undefined;
        return data?.data?.slice(0, 10) ?? (error as Error).message;
      }
      return 'granted';
    };
    const plain = [{ target: recipient, selector: PLAIN_TRANSFER, valueLimit: 0n }];
    expect(await grant(plain)).toBe('granted');
    expect(await grant([{ target: account.address, selector: TRANSFER, valueLimit: 0n }])).toBe(
      toFunctionSelector('SessionTargetNotAllowed(address)'),
    );
    expect(await grant([{ target: entryPoint07Address, selector: TRANSFER, valueLimit: 0n }])).toBe(
      toFunctionSelector('SessionTargetNotAllowed(address)'),
    );
    expect(await grant(plain, (await now()) - 1)).toBe(toFunctionSelector('SessionExpiryNotInFuture()'));
    expect(await grant([])).toBe(toFunctionSelector('SessionHasNoCalls()'));
    expect(await grant(plain, undefined, id)).toBe(toFunctionSelector('SessionIdAlreadyUsed(bytes32)'));
    // Nobody but the owner (or the account itself) grants.
    expect(await grant(plain, undefined, newSessionId(), sessionKey.address)).toBe(toFunctionSelector('Unauthorized()'));
  });

  it('after a revoke the session is refused; its id is never granted again', async () => {
    const id = await grantStandardSession();
    await send(id, [{ to: anvil.contracts.token, data: tokenTransfer(1n) }]);
    await asOwner([
      { to: account.address, data: encodeFunctionData({ abi: SMART_ACCOUNT_SESSION_ABI, functionName: 'revokeSession', args: [id] }) },
    ]);
    const [signer] = await client.readContract({
      address: account.address,
      abi: SMART_ACCOUNT_SESSION_ABI,
      functionName: 'session',
      args: [id],
    });
    expect(signer).toBe('0x0000000000000000000000000000000000000000');
    await expectRefused(send(id, [{ to: anvil.contracts.token, data: tokenTransfer(1n) }]));
    const reused = await client
      .call({
        account: owner.address,
        to: account.address,
        data: grantCall(id, (await now()) + 60, [{ target: anvil.contracts.token, selector: TRANSFER, valueLimit: 0n }]).data,
      })
      .catch((error: Error) => error.message);
    expect(reused).toContain(toFunctionSelector('SessionIdAlreadyUsed(bytes32)'));
  });

  it('after its expiry the session is refused by the EntryPoint (anvil’s clock moved past validUntil)', async () => {
    const id = newSessionId();
    const validUntil = (await now()) + 600;
    await asOwner([grantCall(id, validUntil, [{ target: anvil.contracts.token, selector: TRANSFER, valueLimit: 0n }])]);
    await send(id, [{ to: anvil.contracts.token, data: tokenTransfer(1n) }]);
    await client.request({ method: 'evm_setNextBlockTimestamp' as never, params: [toHex(validUntil + 1)] as never });
    await client.request({ method: 'evm_mine' as never, params: [] as never });
    expect(await now()).toBeGreaterThan(validUntil);
    await expectRefused(send(id, [{ to: anvil.contracts.token, data: tokenTransfer(1n) }]), /User Operation expired/);
  });

  it('session validation keeps the ERC-7562 rules (alto runs without its tracer here): no banned opcode, no call but ecrecover', async () => {
    const id = await grantStandardSession();
    const request = await validationRequest(
      id,
      encodeFunctionData({
        abi: SMART_ACCOUNT_ABI,
        functionName: 'executeBatch',
        args: [
          [
            { target: anvil.contracts.token, value: 0n, data: tokenTransfer(1n) },
            { target: recipient, value: 1n, data: '0x' },
          ],
        ],
      }),
    );
    const trace = (await client.request({
      method: 'debug_traceCall' as never,
      params: [{ from: entryPoint07Address, to: account.address, data: request }, 'latest', { enableMemory: false }] as never,
    })) as { failed: boolean; structLogs: { op: string; depth: number; stack?: Hex[] }[] };
    expect(trace.failed).toBe(false);
    const ops = new Set(trace.structLogs.map((log) => log.op));
    const banned = ['TIMESTAMP', 'NUMBER', 'BLOCKHASH', 'COINBASE', 'PREVRANDAO', 'DIFFICULTY', 'GASLIMIT', 'GASPRICE', 'BASEFEE'];
    const alsoBanned = ['ORIGIN', 'BALANCE', 'SELFBALANCE', 'CREATE', 'CREATE2', 'SELFDESTRUCT', 'BLOBHASH', 'BLOBBASEFEE'];
    expect([...banned, ...alsoBanned].filter((op) => ops.has(op))).toEqual([]);
    const implementation = await client.getStorageAt({
      address: account.address,
      slot: '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc',
    });
    const callees = trace.structLogs
      .filter((log) => ['CALL', 'STATICCALL', 'DELEGATECALL', 'CALLCODE'].includes(log.op))
      .map(
        (log) =>
          `${log.op} 0x${BigInt((log.stack ?? [])[(log.stack ?? []).length - 2] ?? '0x0')
            .toString(16)
            .padStart(40, '0')}`,
      );
    // The proxy delegates to the implementation (the account's own storage), which asks the ecrecover precompile.
    expect(callees).toEqual([
      `DELEGATECALL 0x${(implementation ?? '').slice(-40)}`,
      'STATICCALL 0x0000000000000000000000000000000000000001',
    ]);
  });

  it('a session signature is magic + id + 65 bytes; the owner’s own UserOperations still go through unchanged', async () => {
    const id = await grantStandardSession();
    const session = await toSessionAccount({ client, permissionsContext: contextOf(id), sessionKey });
    expect((await session.getStubSignature()).startsWith(concat([SESSION_SIGNATURE_MAGIC, id]))).toBe(true);
    expect((await session.getStubSignature()).length).toBe(2 + 2 * 101);
    await asOwner([{ to: recipient, value: 1n }]);
  });
});
