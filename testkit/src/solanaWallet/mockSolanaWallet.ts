import { getAddressEncoder, type KeyPairSigner } from '@solana/kit';
import {
  SolanaSignAndSendTransaction,
  SolanaSignIn,
  SolanaSignMessage,
  SolanaSignTransaction,
  type SolanaTransactionVersion,
} from '@solana/wallet-standard-features';
import type { WalletAccount, WalletIcon } from '@wallet-standard/base';
import {
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
  type StandardEventsChangeProperties,
  type StandardEventsListeners,
} from '@wallet-standard/features';
import { ReadonlyWalletAccount } from '@wallet-standard/wallet';
import { createAuthorisationStore } from './authorisationStore.js';
import { signAndSendTransactions, signIns, signMessages, signTransactions, type SigningSession } from './signingFeatures.js';
import type {
  MockSolanaWallet,
  MockSolanaWalletFailures,
  MockSolanaWalletFeatures,
  MockSolanaWalletOptions,
  SolanaChainId,
} from './types.js';
import { notAuthorized, userRejected } from './walletError.js';
import { keyPairFromSeed } from './walletKey.js';
import { MOCK_SOLANA_WALLET_ICON, MOCK_SOLANA_WALLET_NAME } from './walletNames.js';

export type { MockSolanaWallet, MockSolanaWalletChain, MockSolanaWalletFailures, MockSolanaWalletOptions } from './types.js';

const TRANSACTION_VERSIONS: readonly SolanaTransactionVersion[] = Object.freeze(['legacy', 0] as const);
const ACCOUNT_FEATURES = Object.freeze([SolanaSignAndSendTransaction, SolanaSignTransaction, SolanaSignMessage, SolanaSignIn] as const);
const ICON_PATTERN = /^data:image\/(svg\+xml|webp|png|gif);base64,[A-Za-z0-9+/]+=*$/;

function walletIcon(icon: string | undefined): WalletIcon {
  if (icon === undefined) return MOCK_SOLANA_WALLET_ICON;
  if (!ICON_PATTERN.test(icon)) throw new Error('mock Solana wallet: icon must be a base64 data: URI (svg+xml, webp, png or gif)');
  return icon as WalletIcon;
}

/**
 * A Wallet Standard Solana wallet backed by a real ed25519 key: it signs messages, transactions and Sign In With
 * Solana locally and sends through the chain's RPC. Works in Node and in the browser.
 */
export function createMockSolanaWallet(options: MockSolanaWalletOptions): MockSolanaWallet {
  const name = options.name ?? MOCK_SOLANA_WALLET_NAME;
  const icon = walletIcon(options.icon);
  const chainIds = Object.freeze(options.chains.map((entry) => entry.chain)) as readonly SolanaChainId[];
  const chains = Object.freeze(options.chains.map((entry) => Object.freeze({ ...entry })));
  const failures: MockSolanaWalletFailures = { rejectConnect: false, rejectSign: false, ...options.failures };
  const authorisation = createAuthorisationStore(name);
  const listeners = new Set<StandardEventsListeners['change']>();

  let pendingKey: Promise<KeyPairSigner> = keyPairFromSeed(options.secretKeySeed);
  let current: { signer: KeyPairSigner; account: WalletAccount } | undefined;
  // An unhandled rejection would surface at creation; a bad seed is reported by the first call instead.
  pendingKey.catch(() => undefined);

  const accountFor = (signer: KeyPairSigner): WalletAccount =>
    new ReadonlyWalletAccount({
      address: signer.address,
      publicKey: new Uint8Array(getAddressEncoder().encode(signer.address)),
      chains: [...chainIds],
      features: [...ACCOUNT_FEATURES],
    });

  async function resolveAccount(): Promise<{ signer: KeyPairSigner; account: WalletAccount }> {
    for (;;) {
      const keyRequest = pendingKey;
      const signer = await keyRequest;
      if (keyRequest !== pendingKey) continue; // switchAccount ran meanwhile: the newer key wins
      if (current?.signer !== signer) current = { signer, account: accountFor(signer) };
      return current;
    }
  }

  function emitChange(properties: StandardEventsChangeProperties): void {
    for (const listener of [...listeners]) {
      try {
        listener(properties);
      } catch (error) {
        console.error('mock Solana wallet: a change listener threw', error);
      }
    }
  }

  function connectedAccounts(): readonly WalletAccount[] {
    return authorisation.read() && current ? [current.account] : [];
  }

  async function authorise(): Promise<{ account: WalletAccount; signer: KeyPairSigner }> {
    const resolved = await resolveAccount();
    const wasAuthorised = authorisation.read();
    authorisation.write(true);
    if (!wasAuthorised) emitChange({ accounts: [resolved.account] });
    return resolved;
  }

  function forget(): void {
    if (!authorisation.read()) return;
    authorisation.write(false);
    emitChange({ accounts: [] });
  }

  const session: SigningSession = {
    chains,
    failures,
    isAuthorised: () => authorisation.read(),
    currentAccount: async () => (await resolveAccount()).account,
    authorise,
    async signerFor(account) {
      const resolved = await resolveAccount();
      if (!authorisation.read() || account.address !== resolved.account.address) throw notAuthorized();
      return resolved.signer;
    },
  };

  const features: MockSolanaWalletFeatures = {
    [StandardConnect]: {
      version: '1.0.0',
      async connect(input) {
        if (input?.silent) {
          if (!authorisation.read()) return { accounts: [] };
          await resolveAccount();
          return { accounts: connectedAccounts() };
        }
        if (failures.rejectConnect) throw userRejected();
        await authorise();
        return { accounts: connectedAccounts() };
      },
    },
    [StandardDisconnect]: {
      version: '1.0.0',
      async disconnect() {
        forget();
      },
    },
    [StandardEvents]: {
      version: '1.0.0',
      on(event, listener) {
        if (event !== 'change') return () => undefined;
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    [SolanaSignMessage]: { version: '1.0.0', signMessage: (...inputs) => signMessages(session, inputs) },
    [SolanaSignTransaction]: {
      version: '1.0.0',
      supportedTransactionVersions: TRANSACTION_VERSIONS,
      signTransaction: (...inputs) => signTransactions(session, inputs),
    },
    [SolanaSignAndSendTransaction]: {
      version: '1.0.0',
      supportedTransactionVersions: TRANSACTION_VERSIONS,
      signAndSendTransaction: (...inputs) => signAndSendTransactions(session, inputs),
    },
    [SolanaSignIn]: { version: '1.0.0', signIn: (...inputs) => signIns(session, inputs) },
  };

  return {
    version: '1.0.0',
    name,
    icon,
    chains: chainIds,
    features,
    get accounts() {
      return connectedAccounts();
    },
    setFailure(failure, value) {
      failures[failure] = value;
    },
    disconnectFromWallet: forget,
    async switchAccount(secretKeySeed) {
      pendingKey = keyPairFromSeed(secretKeySeed);
      const resolved = await resolveAccount();
      if (authorisation.read()) emitChange({ accounts: [resolved.account] });
    },
  };
}
