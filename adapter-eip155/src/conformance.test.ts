import { formatUnits } from '@latch/kernel';
import { createMockEip1193Provider, MOCK_WALLET_INFO } from '@latch/testkit';
import { startAnvil } from '@latch/devnet';
import { describeAdapterConformance } from '@latch/testkit/conformance';
import { verifyMessage } from 'viem';
import { createEip155Adapter } from './adapter.js';
import { createDevnet } from './networks/devnet.js';

// The shared ChainAdapter contract, against a real anvil and the testkit's EIP-6963 wallet.
describeAdapterConformance('adapter-eip155', async () => {
  const anvil = await startAnvil({ deploy: false });
  const account = anvil.accounts[0]!;
  const target = new EventTarget();
  const provider = createMockEip1193Provider({
    privateKey: account.privateKey,
    chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
    chainId: anvil.chainId,
    rdns: MOCK_WALLET_INFO.rdns,
  });
  const announce = () =>
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: MOCK_WALLET_INFO, provider }) }));
  return {
    adapter: createEip155Adapter({ target, isMobile: () => false }),
    network: createDevnet({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId }),
    wallet: {
      connectorId: MOCK_WALLET_INFO.rdns,
      address: account.address,
      reject: (kind, value) => provider.setFailure(kind === 'connect' ? 'rejectConnect' : 'rejectSign', value),
      disconnectFromWallet: () => provider.emitDisconnect(),
      switchAccount: async () => provider.switchAccountFromWallet(anvil.accounts[1]!.privateKey),
      verifySignature: ({ message, signature, address }) =>
        verifyMessage({ address: address as `0x${string}`, message, signature: signature as `0x${string}` }),
      async nativeBalance() {
        const response = await fetch(anvil.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [account.address, 'latest'] }),
        });
        return formatUnits(BigInt(((await response.json()) as { result: string }).result), 18);
      },
    },
    install() {
      announce();
      target.addEventListener('eip6963:requestProvider', announce);
    },
    teardown: () => anvil.stop(),
  };
});
