// @vitest-environment node
import { type AnvilFixture, type BundlerStack, startAnvil, startBundlerStack } from '@latch/devnet';
import { type Address, defineChain, type Hex, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CaipNetwork } from '@latch/kernel';
import { addressesOf, deriveKeys, generateMasterSecret, prepareAnyRequest } from '@latch/embedded-wallet-frame';
import { createEip155Provider, type EmbeddedEip155Provider } from './eip155Provider.js';
import { jsonRpc } from './jsonRpc.js';
import type { ApprovalDetails } from './protocol/index.js';
import { sendSessionCalls } from './sessionKey.js';

/*
 * The smartSessions path end to end, without a browser: the embedded wallet's eip155 provider (the page), the frame's
 * real signer (each request described as the approval page shows it, for this site, then signed), real anvil, alto and
 * the paymaster. A grant is approved once in the frame; the dApp's session calls then land with no frame at all;
 * after a revoke (approved in the frame) the next session call is refused.
 */

const SITE = 'https://dapp.example';
let anvil: AnvilFixture;
let stack: BundlerStack;

beforeAll(async () => {
  anvil = await startAnvil();
  stack = await startBundlerStack({ anvil });
  vi.stubGlobal('location', { origin: SITE });
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await stack?.stop();
  await anvil?.stop();
});

const network = (rpcUrl: string): CaipNetwork =>
  ({
    id: 31337,
    caipNetworkId: 'eip155:31337',
    chainNamespace: 'eip155',
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  }) as CaipNetwork;

/** The page's provider over a frame with real keys: every request the frame gets is described for SITE, then signed. */
function wallet(sessions: boolean): { provider: EmbeddedEip155Provider; shown: ApprovalDetails[]; frameCalls: () => number } {
  const keys = deriveKeys(generateMasterSecret());
  const addresses = addressesOf(keys);
  const shown: ApprovalDetails[] = [];
  let calls = 0;
  const provider = createEip155Provider(
    addresses.eip155,
    [network(anvil.rpcUrl)],
    {
      async rpc(method, params) {
        calls += 1;
        const prepared = await prepareAnyRequest({ namespace: 'eip155', chainId: 'eip155:31337', method, params }, addresses, {
          eip155ChainId: 31337,
        });
        shown.push(prepared.details({ account: addresses.eip155, origin: SITE }));
        return prepared.sign(keys);
      },
    },
    {
      bundlerUrls: { 31337: stack.bundlerUrl },
      paymasterUrls: { 31337: stack.paymasterUrl as string },
      active: 'smartAccount',
      sessions,
    },
  );
  return { provider, shown, frameCalls: () => calls };
}

const chain = () =>
  defineChain({
    id: 31337,
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  });

const fund = (address: Address) => jsonRpc(anvil.rpcUrl, 'anvil_setBalance', [address, `0x${parseEther('1').toString(16)}`]);
const balanceOf = async (address: Address) => BigInt((await jsonRpc(anvil.rpcUrl, 'eth_getBalance', [address, 'latest'])) as Hex);

describe('smartSessions through the embedded wallet (provider, frame signer, anvil, alto, paymaster)', () => {
  it('grant (approved in the frame) → session calls land with no frame → listed → revoke (approved) → the next call is refused', async () => {
    const { provider, shown, frameCalls } = wallet(true);
    const [account] = (await provider.request({ method: 'eth_requestAccounts' })) as [Address];
    await fund(account);
    const sessionKey = privateKeyToAccount(generatePrivateKey());
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const expiry = Math.floor(Date.now() / 1000) + 3600;

    const granted = (await provider.request({
      method: 'wallet_grantPermissions',
      params: [
        {
          chainId: '0x7a69',
          expiry,
          signer: { type: 'account', data: { address: sessionKey.address } },
          permissions: [
            { type: 'native-token-transfer', data: { to: recipient, valueLimit: `0x${parseEther('0.01').toString(16)}` } },
            { type: 'contract-call', data: { address: anvil.contracts.token, calls: ['transfer(address,uint256)'] } },
          ],
        },
      ],
    })) as { permissionsContext: Hex; expiry: number; address: Address; grantedPermissions: unknown[] };
    expect(granted.address).toBe(account);
    expect(granted.expiry).toBe(expiry);
    expect(granted.grantedPermissions).toHaveLength(2);
    expect(granted.permissionsContext).toMatch(/^0x[0-9a-fA-F]{104}$/);
    // The visitor saw exactly what was granted.
    const grantShown = shown.at(-1);
    expect(grantShown?.title).toBe('Give this site a session key');
    expect(grantShown?.origin).toBe(SITE);
    expect(grantShown?.rows).toEqual(
      expect.arrayContaining([
        { label: 'Site’s key', value: sessionKey.address },
        { label: 'Call 1: Contract', value: recipient },
        { label: 'Call 1: Value per call (at most)', value: '0.01 ETH' },
        { label: 'Call 2: Contract', value: anvil.contracts.token },
        { label: 'Call 2: Function', value: 'transfer(address,uint256)' },
      ]),
    );

    // The dApp's session call: no frame request, no visitor.
    const before = frameCalls();
    await sendSessionCalls({
      chain: chain(),
      bundlerUrl: stack.bundlerUrl,
      paymasterUrl: stack.paymasterUrl as string,
      permissionsContext: granted.permissionsContext,
      sessionKey,
      calls: [{ to: recipient, value: parseEther('0.01') }],
    });
    expect(await balanceOf(recipient)).toBe(parseEther('0.01'));
    expect(frameCalls()).toBe(before);

    const listed = (await provider.request({ method: 'latch_getPermissions' })) as {
      permissionsContext: Hex;
      signer: Address;
      expiry: number;
    }[];
    expect(listed).toEqual([{ permissionsContext: granted.permissionsContext, signer: sessionKey.address.toLowerCase(), expiry }]);

    await provider.request({ method: 'wallet_revokePermissions', params: [{ permissionsContext: granted.permissionsContext }] });
    expect(shown.at(-1)?.title).toBe('End a session');
    expect(await provider.request({ method: 'latch_getPermissions' })).toEqual([]);
    await expect(
      sendSessionCalls({
        chain: chain(),
        bundlerUrl: stack.bundlerUrl,
        paymasterUrl: stack.paymasterUrl as string,
        permissionsContext: granted.permissionsContext,
        sessionKey,
        calls: [{ to: recipient, value: 1n }],
      }),
    ).rejects.toThrow(/^The session call was refused \(the session may be revoked or expired, or the call not granted\)/);
    expect(await balanceOf(recipient)).toBe(parseEther('0.01'));
  });

  it('requests the page cannot turn into an exact grant are refused before the frame is asked', async () => {
    const { provider, frameCalls } = wallet(true);
    const base = {
      chainId: '0x7a69',
      expiry: Math.floor(Date.now() / 1000) + 3600,
      signer: { type: 'account', data: { address: privateKeyToAccount(generatePrivateKey()).address } },
      permissions: [{ type: 'contract-call', data: { address: anvil.contracts.token, calls: ['transfer(address,uint256)'] } }],
    };
    const grant = (overrides: Record<string, unknown>) =>
      provider.request({ method: 'wallet_grantPermissions', params: [{ ...base, ...overrides }] });
    await expect(grant({ expiry: undefined })).rejects.toThrow('A grant needs an expiry (unix seconds)');
    await expect(grant({ expiry: Math.floor(Date.now() / 1000) + 31 * 86_400 })).rejects.toThrow('A session may last at most 30 days');
    await expect(grant({ permissions: [{ type: 'erc20-token-allowance', data: {} }] })).rejects.toThrow(
      "permissions[0].type 'erc20-token-allowance' is not supported",
    );
    await expect(
      grant({ permissions: [{ ...base.permissions[0], policies: [{ type: 'rate-limit', data: { count: 1 } }] }] }),
    ).rejects.toThrow('enforces no policies');
    await expect(grant({ signer: { type: 'wallet', data: {} } })).rejects.toThrow('signer must be');
    await expect(
      grant({ permissions: [{ type: 'contract-call', data: { address: anvil.contracts.token, calls: ['transfer'] } }] }),
    ).rejects.toThrow('must be a function signature or a 4-byte selector');
    await expect(grant({ chainId: '0x1' })).rejects.toThrow('The wallet is on chain 31337, not 0x1');
    // Another site's session (its tag is not this site's) and a malformed context.
    const otherSite = `0x${'11'.repeat(20)}${'22'.repeat(32)}`;
    const [account] = (await provider.request({ method: 'eth_accounts' })) as [Address];
    await expect(
      provider.request({ method: 'wallet_revokePermissions', params: [{ permissionsContext: `${account}${'22'.repeat(32)}` }] }),
    ).rejects.toThrow('That session was not granted to this site');
    await expect(provider.request({ method: 'wallet_revokePermissions', params: [{ permissionsContext: otherSite }] })).rejects.toThrow(
      'That session is not on this account',
    );
    await expect(provider.request({ method: 'wallet_revokePermissions', params: [{ permissionsContext: '0x12' }] })).rejects.toThrow(
      'A permissionsContext is 0x followed by',
    );
    expect(frameCalls()).toBe(0);
  });

  it('with the smartSessions feature off, the methods are refused like any the wallet does not answer; a disconnect’s revoke still answers', async () => {
    const { provider, frameCalls } = wallet(false);
    for (const method of ['wallet_grantPermissions', 'latch_getPermissions']) {
      await expect(provider.request({ method, params: [{}] })).rejects.toMatchObject({
        code: 4200,
        message: `Requested RPC call is not allowed: the embedded wallet does not support ${method}`,
      });
    }
    expect(
      await provider.request({ method: 'wallet_revokePermissions', params: [{ permissionsContext: `0x${'00'.repeat(52)}` }] }),
    ).toBeNull();
    expect(await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).toBeNull();
    expect(frameCalls()).toBe(0);
  });
});
