import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { base64, hex } from '@scure/base';
import type { BitcoinNetworkName } from './bitcoinNetworks.js';
import type { WalletCore, WalletCoreSnapshot } from './walletCore.js';
import { invalidParams, toStandardError } from './walletError.js';
import { signPsbtInputs } from './walletTransfer.js';

const SIGN_FEATURES = ['bitcoin:signMessage', 'bitcoin:signTransaction'] as const;

/** The Bitcoin Wallet Standard chain of a sats-connect network name (the standard names mainnet, testnet and regtest). */
export function standardChainOf(network: BitcoinNetworkName): `bitcoin:${string}` {
  if (network === 'Mainnet') return 'bitcoin:mainnet';
  return network === 'Regtest' ? 'bitcoin:regtest' : 'bitcoin:testnet';
}

/** Runs a feature; every failure leaves as an Error with a code (4001 for a refusal), as extensions throw them. */
async function feature<T>(run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toStandardError(error);
  }
}

function bytesOf(value: unknown, what: string): Uint8Array {
  if (value instanceof Uint8Array) return value;
  throw invalidParams(`${what} must be a Uint8Array`);
}

/**
 * The wallet's Bitcoin Wallet Standard face: `bitcoin:connect` (payment and ordinals accounts, in the order asked),
 * `bitcoin:signMessage` (BIP-322), `bitcoin:signTransaction` (PSBT), `standard:events` and `standard:disconnect`.
 */
export function createStandardWallet(core: WalletCore): Wallet {
  const cache = new Map<string, WalletAccount>();
  // The same account object for the same address and chain, as wallets keep them.
  const accountOf = (address: string, publicKey: string, network: BitcoinNetworkName): WalletAccount => {
    const chain = standardChainOf(network);
    const key = `${chain}:${address}`;
    let account = cache.get(key);
    if (!account) {
      account = Object.freeze({ address, publicKey: hex.decode(publicKey), chains: [chain], features: [...SIGN_FEATURES] });
      cache.set(key, account);
    }
    return account;
  };
  type Snapshot = Pick<WalletCoreSnapshot, 'network' | 'addresses'>;
  const accountsFor = (
    purposes: readonly unknown[],
    snapshot: Snapshot = { network: core.network(), addresses: core.addresses() },
  ): WalletAccount[] =>
    purposes.flatMap((purpose) => {
      const found = snapshot.addresses.find((address) => address.purpose === purpose);
      return found ? [accountOf(found.address, found.publicKey, snapshot.network)] : [];
    });

  const wallet = {
    version: '1.0.0' as const,
    name: core.info.name,
    icon: core.info.icon as Wallet['icon'],
    get chains() {
      return [standardChainOf(core.network())] as const;
    },
    get accounts(): WalletAccount[] {
      return core.authorised() ? accountsFor(['payment', 'ordinals']) : [];
    },
    features: {
      'bitcoin:connect': {
        version: '1.0.0',
        connect: (input?: { purposes?: unknown }) =>
          feature(() => {
            const purposes = input?.purposes ?? ['payment', 'ordinals'];
            if (!Array.isArray(purposes) || purposes.length === 0) throw invalidParams('purposes must be a non-empty array');
            core.grantAccess();
            return { accounts: accountsFor(purposes) };
          }),
      },
      'standard:disconnect': { version: '1.0.0', disconnect: () => feature(() => core.revoke()) },
      'standard:events': {
        version: '1.0.0',
        on(event: string, listener: (properties: { accounts?: WalletAccount[]; chains?: string[] }) => void) {
          if (event !== 'change') return () => {};
          return core.on((change, snapshot) => {
            const accounts = () => (snapshot.authorised ? accountsFor(['payment', 'ordinals'], snapshot) : []);
            if (change === 'disconnect') listener({ accounts: [] });
            else if (change === 'accounts') listener({ accounts: accounts() });
            else listener({ chains: [standardChainOf(snapshot.network)], accounts: accounts() });
          });
        },
      },
      'bitcoin:signMessage': {
        version: '1.0.0',
        signMessage: (...inputs: { account?: WalletAccount; message?: unknown }[]) =>
          feature(() =>
            inputs.map(({ account, message }) => {
              const bytes = bytesOf(message, 'message');
              const signature = core.signMessage(String(account?.address), new TextDecoder().decode(bytes));
              return { signedMessage: bytes, signature: base64.decode(signature) };
            }),
          ),
      },
      'bitcoin:signTransaction': {
        version: '1.0.0',
        signTransaction: (...inputs: { psbt?: unknown; inputsToSign?: { account?: WalletAccount; signingIndexes?: number[] }[] }[]) =>
          feature(() =>
            inputs.map(({ psbt, inputsToSign }) => {
              core.assertSigningApproved();
              let signed = bytesOf(psbt, 'psbt');
              for (const { account, signingIndexes } of inputsToSign ?? []) {
                signed = signPsbtInputs(signed, core.secretFor(String(account?.address)), signingIndexes ?? []);
              }
              return { signedPsbt: signed };
            }),
          ),
      },
    },
  };
  return wallet as unknown as Wallet;
}
