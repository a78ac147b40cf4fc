import { installMockCosmosWallets, verifyAdr36Signature } from '@latch/testkit';
import { StargateClient } from '@cosmjs/stargate';
import { formatUnits } from '@latch/kernel';
import { describeAdapterConformance } from '@latch/testkit/conformance';
import { createCosmosAdapter } from './adapter.js';
import { createPage, privateKey, startLocalCosmos } from './test-support/cosmosFixture.js';

// The shared ChainAdapter contract, against the CometBFT stand-in and the testkit's Keplr-style wallet on a page.
describeAdapterConformance('adapter-cosmos', async () => {
  const local = await startLocalCosmos();
  const page = createPage();
  const wallets = [{ global: 'keplr', name: 'Conformance', mnemonicOrPrivateKey: privateKey(0x51), chains: [] }];
  let keplr: ReturnType<typeof installMockCosmosWallets>['wallets'][string] | undefined;
  // The chain derives the address from the key alone, so it is known before the wallet is installed.
  const { cosmosAddressOfPubkey, walletKeyFrom } = await import('@latch/testkit');
  const address = cosmosAddressOfPubkey((await walletKeyFrom(privateKey(0x51))).pubkey, 'cosmos');
  local.chain.fund(address, 3_141_592n);
  const wallet = () => {
    if (!keplr) throw new Error('the wallet is not installed yet');
    return keplr;
  };
  return {
    adapter: createCosmosAdapter({ window: page, reconnectTimeoutMs: 300, broadcastPollIntervalMs: 20 }),
    network: local.network,
    wallet: {
      connectorId: 'keplr',
      address,
      reject: (kind, value) => wallet().setFailure(kind === 'connect' ? 'rejectConnect' : 'rejectSign', value),
      disconnectFromWallet: () => wallet().disconnectFromWallet(),
      async switchAccount() {
        await wallet().switchAccount(privateKey(0x52));
        return wallet().addressFor(local.chain.chainId);
      },
      verifySignature: async ({ message, signature, address: signer }) => verifyAdr36Signature({ signer, data: message, signature }),
      async nativeBalance() {
        const client = await StargateClient.connect(local.chain.rpcUrl);
        const { amount } = await client.getBalance(address, local.chain.denom);
        client.disconnect();
        return formatUnits(BigInt(amount), 6);
      },
    },
    install() {
      keplr = installMockCosmosWallets({ target: page, wallets }).wallets.keplr;
      page.dispatchEvent(new Event('load')); // the extension injected before the page finished loading
    },
    teardown: () => local.stop(),
  };
});
