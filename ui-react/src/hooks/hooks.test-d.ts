import type { CaipNetwork, CaipNetworkId, ChainNamespace, LatchError } from '@latch/kernel';
import { describe, expectTypeOf, it } from 'vitest';
import type { LatchModal, ReactModalOptions } from '../createModal.js';
import {
  createModal,
  type MutationStatus,
  useAccount,
  useDisconnect,
  useModal,
  useNetwork,
  useProvider,
  useSignMessage,
} from '../index.js';

describe('createModal (React)', () => {
  it('returns the kernel instance plus theme and preloading', () => {
    expectTypeOf(createModal).parameter(0).toEqualTypeOf<ReactModalOptions>();
    expectTypeOf(createModal).returns.toEqualTypeOf<LatchModal>();
    expectTypeOf<LatchModal['setThemeMode']>().parameter(0).toEqualTypeOf<'light' | 'dark'>();
    expectTypeOf<LatchModal>().not.toHaveProperty('store');
  });
});

describe('hooks', () => {
  it('useAccount: an address only when connected', () => {
    const account = useAccount({ namespace: 'near' });
    if (account.isConnected) expectTypeOf(account.address).toEqualTypeOf<string | undefined>();
    else expectTypeOf(account.address).toEqualTypeOf<undefined>();
    expectTypeOf(account.namespace).toEqualTypeOf<ChainNamespace | undefined>();
  });

  it("useNetwork: the wallet's network, flagged when the app did not configure it", () => {
    const network = useNetwork();
    expectTypeOf(network.isUnsupported).toEqualTypeOf<boolean>();
    expectTypeOf(network.caipNetwork).toEqualTypeOf<CaipNetwork | undefined>();
    expectTypeOf(network.caipNetworkId).toEqualTypeOf<CaipNetworkId | undefined>();
    expectTypeOf(network.switchNetwork).parameter(0).toEqualTypeOf<CaipNetwork | CaipNetworkId>();
  });

  it('useSignMessage: a signature, a status and a typed error', () => {
    const { signMessage, status, data, error, reset } = useSignMessage();
    expectTypeOf(signMessage).toBeCallableWith('hello');
    expectTypeOf(signMessage).toBeCallableWith('hello', { namespace: 'solana' });
    expectTypeOf(signMessage).returns.resolves.toEqualTypeOf<string>();
    expectTypeOf(status).toEqualTypeOf<MutationStatus>();
    expectTypeOf(data).toEqualTypeOf<string | undefined>();
    expectTypeOf(error).toEqualTypeOf<LatchError | undefined>();
    expectTypeOf(reset).toEqualTypeOf<() => void>();
  });

  it('useProvider: typed by the caller', () => {
    const { provider } = useProvider<{ request(args: { method: string }): Promise<unknown> }>('eip155');
    expectTypeOf(provider).toEqualTypeOf<{ request(args: { method: string }): Promise<unknown> } | undefined>();
  });

  it('useModal and useDisconnect', () => {
    expectTypeOf(useModal().open).toBeCallableWith({ view: 'Networks' });
    // @ts-expect-error a view that does not exist does not compile
    void useModal().open({ view: 'Nope' });
    expectTypeOf(useDisconnect().disconnect).toBeCallableWith({ namespace: 'eip155' });
    expectTypeOf(useDisconnect().disconnect).returns.resolves.toEqualTypeOf<void>();
  });
});
