// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEip155Verifier } from '@latch/siwx/server';
import { type AnvilFixture, type BundlerStack, startAnvil, startBundlerStack } from '@latch/devnet';
import { type Address, defineChain, erc20Abi, encodeFunctionData, type Hex, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaipNetwork } from '@latch/kernel';
import { smartAccountProblem } from './controller.js';
import { createEip155Provider } from './eip155Provider.js';
import type { ApprovalDetails } from './protocol/index.js';
import { deriveKeys, generateMasterSecret, addressesOf, prepareAnyRequest } from '@latch/embedded-wallet-frame';
import { createEmbeddedSmartAccount, type EmbeddedSmartAccount, LATCH_SMART_ACCOUNT_FACTORY } from './smartAccount.js';

let anvil: AnvilFixture;
let stack: BundlerStack;

beforeAll(async () => {
  anvil = await startAnvil();
  stack = await startBundlerStack({ anvil });
});

afterAll(async () => {
  await stack?.stop();
  await anvil?.stop();
});

const chainOf = (rpcUrl: string) =>
  defineChain({
    id: 31337,
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });

/** A frame: real keys, the real signer; every request is shown (its details kept) and approved. */
function frameWith(keys = deriveKeys(generateMasterSecret())) {
  const shown: ApprovalDetails[] = [];
  const addresses = addressesOf(keys);
  const chain = { eip155ChainId: 31337 };
  return {
    owner: addresses.eip155 as Address,
    shown,
    async frame(method: string, params: unknown[]) {
      const prepared = await prepareAnyRequest({ namespace: 'eip155', chainId: 'eip155:31337', method, params }, addresses, chain);
      shown.push(prepared.details({ account: addresses.eip155, origin: 'http://127.0.0.1:5173' }));
      return prepared.sign(keys);
    },
  };
}

async function smartAccount(
  frame: ReturnType<typeof frameWith>,
  overrides: { bundlerUrl?: string; paymasterUrl?: string } = {},
): Promise<EmbeddedSmartAccount> {
  return createEmbeddedSmartAccount({
    owner: frame.owner,
    chain: chainOf(anvil.rpcUrl),
    bundlerUrl: overrides.bundlerUrl ?? stack.bundlerUrl,
    paymasterUrl: overrides.paymasterUrl,
    frame: (method, params) => frame.frame(method, params),
  });
}

const fund = (address: Address, wei: bigint) =>
  fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, `0x${wei.toString(16)}`] }),
  });

async function balanceOf(address: Address): Promise<bigint> {
  const response = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [address, 'latest'] }),
  });
  return BigInt(((await response.json()) as { result: Hex }).result);
}

describe('the embedded wallet smart account (real anvil, alto and paymaster)', () => {
  it('the factory the connector names is the one the devnet stack deploys', () => {
    expect(stack.smartAccountFactory).toBe(LATCH_SMART_ACCOUNT_FACTORY);
  });

  it('its address is known before deployment; the first send deploys it and the funds arrive; the second comes from the deployed account', async () => {
    const frame = frameWith();
    const account = await smartAccount(frame);
    expect(account.address).not.toBe(frame.owner);
    expect(await account.isDeployed()).toBe(false);
    await fund(account.address, parseEther('1'));
    const recipient = privateKeyToAccount(`0x${'71'.repeat(32)}`).address;

    const first = await account.sendCalls([{ to: recipient, value: parseEther('0.25') }]);
    expect((await account.waitForReceipt(first)).status).toBe(200);
    expect(await balanceOf(recipient)).toBe(parseEther('0.25'));
    expect(await account.isDeployed()).toBe(true);
    const [firstShown] = frame.shown;
    expect(firstShown?.title).toBe('Send a transaction');
    expect(firstShown?.rows).toEqual(
      expect.arrayContaining([
        { label: 'To', value: recipient },
        { label: 'Amount', value: '0.25 ETH' },
        { label: 'From', value: `${account.address} (your smart account)` },
        { label: 'Account', value: 'Created with this transaction (your first one)' },
      ]),
    );

    const second = await account.sendCalls([{ to: recipient, value: 123456789n }]);
    expect((await account.waitForReceipt(second)).status).toBe(200);
    expect(await balanceOf(recipient)).toBe(parseEther('0.25') + 123456789n);
    expect(frame.shown[1]?.rows).toContainEqual({ label: 'Amount', value: '0.000000000123456789 ETH' });
    expect(frame.shown[1]?.rows.some((row) => row.label === 'Account')).toBe(false);
  });

  it('a bundle is one UserOperation, shown as one approval listing every call, and lands atomically', async () => {
    const frame = frameWith();
    const account = await smartAccount(frame, { paymasterUrl: stack.paymasterUrl });
    const [a, b] = [privateKeyToAccount(`0x${'72'.repeat(32)}`).address, privateKeyToAccount(`0x${'73'.repeat(32)}`).address];
    await fund(account.address, parseEther('1'));
    // A call that would fail (the new account holds no LDT) makes the whole bundle fail: refused before it is shown.
    const failing = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [b, 5n] });
    await expect(
      account.sendCalls([
        { to: a, value: parseEther('0.1') },
        { to: anvil.contracts.token, data: failing },
      ]),
    ).rejects.toThrow(/bundler refused the transaction/);
    expect(frame.shown).toHaveLength(0);
    expect(await balanceOf(a)).toBe(0n);

    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [b, 5n] });
    const hash = await account.sendCalls([
      { to: a, value: parseEther('0.1') },
      { to: b, value: parseEther('0.2') },
      { to: anvil.contracts.token, data: approve },
    ]);
    expect((await account.waitForReceipt(hash)).status).toBe(200);
    expect(await balanceOf(a)).toBe(parseEther('0.1'));
    expect(await balanceOf(b)).toBe(parseEther('0.2'));
    // Sponsored: the account paid nothing but the values.
    expect(await balanceOf(account.address)).toBe(parseEther('0.7'));
    expect(frame.shown).toHaveLength(1);
    const [shown] = frame.shown;
    expect(shown?.title).toBe('Send 3 calls at once');
    expect(shown?.rows).toEqual(
      expect.arrayContaining([
        { label: 'Call 1: To', value: a },
        { label: 'Call 1: Amount', value: '0.1 ETH' },
        { label: 'Call 2: To', value: b },
        { label: 'Call 2: Amount', value: '0.2 ETH' },
        { label: 'Call 3: Token contract', value: anvil.contracts.token },
        { label: 'Call 3: Spender', value: b },
        { label: 'Call 3: Allowance', value: "5 (in the token's smallest unit)" },
        { label: 'Total (at most)', value: '0.3 ETH' },
      ]),
    );
    expect(shown?.rows.find((row) => row.label === 'Network fee (at most)')?.value).toContain('Paid by the app');
  });

  it('@latch/siwx/server verifies its signatures: ERC-6492 before deployment, ERC-1271 after', async () => {
    const frame = frameWith();
    const account = await smartAccount(frame, { paymasterUrl: stack.paymasterUrl });
    const verifier = createEip155Verifier({ rpcUrls: { 'eip155:31337': anvil.rpcUrl } });
    const data = { address: account.address, caipNetworkId: 'eip155:31337' } as Parameters<typeof verifier.verify>[0]['data'];
    const before = await account.signMessage('Sign in to the demo: before');
    expect(before.endsWith('6492'.repeat(16))).toBe(true);
    expect(await verifier.verify({ data, message: 'Sign in to the demo: before', signature: before })).toBe(true);
    expect(await verifier.verify({ data, message: 'Sign in to the demo: other', signature: before })).toBe(false);

    const deploy = await account.sendCalls([{ to: frame.owner, value: 0n }]);
    expect((await account.waitForReceipt(deploy)).status).toBe(200);
    const after = await account.signMessage('Sign in to the demo: after');
    expect(after.endsWith('6492'.repeat(16))).toBe(false);
    expect(await verifier.verify({ data, message: 'Sign in to the demo: after', signature: after })).toBe(true);
    // The owner key's own signature is not the account's.
    const ownerOnly = await privateKeyToAccount(`0x${'74'.repeat(32)}`).signMessage({ message: 'Sign in to the demo: after' });
    expect(await verifier.verify({ data, message: 'Sign in to the demo: after', signature: ownerOnly })).toBe(false);
  });

  it('a paymaster that cannot be reached: a clear message, nothing shown to sign, nothing sent', async () => {
    const frame = frameWith();
    const account = await smartAccount(frame, { paymasterUrl: 'http://127.0.0.1:9/' });
    await expect(account.sendCalls([{ to: frame.owner, value: 0n }])).rejects.toThrow(
      /paymaster at http:\/\/127\.0\.0\.1:9\/ could not be reached: nothing was sent/,
    );
    expect(frame.shown).toHaveLength(0);
    expect(await account.isDeployed()).toBe(false);
  });

  it('the bundler stopped: a clear message, nothing sent twice, nothing lost', async () => {
    const own = await startBundlerStack({ anvil, paymaster: false });
    try {
      const frame = frameWith();
      const account = await smartAccount(frame, { bundlerUrl: own.bundlerUrl });
      await fund(account.address, parseEther('1'));
      const recipient = privateKeyToAccount(`0x${'75'.repeat(32)}`).address;
      await own.bundler.kill('SIGKILL');
      await expect(account.sendCalls([{ to: recipient, value: 1n }])).rejects.toThrow(
        /bundler at .* could not be reached: nothing was sent/,
      );
      expect(await balanceOf(recipient)).toBe(0n);
      expect(await balanceOf(account.address)).toBe(parseEther('1'));
      // Back behind the shared bundler: the same account sends once, with the nonce nothing used.
      const again = await smartAccount(frame);
      const hash = await again.sendCalls([{ to: recipient, value: 1n }]);
      expect((await again.waitForReceipt(hash)).status).toBe(200);
      expect(await balanceOf(recipient)).toBe(1n);
    } finally {
      await own.stop();
    }
  });
});

describe('a bundler that stops answering after it took the UserOperation', () => {
  it('the send reports it may still land; nothing is re-sent; the next send waits for the chain and goes out once', async () => {
    const target = new URL(stack.bundlerUrl);
    let dropSends = true;
    const sends: string[] = [];
    // Forwards every request to alto; while dropSends, it forwards eth_sendUserOperation but never answers it.
    const proxy = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      const isSend = body.includes('"eth_sendUserOperation"');
      if (isSend) sends.push(body);
      const upstream = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const text = await upstream.text();
      if (isSend && dropSends) return;
      response.writeHead(upstream.status, { 'content-type': 'application/json' });
      response.end(text);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const frame = frameWith();
      const account = await smartAccount(frame, { bundlerUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` });
      await fund(account.address, parseEther('1'));
      const recipient = privateKeyToAccount(`0x${'76'.repeat(32)}`).address;
      await expect(account.sendCalls([{ to: recipient, value: 7n }])).rejects.toThrow(
        /stopped answering after the transaction was handed to it/,
      );
      // It was handed over: it lands, once.
      await expect.poll(() => balanceOf(recipient)).toBe(7n);
      dropSends = false;
      const hash = await account.sendCalls([{ to: recipient, value: 8n }]);
      expect((await account.waitForReceipt(hash)).status).toBe(200);
      expect(await balanceOf(recipient)).toBe(15n);
      // Two approvals, two UserOperations handed to the bundler: the first was never sent again.
      expect(frame.shown).toHaveLength(2);
      expect(sends).toHaveLength(2);
    } finally {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });
});

describe('the eip155 provider of a session whose account type is smartAccount (EIP-5792, account types)', () => {
  const networkOf = () =>
    ({
      id: anvil.chainId,
      name: 'Local Devnet',
      caipNetworkId: `eip155:${anvil.chainId}`,
      chainNamespace: 'eip155',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    }) as unknown as CaipNetwork;

  function session(active: 'eoa' | 'smartAccount' = 'smartAccount') {
    const frame = frameWith();
    const provider = createEip155Provider(
      frame.owner,
      [networkOf()],
      { rpc: (method, params) => frame.frame(method, params as unknown[]) },
      { bundlerUrls: { [anvil.chainId]: stack.bundlerUrl }, paymasterUrls: { [anvil.chainId]: stack.paymasterUrl as string }, active },
    );
    return { frame, provider };
  }

  it('reports the smart account, sends from it, batches wallet_sendCalls into one UserOperation and reads its status', async () => {
    const { frame, provider } = session();
    const [smart] = (await provider.request({ method: 'eth_accounts' })) as Address[];
    expect(smart).toBeDefined();
    expect(smart).not.toBe(frame.owner);
    expect(provider.accountType()).toBe('smartAccount');
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [smart] })).toEqual({
      '0x7a69': { atomic: { status: 'supported' } },
    });
    await fund(smart as Address, parseEther('1'));
    const recipient = privateKeyToAccount(`0x${'81'.repeat(32)}`).address;

    const txHash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: smart, to: recipient, value: '0x1000' }],
    })) as Hex;
    expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await balanceOf(recipient)).toBe(0x1000n);

    const sent = (await provider.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          id: 'bundle-1',
          chainId: '0x7a69',
          from: smart,
          atomicRequired: true,
          calls: [
            { to: recipient, value: '0x1' },
            { to: recipient, value: '0x2' },
          ],
        },
      ],
    })) as { id: string };
    expect(sent.id).toBe('bundle-1');
    await expect
      .poll(async () => ((await provider.request({ method: 'wallet_getCallsStatus', params: ['bundle-1'] })) as { status: number }).status)
      .toBe(200);
    const status = (await provider.request({ method: 'wallet_getCallsStatus', params: ['bundle-1'] })) as {
      atomic: boolean;
      chainId: string;
      receipts: { status: string; transactionHash: string }[];
    };
    expect(status.atomic).toBe(true);
    expect(status.chainId).toBe('0x7a69');
    expect(status.receipts).toHaveLength(1);
    expect(status.receipts[0]?.status).toBe('0x1');
    expect(await balanceOf(recipient)).toBe(0x1003n);
    // Two approvals: the single send, then the bundle as one listing both calls.
    expect(frame.shown).toHaveLength(2);
    expect(frame.shown[1]?.title).toBe('Send 2 calls at once');

    const codeOf = (promise: Promise<unknown>) =>
      promise.then(
        () => 'resolved',
        (error: { code?: number }) => error.code,
      );
    const call = { to: recipient, value: '0x1' };
    const bundle = (extra: Record<string, unknown>) => ({ version: '2.0.0', chainId: '0x7a69', calls: [call], ...extra });
    expect(await codeOf(provider.request({ method: 'wallet_sendCalls', params: [bundle({ id: 'bundle-1' })] }))).toBe(5720);
    expect(await codeOf(provider.request({ method: 'wallet_getCallsStatus', params: ['never-sent'] }))).toBe(5730);
    expect(await codeOf(provider.request({ method: 'wallet_sendCalls', params: [bundle({ chainId: '0x1' })] }))).toBe(5710);
    expect(await codeOf(provider.request({ method: 'wallet_sendCalls', params: [bundle({ calls: Array(33).fill(call) })] }))).toBe(5740);
    expect(
      await codeOf(
        provider.request({ method: 'wallet_sendCalls', params: [bundle({ capabilities: { paymasterService: { url: 'x' } } })] }),
      ),
    ).toBe(5700);
    // Nothing of those was shown or sent.
    expect(frame.shown).toHaveLength(2);
  });

  it('setAccountType switches to the key (accountsChanged with its address) and back; the key cannot batch atomically', async () => {
    const { frame, provider } = session();
    const [smart] = (await provider.request({ method: 'eth_accounts' })) as string[];
    const changes: unknown[] = [];
    provider.on('accountsChanged', (accounts) => changes.push(accounts));
    expect(await provider.setAccountType('eoa')).toBe(frame.owner);
    expect(provider.accountType()).toBe('eoa');
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([frame.owner]);
    expect(changes).toEqual([[frame.owner]]);
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [frame.owner] })).toEqual({
      '0x7a69': { atomic: { status: 'unsupported' } },
    });
    await expect(
      provider.request({
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls: [{ to: frame.owner, value: '0x0' }] }],
      }),
    ).rejects.toMatchObject({ code: 5760 });
    expect(await provider.setAccountType('smartAccount')).toBe(smart);
    expect(changes).toEqual([[frame.owner], [smart]]);
  });

  it('a chain switch between a network with a bundler and one without changes the address: accountsChanged each way', async () => {
    const frame = frameWith();
    // The same node under a second chain id the integrator gave no bundler for.
    const noBundler = { ...networkOf(), id: 31338, name: 'No bundler', caipNetworkId: 'eip155:31338' } as CaipNetwork;
    const provider = createEip155Provider(
      frame.owner,
      [networkOf(), noBundler],
      { rpc: (method, params) => frame.frame(method, params as unknown[]) },
      { bundlerUrls: { [anvil.chainId]: stack.bundlerUrl }, active: 'smartAccount' },
    );
    const [smart] = (await provider.request({ method: 'eth_accounts' })) as string[];
    const events: [string, unknown][] = [];
    provider.on('chainChanged', (id) => events.push(['chainChanged', id]));
    provider.on('accountsChanged', (accounts) => events.push(['accountsChanged', accounts]));
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] });
    expect(provider.accountType()).toBe('eoa');
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([frame.owner]);
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] });
    expect(provider.accountType()).toBe('smartAccount');
    expect(events).toEqual([
      ['chainChanged', '0x7a6a'],
      ['accountsChanged', [frame.owner]],
      ['chainChanged', '0x7a69'],
      ['accountsChanged', [smart]],
    ]);
  });

  it('personal_sign through the provider gives a signature @latch/siwx/server verifies for the smart account', async () => {
    const { provider } = session();
    const [smart] = (await provider.request({ method: 'eth_accounts' })) as Address[];
    const signature = (await provider.request({ method: 'personal_sign', params: ['hello from the provider', smart] })) as Hex;
    const verifier = createEip155Verifier({ rpcUrls: { 'eip155:31337': anvil.rpcUrl } });
    const data = { address: smart, caipNetworkId: 'eip155:31337' } as Parameters<typeof verifier.verify>[0]['data'];
    expect(await verifier.verify({ data, message: 'hello from the provider', signature })).toBe(true);
  });
});

describe('the smart-account options', () => {
  it('a bad one is named; good ones pass', () => {
    expect(smartAccountProblem({ defaultAccountType: 'smart' as never })).toBe("defaultAccountType must be 'smartAccount' or 'eoa'");
    expect(smartAccountProblem({ smartAccount: { bundlerUrls: {} } })).toBe(
      'smartAccount.bundlerUrls must name a bundler for at least one chain id',
    );
    expect(smartAccountProblem({ smartAccount: { bundlerUrls: { 1: 'ftp://bundler' } } })).toBe(
      "smartAccount URLs are keyed by chain id and must be http(s) URLs (got 1: 'ftp://bundler')",
    );
    expect(
      smartAccountProblem({ smartAccount: { bundlerUrls: { 1: 'https://b' }, paymasterUrls: { base: 'https://p' } as never } }),
    ).toContain('got base');
    expect(smartAccountProblem({ smartAccount: { bundlerUrls: { 1: 'https://b' }, factory: '0x12' } })).toBe(
      'smartAccount.factory must be an address',
    );
    expect(smartAccountProblem({ smartAccount: { bundlerUrls: { 1: 'https://b' } }, defaultAccountType: 'eoa' })).toBeUndefined();
    expect(smartAccountProblem({})).toBeUndefined();
  });
});
