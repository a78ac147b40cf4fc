// @vitest-environment node
import type { CaipNetwork } from '@latch/kernel';
import { type BareAnvilFixture, startAnvil } from '@latch/devnet';
import {
  createPublicClient,
  formatEther,
  http,
  parseEther,
  parseTransaction,
  recoverMessageAddress,
  recoverTypedDataAddress,
  toHex,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEip155Provider } from './eip155Provider.js';
import { addressesOf, type DerivedKeys, deriveKeys, prepareRequest, RpcError } from '@latch/embedded-wallet-frame';
import type { ApprovalDetails } from './protocol/index.js';

// The provider against a real anvil; its requests go to a stand-in for the frame that does what the frame does: checks
// and decodes the request, shows it (recorded here), and signs with its own signer only if the visitor approved.
let anvil: BareAnvilFixture;
let network: CaipNetwork;
const keys: DerivedKeys = deriveKeys(new Uint8Array(32).fill(7));
const address = addressesOf(keys).eip155;

beforeAll(async () => {
  anvil = await startAnvil({ deploy: false });
  await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, toHex(parseEther('5'))] }),
  });
  network = {
    id: anvil.chainId,
    name: 'Local Devnet',
    caipNetworkId: `eip155:${anvil.chainId}`,
    chainNamespace: 'eip155',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  } as unknown as CaipNetwork;
});
afterAll(async () => anvil?.stop());

function provider(answer: (details: ApprovalDetails) => boolean) {
  const asked: ApprovalDetails[] = [];
  const signed: string[] = [];
  const p = createEip155Provider(address, [network], {
    rpc: async (method, params, namespace, chainId) => {
      const prepared = prepareRequest({ namespace, chainId, method, params }, addressesOf(keys), { eip155ChainId: anvil.chainId });
      const details = prepared.details({ account: address, origin: 'http://host.test' });
      asked.push(details);
      if (!answer(details)) throw new RpcError(4001, 'User rejected the request.');
      signed.push(method);
      return prepared.sign(keys);
    },
  });
  return { p, asked, signed };
}

describe('the embedded eip155 provider', () => {
  it('answers accounts and chain id without the frame', async () => {
    const { p, signed } = provider(() => true);
    expect(await p.request({ method: 'eth_accounts' })).toEqual([address]);
    expect(await p.request({ method: 'eth_chainId' })).toBe(toHex(anvil.chainId));
    expect(signed).toEqual([]);
  });

  it('shows a personal_sign message as text, then returns a signature that recovers to the address', async () => {
    const { p, asked } = provider(() => true);
    const signature = (await p.request({ method: 'personal_sign', params: [toHex('Hello Latch'), address] })) as `0x${string}`;
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ kind: 'message', text: 'Hello Latch', account: address, origin: 'http://host.test', warnings: [] });
    expect(await recoverMessageAddress({ message: 'Hello Latch', signature })).toBe(address);
  });

  it('a rejected request is never signed (4001)', async () => {
    const { p, signed } = provider(() => false);
    await expect(p.request({ method: 'personal_sign', params: [toHex('no'), address] })).rejects.toMatchObject({ code: 4001 });
    expect(signed).toEqual([]);
  });

  it('shows typed data (domain and fields) and signs it', async () => {
    const { p, asked } = provider(() => true);
    const typed = {
      domain: { name: 'Latch', version: '1', chainId: anvil.chainId },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [{ name: 'contents', type: 'string' }],
      },
      primaryType: 'Mail',
      message: { contents: 'Hi' },
    };
    const signature = (await p.request({ method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typed)] })) as `0x${string}`;
    expect(asked[0]).toMatchObject({ kind: 'typedData', title: 'Sign typed data: Mail' });
    expect(asked[0]?.rows).toEqual(
      expect.arrayContaining([
        { label: 'App', value: 'Latch' },
        { label: 'contents', value: 'Hi' },
      ]),
    );
    const { EIP712Domain: _, ...types } = typed.types;
    expect(await recoverTypedDataAddress({ ...typed, types, primaryType: 'Mail', signature })).toBe(address);
  });

  it('fills, shows, signs in the frame and broadcasts a send that lands on anvil', async () => {
    const { p, asked, signed } = provider(() => true);
    const to = '0x00000000000000000000000000000000000000A1';
    const hash = (await p.request({
      method: 'eth_sendTransaction',
      params: [{ from: address, to, value: toHex(parseEther('0.25')) }],
    })) as `0x${string}`;
    expect(signed).toEqual(['eth_signTransaction']);
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.25'));
    // What the visitor approved is what was sent: the recipient, the amount and the most the fee can be, figured from
    // the transaction as it reached the chain.
    const sent = parseTransaction(await rawOf(hash));
    const fee = (sent.gas ?? 0n) * (sent.maxFeePerGas ?? 0n);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.rows).toEqual(
      expect.arrayContaining([
        { label: 'Network', value: `Local development chain (chain ${anvil.chainId})` },
        { label: 'To', value: to },
        { label: 'Amount', value: '0.25 ETH' },
        { label: 'Network fee (at most)', value: `${formatEther(fee)} ETH` },
        { label: 'Total (at most)', value: `${formatEther(parseEther('0.25') + fee)} ETH` },
      ]),
    );
  });

  it('keeps the fee fields the app set: a legacy gasPrice on a chain with a base fee is signed as that gasPrice', async () => {
    const { p } = provider(() => true);
    const gasPrice = 3_000_000_000n;
    const raw = (await p.request({
      method: 'eth_signTransaction',
      params: [{ from: address, to: '0x00000000000000000000000000000000000000A2', value: '0x1', gasPrice: toHex(gasPrice) }],
    })) as `0x${string}`;
    const signed = parseTransaction(raw);
    expect(signed.type).toBe('legacy');
    expect(signed.gasPrice).toBe(gasPrice);
  });

  it('refuses unsupported methods (4200), foreign accounts (4100) and unknown chains (4902)', async () => {
    const { p } = provider(() => true);
    await expect(p.request({ method: 'eth_sign', params: [address, '0x00'] })).rejects.toMatchObject({ code: 4200 });
    await expect(
      p.request({ method: 'personal_sign', params: ['0x00', '0x0000000000000000000000000000000000000001'] }),
    ).rejects.toMatchObject({ code: 4100 });
    await expect(p.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })).rejects.toMatchObject({ code: 4902 });
  });

  it('refuses a method it does not answer with 4200 and tells the visitor; answers what the adapter itself asks', async () => {
    const refused: string[] = [];
    const signed: string[] = [];
    const p = createEip155Provider(address, [network], {
      rpc: async (method) => {
        signed.push(method);
        return null;
      },
      refused: (method) => refused.push(method),
    });
    for (const method of ['eth_sign', 'wallet_sendCalls', 'eth_sendUserOperation', 'wallet_grantPermissions', 'made_up_method']) {
      await expect(p.request({ method, params: [] })).rejects.toMatchObject({
        code: 4200,
        message: `Requested RPC call is not allowed: the embedded wallet does not support ${method}`,
      });
    }
    expect(refused).toEqual(['eth_sign', 'wallet_sendCalls', 'eth_sendUserOperation', 'wallet_grantPermissions', 'made_up_method']);
    // The eip155 adapter asks these on its own (token reads, disconnect): answered, never shown as refused.
    expect(await p.request({ method: 'wallet_getCapabilities', params: [address, ['0x1']] })).toEqual({});
    expect(await p.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).toBeNull();
    expect(await p.request({ method: 'eth_blockNumber' })).toMatch(/^0x/);
    expect(refused).toHaveLength(5);
    expect(signed).toEqual([]);
  });

  it('after the session ends, tells its listeners and refuses requests (4900)', async () => {
    const { p } = provider(() => true);
    const seen: unknown[] = [];
    p.on('accountsChanged', (accounts) => seen.push(accounts));
    p.end();
    expect(seen).toEqual([[]]);
    await expect(p.request({ method: 'eth_accounts' })).rejects.toMatchObject({ code: 4900 });
  });
});

/** The signed transaction as the node holds it. */
async function rawOf(hash: `0x${string}`): Promise<`0x${string}`> {
  const response = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getRawTransactionByHash', params: [hash] }),
  });
  return ((await response.json()) as { result: `0x${string}` }).result;
}
