import { formatUnits } from '@latch/kernel';
import { describeAdapterConformance } from '../conformance/index.js';
import { createToyAdapter } from './adapter.js';
import { installToyWallet } from './announce.js';
import { startToyChain } from './chain.js';
import { createToyLocalnet } from './network.js';
import { TOY_NATIVE_CURRENCY } from './protocol.js';
import { ALICE_KEY, BOB_KEY, verifyToySignature } from './toy.testSupport.js';
import { createToyWallet } from './wallet.js';

// The shared ChainAdapter contract, for a namespace the kernel has never heard of: a real toy chain on 127.0.0.1 and
// a wallet with a real ed25519 key, discovered through the toy handshake on a private event target.
describeAdapterConformance('toy adapter', async () => {
  const chain = await startToyChain();
  const target = new EventTarget();
  const wallet = createToyWallet({ secretKey: ALICE_KEY, rpcUrl: chain.rpcUrl });
  const address = wallet.address;
  chain.fund(address, 1_234_567n);
  let uninstall: (() => void) | undefined;
  return {
    adapter: createToyAdapter({ target }),
    network: createToyLocalnet({ rpcUrl: chain.rpcUrl }),
    wallet: {
      connectorId: wallet.info.id,
      address,
      reject: (kind, on) => wallet.setFailure(kind === 'connect' ? 'rejectConnect' : 'rejectSign', on),
      disconnectFromWallet: () => wallet.disconnectFromWallet(),
      switchAccount: async () => wallet.switchAccount(BOB_KEY),
      verifySignature: async (request) => verifyToySignature(request),
      nativeBalance: async () => formatUnits(chain.balanceOf(address), TOY_NATIVE_CURRENCY.decimals),
    },
    install() {
      uninstall = installToyWallet(wallet, target);
    },
    async teardown() {
      uninstall?.();
      await chain.stop();
    },
  };
});
