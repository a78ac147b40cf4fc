import { createMockEip1193Provider } from '../mockWallet/provider.js';
import type { MockEip1193Provider } from '../mockWallet/types.js';
import { createMockSolanaWallet } from '../solanaWallet/mockSolanaWallet.js';
import type { MockSolanaWallet } from '../solanaWallet/types.js';
import { createToyWallet } from '../toy/wallet.js';
import type { ToyWallet } from '../toy/walletTypes.js';
import type { SharedSessionWalletOptions, SharedWalletNamespace, SharedWalletProviders } from './types.js';
import { providerNames, SHARED_WALLET_NAMESPACES } from './walletInfo.js';

/**
 * One namespace of a shared-session wallet: its provider (the same mock an extension would use) and the few things
 * the session does to it, each in the provider's own terms.
 */
export interface NamespaceHandle {
  readonly namespace: SharedWalletNamespace;
  readonly provider: unknown;
  /** The site is authorised as part of the approved session (the proposal was the prompt). */
  authorise(): Promise<void>;
  /** Whether the provider still holds the site's authorisation, read without any prompt. */
  isAuthorised(): Promise<boolean>;
  /** The dapp ended the session: the provider forgets the site. */
  deauthorise(): Promise<void>;
  /** The user ended the session in the wallet: the provider's own wallet-side disconnect, with its events. */
  endFromWallet(): void;
  setRejectSign(value: boolean): void;
}

function eip155Handle(provider: MockEip1193Provider): NamespaceHandle {
  return {
    namespace: 'eip155',
    provider,
    authorise: async () => void (await provider.request({ method: 'eth_requestAccounts' })),
    isAuthorised: async () => ((await provider.request({ method: 'eth_accounts' })) as unknown[]).length > 0,
    deauthorise: async () => void (await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })),
    endFromWallet: () => provider.emitDisconnect(),
    setRejectSign: (value) => provider.setFailure('rejectSign', value),
  };
}

function solanaHandle(wallet: MockSolanaWallet): NamespaceHandle {
  const { 'standard:connect': connect, 'standard:disconnect': disconnect } = wallet.features;
  return {
    namespace: 'solana',
    provider: wallet,
    authorise: async () => void (await connect.connect()),
    isAuthorised: async () => (await connect.connect({ silent: true })).accounts.length > 0,
    deauthorise: () => disconnect.disconnect(),
    endFromWallet: () => wallet.disconnectFromWallet(),
    setRejectSign: (value) => wallet.setFailure('rejectSign', value),
  };
}

function toyHandle(wallet: ToyWallet): NamespaceHandle {
  return {
    namespace: 'toy',
    provider: wallet,
    authorise: async () => void (await wallet.connect()),
    isAuthorised: async () => (await wallet.getAccount()) !== null,
    deauthorise: () => wallet.disconnect(),
    endFromWallet: () => wallet.disconnectFromWallet(),
    setRejectSign: (value) => wallet.setFailure('rejectSign', value),
  };
}

/**
 * Builds one provider per namespace the options give a key for, each persisting its authorisation under a name
 * derived from the wallet id (so a reloaded page finds the same wallet state). Handles come in `SHARED_WALLET_NAMESPACES` order.
 */
export function createNamespaceProviders(
  walletId: string,
  options: SharedSessionWalletOptions,
): { providers: Readonly<SharedWalletProviders>; handles: readonly NamespaceHandle[] } {
  const names = providerNames(walletId);
  const providers: SharedWalletProviders = {};
  if (options.eip155) {
    const { privateKey, chains, chainId } = options.eip155;
    providers.eip155 = createMockEip1193Provider({ privateKey, chains, chainId, rdns: names.eip155 });
  }
  if (options.solana) {
    const { secretKeySeed, chains } = options.solana;
    providers.solana = createMockSolanaWallet({ secretKeySeed, chains, name: names.solana });
  }
  if (options.toy) {
    const { secretKey, rpcUrl } = options.toy;
    providers.toy = createToyWallet({ secretKey, rpcUrl, id: names.toy });
  }
  const handles = SHARED_WALLET_NAMESPACES.flatMap((namespace): NamespaceHandle[] => {
    if (namespace === 'eip155') return providers.eip155 ? [eip155Handle(providers.eip155)] : [];
    if (namespace === 'solana') return providers.solana ? [solanaHandle(providers.solana)] : [];
    return providers.toy ? [toyHandle(providers.toy)] : [];
  });
  return { providers: Object.freeze(providers), handles };
}
