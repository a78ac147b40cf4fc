// A real WalletConnect dapp (sign-client 2.25, as UniversalProvider uses it) for the relay and wallet tests.
import type { SessionTypes } from '@walletconnect/types';
import type { WalletConnectWallet } from '@latch/testkit/walletconnect';
import { MemoryKeyValueStorage } from '@latch/testkit/walletconnect';

let dappCount = 0;

export async function startDapp(relayUrl: string) {
  process.env.IS_VITEST = 'true';
  const { SignClient } = await import('@walletconnect/sign-client');
  return SignClient.init({
    projectId: 'latch-local',
    relayUrl,
    customStoragePrefix: `latch-test-dapp-${++dappCount}-${Date.now()}`,
    storage: new MemoryKeyValueStorage(),
    telemetryEnabled: false,
    logger: 'silent',
    metadata: { name: 'Latch test dapp', description: 'Test dapp', url: 'http://127.0.0.1', icons: [] },
  });
}

export type Dapp = Awaited<ReturnType<typeof startDapp>>;

export async function closeDapp(dapp: Dapp): Promise<void> {
  dapp.core.heartbeat.stop();
  await dapp.core.relayer.transportClose();
}

/** The dapp connects with `optionalNamespaces`, the wallet pairs with the URI; resolves with the dapp's session. */
export async function connect(
  dapp: Dapp,
  wallet: WalletConnectWallet,
  optionalNamespaces: Record<string, { chains: string[]; methods: string[]; events: string[] }>,
): Promise<SessionTypes.Struct> {
  const { uri, approval } = await dapp.connect({ optionalNamespaces });
  if (!uri) throw new Error('sign-client returned no pairing URI');
  const [session] = await Promise.all([approval(), wallet.pair(uri)]);
  return session;
}

/** Resolves with what the promise settles to, or 'pending' if it has not settled after `ms`. */
export async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<{ value: T } | { error: unknown } | 'pending'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'pending'>((resolve) => {
    timer = setTimeout(() => resolve('pending'), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
