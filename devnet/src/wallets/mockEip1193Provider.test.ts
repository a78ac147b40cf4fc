import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  http,
  parseEther,
  parseUnits,
  verifyMessage,
  verifyTypedData,
  type Address,
  type Hex,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAnvil, type AnvilFixture, type BareAnvilFixture } from '../anvil.js';
import { createMockEip1193Provider } from '@latch/testkit';
import type { MockWalletOptions } from '@latch/testkit';

let chainA: AnvilFixture;
let chainB: BareAnvilFixture;

beforeAll(async () => {
  [chainA, chainB] = await Promise.all([startAnvil(), startAnvil({ chainId: 31338, deploy: false })]);
});
afterAll(async () => {
  await Promise.all([chainA?.stop(), chainB?.stop()]);
});

function account(index: number) {
  const found = chainA.accounts[index];
  if (!found) throw new Error(`no anvil account ${index}`);
  return found;
}

function wallet(accountIndex: number, overrides: Partial<MockWalletOptions> = {}) {
  return createMockEip1193Provider({
    privateKey: account(accountIndex).privateKey,
    chains: [
      { chainId: chainA.chainId, rpcUrl: chainA.rpcUrl, name: 'Anvil A' },
      { chainId: chainB.chainId, rpcUrl: chainB.rpcUrl, name: 'Anvil B' },
    ],
    chainId: chainA.chainId,
    ...overrides,
  });
}

async function connected(accountIndex: number, overrides: Partial<MockWalletOptions> = {}) {
  const provider = wallet(accountIndex, overrides);
  await provider.request({ method: 'eth_requestAccounts' });
  return provider;
}

const rejection = (code: number, message?: string) => expect.objectContaining({ code, ...(message ? { message } : {}) });

describe('connecting', () => {
  it('answers no accounts until connected, then the checksummed address, emitting connect and accountsChanged once', async () => {
    const provider = wallet(0);
    const onConnect = vi.fn();
    const onAccounts = vi.fn();
    provider.on('connect', onConnect).on('accountsChanged', onAccounts);

    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
    expect(await provider.request({ method: 'net_version' })).toBe('31337');

    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([account(0).address]);
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([account(0).address]);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([account(0).address]);
    expect(onConnect.mock.calls).toEqual([[{ chainId: '0x7a69' }]]);
    expect(onAccounts.mock.calls).toEqual([[[account(0).address]]]);
  });

  it('rejects with 4001 while rejectConnect is on, and stays disconnected', async () => {
    const provider = wallet(0, { failures: { rejectConnect: true } });
    const request = provider.request({ method: 'eth_requestAccounts' });
    await expect(request).rejects.toBeInstanceOf(Error);
    await expect(request).rejects.toEqual(rejection(4001, 'User rejected the request.'));
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);

    provider.setFailure('rejectConnect', false);
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([account(0).address]);
  });

  it('emitDisconnect emits disconnect (4900) and forgets the connection', async () => {
    const provider = await connected(0);
    const onDisconnect = vi.fn();
    provider.on('disconnect', onDisconnect);
    provider.emitDisconnect();
    expect(onDisconnect).toHaveBeenCalledWith(rejection(4900));
    expect(provider.connected).toBe(false);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
  });

  it('wallet_revokePermissions disconnects with accountsChanged([]); removed listeners hear nothing', async () => {
    const provider = await connected(0);
    const heard = vi.fn();
    const removed = vi.fn();
    provider.on('accountsChanged', heard).on('accountsChanged', removed).removeListener('accountsChanged', removed);
    expect(await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).toBeNull();
    expect(heard).toHaveBeenCalledWith([]);
    expect(removed).not.toHaveBeenCalled();
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
  });
});

describe('signing with the real key', () => {
  it('refuses to sign before connecting (4100)', async () => {
    await expect(wallet(0).request({ method: 'personal_sign', params: ['0x68690a', account(0).address] })).rejects.toEqual(rejection(4100));
  });

  it('personal_sign returns an EIP-191 signature that viem verifies, for hex and text messages', async () => {
    const provider = await connected(0);
    const hexSignature = (await provider.request({ method: 'personal_sign', params: ['0x48656c6c6f', account(0).address] })) as Hex;
    expect(await verifyMessage({ address: account(0).address, message: 'Hello', signature: hexSignature })).toBe(true);
    const textSignature = (await provider.request({ method: 'personal_sign', params: ['Sign in to Latch', account(0).address] })) as Hex;
    expect(await verifyMessage({ address: account(0).address, message: 'Sign in to Latch', signature: textSignature })).toBe(true);
    expect(await verifyMessage({ address: account(1).address, message: 'Sign in to Latch', signature: textSignature })).toBe(false);
  });

  it('rejectSign answers 4001; a foreign address answers 4100', async () => {
    const provider = await connected(0);
    await expect(provider.request({ method: 'personal_sign', params: ['0x00', account(1).address] })).rejects.toEqual(rejection(4100));
    provider.setFailure('rejectSign', true);
    await expect(provider.request({ method: 'personal_sign', params: ['0x00', account(0).address] })).rejects.toEqual(
      rejection(4001, 'User rejected the request.'),
    );
  });

  it('eth_signTypedData_v4 returns an EIP-712 signature that viem verifies', async () => {
    const provider = await connected(0);
    const typedData = {
      domain: { name: 'Latch', version: '1', chainId: 31337, verifyingContract: chainA.contracts.token },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'amount', type: 'uint256' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      message: { to: account(1).address, amount: '1000', contents: 'Hello' },
    } as const;
    const signature = (await provider.request({
      method: 'eth_signTypedData_v4',
      params: [account(0).address, JSON.stringify(typedData)],
    })) as Hex;
    const { EIP712Domain: _domainType, ...types } = typedData.types;
    const verified = await verifyTypedData({
      address: account(0).address,
      domain: typedData.domain,
      types,
      primaryType: 'Mail',
      message: { ...typedData.message, amount: 1000n },
      signature,
    });
    expect(verified).toBe(true);
  });

  it('answers 4200 for signing methods it does not offer and for unknown wallet_ methods', async () => {
    const provider = await connected(0);
    await expect(provider.request({ method: 'eth_sign', params: [account(0).address, '0x00'] })).rejects.toEqual(rejection(4200));
    await expect(provider.request({ method: 'wallet_sendCalls', params: [{}] })).rejects.toEqual(rejection(4200));
  });
});

describe('transactions and reads against the chain', () => {
  const client = () => createPublicClient({ transport: http(chainA.rpcUrl) });

  it('eth_sendTransaction signs locally and moves real ETH', async () => {
    const provider = await connected(4);
    const [sender, recipient] = [account(4).address, account(6).address];
    const before = await Promise.all([client().getBalance({ address: sender }), client().getBalance({ address: recipient })]);
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: sender, to: recipient, value: `0x${parseEther('1.5').toString(16)}` }],
    })) as Hex;
    const receipt = await client().waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe('success');
    expect(receipt.from).toBe(sender.toLowerCase());
    expect(await client().getBalance({ address: recipient })).toBe(before[1] + parseEther('1.5'));
    expect(await client().getBalance({ address: sender })).toBe(
      before[0] - parseEther('1.5') - receipt.gasUsed * receipt.effectiveGasPrice,
    );
  });

  it('eth_sendTransaction with encoded calldata transfers ERC-20 tokens', async () => {
    const provider = await connected(1);
    const token = { address: chainA.contracts.token, abi: erc20Abi } as const;
    const balanceOf = (address: Address) => client().readContract({ ...token, functionName: 'balanceOf', args: [address] });
    const before = await balanceOf(account(7).address);
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [account(7).address, parseUnits('250', 18)] });
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: account(1).address, to: token.address, data }],
    })) as Hex;
    expect((await client().waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success');
    expect(await balanceOf(account(7).address)).toBe(before + parseUnits('250', 18));
    expect(await balanceOf(account(1).address)).toBe(parseUnits('750', 18));
  });

  it('eth_sendTransaction refuses another from address (4100) and relays the node error when funds are short', async () => {
    const provider = await connected(5);
    await expect(
      provider.request({ method: 'eth_sendTransaction', params: [{ from: account(0).address, to: account(1).address }] }),
    ).rejects.toEqual(rejection(4100));
    const tooMuch = `0x${parseEther('20000').toString(16)}`;
    const overspend = provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: account(5).address, to: account(1).address, value: tooMuch }],
    });
    await expect(overspend).rejects.toEqual(rejection(-32003, 'Insufficient funds for gas * price + value'));
  });

  it('forwards reads to the node and relays its JSON-RPC errors with their code', async () => {
    const provider = wallet(0);
    expect(await provider.request({ method: 'eth_getBalance', params: [account(9).address, 'latest'] })).toBe(
      `0x${parseEther('10000').toString(16)}`,
    );
    expect(await provider.request({ method: 'eth_blockNumber' })).toMatch(/^0x[0-9a-f]+$/);
    await expect(provider.request({ method: 'no_such_method' })).rejects.toEqual(rejection(-32601));
    await expect(provider.request({ method: 'eth_getBalance', params: ['not an address', 'latest'] })).rejects.toEqual(rejection(-32602));
  });
});

describe('switching chains', () => {
  const tokenCode = (provider: ReturnType<typeof wallet>) =>
    provider.request({ method: 'eth_getCode', params: [chainA.contracts.token, 'latest'] });

  it('switches to a known chain, emits chainChanged and sends reads and transactions to its RPC', async () => {
    const provider = await connected(8);
    const onChain = vi.fn();
    provider.on('chainChanged', onChain);
    expect(await tokenCode(provider)).not.toBe('0x');

    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })).toBeNull();
    expect(onChain.mock.calls).toEqual([['0x7a6a']]);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a');
    expect(await tokenCode(provider)).toBe('0x');

    const hash = (await provider.request({ method: 'eth_sendTransaction', params: [{ to: account(9).address, value: '0x1' }] })) as Hex;
    const onB = createPublicClient({ transport: http(chainB.rpcUrl) });
    expect((await onB.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success');
  });

  it('answers 4902 for an unknown chain, and for any chain when unknownChainOnSwitch is on', async () => {
    const provider = await connected(0);
    const onChain = vi.fn();
    provider.on('chainChanged', onChain);
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })).rejects.toEqual(
      rejection(4902, 'Unrecognized chain ID "0x1". Try adding the chain using wallet_addEthereumChain first.'),
    );
    provider.setFailure('unknownChainOnSwitch', true);
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })).rejects.toEqual(
      rejection(4902),
    );
    expect(onChain).not.toHaveBeenCalled();
    expect(provider.chainId).toBe(31337);
  });

  it('answers 4001 when rejectSwitch is on and stays on its chain', async () => {
    const provider = await connected(0, { failures: { rejectSwitch: true } });
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })).rejects.toEqual(
      rejection(4001),
    );
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
  });

  it('wallet_addEthereumChain adds the chain with rpcUrls[0] and switches to it; later switches work', async () => {
    const provider = await connected(0, { chains: [{ chainId: chainA.chainId, rpcUrl: chainA.rpcUrl }] });
    const onChain = vi.fn();
    provider.on('chainChanged', onChain);
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })).rejects.toEqual(
      rejection(4902),
    );

    const added = {
      chainId: '0x7a6a',
      chainName: 'Anvil B',
      rpcUrls: [chainB.rpcUrl],
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    };
    expect(await provider.request({ method: 'wallet_addEthereumChain', params: [added] })).toBeNull();
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a');
    expect(await tokenCode(provider)).toBe('0x');

    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] });
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] });
    expect(onChain.mock.calls).toEqual([['0x7a6a'], ['0x7a69'], ['0x7a6a']]);
  });

  it('switchChainFromWallet emits chainChanged without a dapp request; unknown chains throw', async () => {
    const provider = await connected(0);
    const onChain = vi.fn();
    provider.on('chainChanged', onChain);
    provider.switchChainFromWallet(31338);
    expect(onChain).toHaveBeenCalledWith('0x7a6a');
    expect(() => provider.switchChainFromWallet(1)).toThrow(/not known/);
  });

  it('switchAccountFromWallet moves the session to another key: accountsChanged, then reads and signatures use it', async () => {
    const provider = await connected(0);
    const onAccounts = vi.fn();
    provider.on('accountsChanged', onAccounts);
    const next = chainA.accounts[2]!;
    expect(provider.switchAccountFromWallet(next.privateKey)).toBe(next.address);
    expect(onAccounts).toHaveBeenCalledWith([next.address]);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([next.address]);
    const signature = (await provider.request({ method: 'personal_sign', params: ['0x6869', next.address] })) as `0x${string}`;
    expect(await verifyMessage({ address: next.address, message: { raw: '0x6869' }, signature })).toBe(true);
  });
});
