import { address, createSolanaRpc, getBase58Encoder, getPublicKeyFromAddress, verifySignature, type SignatureBytes } from '@solana/kit';
import { formatUnits } from '@latch/kernel';
import { describeAdapterConformance } from '@latch/testkit/conformance';
import { createSolanaAdapter } from './adapter.js';
import { CONNECTOR_ID, addressOf, createWallet, seed, startLocalSolana } from './test-support/solanaFixture.js';
import { createRegistrations } from './test-support/standardWallets.js';

// The shared ChainAdapter contract, against a real LiteSVM RPC and the testkit's Wallet Standard wallet.
describeAdapterConformance('adapter-solana', async () => {
  const local = await startLocalSolana();
  const [owner, other] = [seed(0x41), seed(0x42)];
  const wallet = await createWallet(local, { seedHex: owner });
  const registrations = createRegistrations();
  const rpc = createSolanaRpc(local.rpc.rpcUrl);
  return {
    adapter: createSolanaAdapter(),
    network: local.network,
    wallet: {
      connectorId: CONNECTOR_ID,
      address: await addressOf(owner),
      reject: (kind, value) => wallet.setFailure(kind === 'connect' ? 'rejectConnect' : 'rejectSign', value),
      disconnectFromWallet: () => wallet.disconnectFromWallet(),
      async switchAccount() {
        await wallet.switchAccount(other);
        return addressOf(other);
      },
      async verifySignature({ message, signature, address: signer }) {
        const key = await getPublicKeyFromAddress(address(signer));
        return verifySignature(key, getBase58Encoder().encode(signature) as SignatureBytes, new TextEncoder().encode(message));
      },
      async nativeBalance() {
        const { value } = await rpc.getBalance(address(await addressOf(owner))).send();
        return formatUnits(value, 9);
      },
    },
    install: () => void registrations.register(wallet),
    async teardown() {
      registrations.clear();
      await local.stop();
    },
  };
});
