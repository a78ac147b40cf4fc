import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LatchError } from '@latch/kernel';
import { recordingProvider } from './test-support/recordingProvider.js';
import { createWallet, mountAdapter, SECOND_CHAIN_ID, startChains, type Chains } from './test-support/walletFixture.js';

let chains: Chains;
beforeAll(async () => {
  chains = await startChains();
});
afterAll(() => chains?.stop());

async function connected(options: Parameters<typeof createWallet>[1] = {}) {
  const wallet = createWallet(chains, options);
  const recorded = recordingProvider(wallet);
  const mounted = mountAdapter(recorded.provider, [chains.mainNetwork, chains.secondNetwork]);
  await mounted.adapter.connect(mounted.connector, { network: chains.mainNetwork });
  recorded.methods.length = 0;
  const switchTo = () => mounted.adapter.switchNetwork?.(chains.secondNetwork, mounted.connector);
  return { wallet, recorded, switchTo, ...mounted };
}

describe('switchNetwork (§4)', () => {
  it('switches a wallet that knows the chain with wallet_switchEthereumChain', async () => {
    const { wallet, recorded, events, switchTo, unmount } = await connected();
    await switchTo();
    expect(wallet.chainId).toBe(SECOND_CHAIN_ID);
    expect(recorded.methods).toEqual(['wallet_switchEthereumChain']);
    expect(events).toContainEqual({ type: 'networkChanged', caipNetworkId: 'eip155:31338' });
    // Reads through the wallet now reach the second anvil.
    await expect(wallet.request({ method: 'eth_chainId' })).resolves.toBe('0x7a6a');
    unmount();
  });

  it('on 4902 adds the chain with the network definition, then ends on it', async () => {
    const { wallet, recorded, switchTo, unmount } = await connected({ knowsSecondChain: false });
    await switchTo();
    expect(wallet.chainId).toBe(SECOND_CHAIN_ID);
    expect(recorded.methods.slice(0, 2)).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain']);
    expect(recorded.paramsOf('wallet_addEthereumChain')).toEqual([
      [
        {
          chainId: '0x7a6a',
          chainName: 'Second Devnet',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: [chains.second.rpcUrl],
        },
      ],
    ]);
    const block = (await wallet.request({ method: 'eth_getBlockByNumber', params: ['latest', false] })) as { hash: string };
    const direct = await fetch(chains.second.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['latest', false] }),
    }).then((r) => r.json() as Promise<{ result: { hash: string } }>);
    expect(block.hash).toBe(direct.result.hash); // the wallet reads the added chain's RPC
    unmount();
  });

  it('adds the chain when the wallet reports 4902 even for a chain it would know', async () => {
    const { wallet, recorded, switchTo, unmount } = await connected({ failures: { unknownChainOnSwitch: true } });
    await switchTo();
    expect(wallet.chainId).toBe(SECOND_CHAIN_ID);
    expect(recorded.methods).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'eth_chainId']);
    unmount();
  });

  it('rejects with a LatchError keeping 4001 when the visitor declines the switch', async () => {
    const { wallet, switchTo, unmount } = await connected({ failures: { rejectSwitch: true } });
    const error = await Promise.resolve(switchTo()).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(LatchError);
    expect(error).toMatchObject({ code: 4001, category: 'CONNECTOR_ERROR' });
    expect(wallet.chainId).toBe(chains.main.chainId);
    unmount();
  });

  it('keeps 4001 when the visitor declines adding the chain', async () => {
    const { wallet, switchTo, unmount } = await connected({ knowsSecondChain: false, failures: { rejectAddChain: true } });
    await expect(switchTo()).rejects.toMatchObject({ name: 'LatchError', code: 4001 });
    expect(wallet.chainId).toBe(chains.main.chainId);
    unmount();
  });

  it("says 'Chain is not supported' when adding fails for another reason", async () => {
    const recorded = recordingProvider(createWallet(chains, { knowsSecondChain: false }), {
      wallet_addEthereumChain: () => Promise.reject({ code: -32602, message: 'rpcUrls unreachable' }),
    });
    const { adapter, connector, unmount } = mountAdapter(recorded.provider, [chains.mainNetwork, chains.secondNetwork]);
    await expect(adapter.switchNetwork?.(chains.secondNetwork, connector)).rejects.toMatchObject({
      message: 'Chain is not supported',
      code: -32602,
    });
    unmount();
  });
});
