import { signatureVerify } from '@polkadot/util-crypto';
import { formatUnits } from '@latch/kernel';
import { installMockPolkadotExtension, polkadotAddressFromUri } from '@latch/testkit';
import { describeAdapterConformance } from '@latch/testkit/conformance';
import { afterAll } from 'vitest';
import { createPolkadotAdapter } from './adapter.js';
import { createExtension, sharedLocalPolkadot, type InjectionTarget, UNIT, uri } from './test-support/polkadotFixture.js';

// A client on the run's one chopsticks node (its accounts are this file's own); every run gets a fresh adapter and extension.
const local = sharedLocalPolkadot();
const [OWNER, OTHER] = [uri('ConformanceOwner'), uri('ConformanceOther')];
const funded = local.then(async ({ chain }) => chain.fund(await polkadotAddressFromUri(OWNER, chain.ss58Format), 25n * UNIT));
afterAll(async () => (await local).chain.stop());

describeAdapterConformance('adapter-polkadot', async () => {
  const { chain, network } = await local;
  await funded;
  const owner = await polkadotAddressFromUri(OWNER, chain.ss58Format);
  const extension = await createExtension('polkadot-js', [OWNER]);
  const target: InjectionTarget = {};
  let uninstall: (() => void) | undefined;
  return {
    adapter: createPolkadotAdapter({ target }),
    network,
    wallet: {
      connectorId: 'polkadot-js',
      address: owner,
      reject: (kind, value) => extension.setFailure(kind === 'connect' ? 'rejectConnect' : 'rejectSign', value),
      disconnectFromWallet: () => extension.disconnectFromWallet(),
      async switchAccount() {
        extension.switchAccount(OTHER);
        return polkadotAddressFromUri(OTHER, chain.ss58Format);
      },
      verifySignature: async ({ message, signature, address }) => signatureVerify(message, signature, address).isValid,
      nativeBalance: async () => formatUnits(await chain.balanceOf(owner), chain.decimals),
    },
    install: () => void (uninstall = installMockPolkadotExtension(extension, target)),
    async teardown() {
      uninstall?.();
    },
  };
});
