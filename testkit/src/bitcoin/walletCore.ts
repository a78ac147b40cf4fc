import { sha256 } from '@scure/btc-signer/utils.js';
import { hex } from '@scure/base';
import { BITCOIN_NETWORKS, type BitcoinNetworkName, type BitcoinNetworkParams, isBitcoinNetworkName } from './bitcoinNetworks.js';
import { signBip322Simple } from './bip322.js';
import { createAuthorisationStore } from './authorisationStore.js';
import type { MockBitcoinAddress, MockBitcoinWalletFailure, MockBitcoinWalletInfo, MockBitcoinWalletOptions } from './types.js';
import { fetchBalance } from './walletEsplora.js';
import { invalidParams, unauthorised, userRejected } from './walletError.js';
import { type OrdinalsKey, ordinalsKeyOf, type PaymentKey, paymentKeyOf, secretKeyBytes } from './walletKeys.js';
import { providerPathFor, MOCK_BITCOIN_WALLET_INFO } from './walletInfo.js';
import { type Recipient, sendFromPaymentKey } from './walletTransfer.js';

/** What the wallet itself announces; each front end (sats-connect, Wallet Standard) turns it into its own events. */
export type WalletCoreEvent = 'accounts' | 'network' | 'disconnect';

/** The wallet as it was when an event happened (listeners run later). */
export interface WalletCoreSnapshot {
  readonly network: BitcoinNetworkName;
  readonly addresses: readonly MockBitcoinAddress[];
  readonly authorised: boolean;
}

const DATA_SVG_URI = /^data:image\/svg\+xml[;,]/;
const PROVIDER_PATH = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

/** The ordinals key a wallet gets when none is given: fixed, and different from the payment key. */
export const defaultOrdinalsKey = (paymentKey: string) =>
  hex.encode(sha256(new TextEncoder().encode(`latch-ordinals:${hex.encode(secretKeyBytes(paymentKey))}`)));

export type WalletCore = ReturnType<typeof createWalletCore>;

/** The wallet's keys, network, authorisation and test switches, shared by its sats-connect and Wallet Standard faces. */
export function createWalletCore(options: MockBitcoinWalletOptions) {
  const id = options.id ?? MOCK_BITCOIN_WALLET_INFO.id;
  const info: MockBitcoinWalletInfo = Object.freeze({
    id,
    name: options.name ?? MOCK_BITCOIN_WALLET_INFO.name,
    icon: options.icon ?? MOCK_BITCOIN_WALLET_INFO.icon,
    providerPath: options.providerPath ?? providerPathFor(id),
  });
  if (!DATA_SVG_URI.test(info.icon)) throw new TypeError('A mock Bitcoin wallet icon must be a data:image/svg+xml URI');
  if (!PROVIDER_PATH.test(info.providerPath)) throw new TypeError(`Not a window path: ${info.providerPath}`);
  if (typeof options.esploraUrl !== 'string' || !/^https?:\/\//.test(options.esploraUrl))
    throw new TypeError('esploraUrl must be an http(s) URL');
  let network: BitcoinNetworkName = options.network ?? 'Regtest';
  if (!isBitcoinNetworkName(network)) throw new TypeError(`Unknown Bitcoin network: ${String(network)}`);
  let secrets = { payment: options.paymentKey, ordinals: options.ordinalsKey ?? defaultOrdinalsKey(options.paymentKey) };
  let keys: { payment: PaymentKey; ordinals: OrdinalsKey };
  const params = (): BitcoinNetworkParams => BITCOIN_NETWORKS[network].params;
  const deriveKeys = () =>
    (keys = { payment: paymentKeyOf(secrets.payment, params()), ordinals: ordinalsKeyOf(secrets.ordinals, params()) });
  deriveKeys();
  const authorisation = createAuthorisationStore(info.id);
  const failures: Record<MockBitcoinWalletFailure, boolean> = { rejectConnect: false, rejectSign: false, ...options.failures };
  type Listener = (event: WalletCoreEvent, snapshot: WalletCoreSnapshot) => void;
  const listeners = new Set<Listener>();
  // Listeners run after the current call returns, as an extension's events arrive from another process.
  const emit = (event: WalletCoreEvent) => {
    const snapshot = { network, addresses: core.addresses(), authorised: authorisation.read() };
    for (const listener of [...listeners]) queueMicrotask(() => listeners.has(listener) && listener(event, snapshot));
  };

  const core = {
    info,
    network: () => network,
    params,
    keys: () => keys,
    authorised: () => authorisation.read(),
    addresses(): MockBitcoinAddress[] {
      const { payment, ordinals } = keys;
      return [
        { address: payment.address, publicKey: payment.publicKey, purpose: 'payment', addressType: 'p2wpkh', walletType: 'software' },
        { address: ordinals.address, publicKey: ordinals.publicKey, purpose: 'ordinals', addressType: 'p2tr', walletType: 'software' },
      ];
    },
    /** The visitor's answer to a connection prompt: granted unless the test makes the wallet decline. */
    grantAccess(): void {
      if (failures.rejectConnect) throw userRejected();
      authorisation.write(true);
    },
    revoke: () => authorisation.write(false),
    assertAuthorised(): void {
      if (!authorisation.read()) throw unauthorised();
    },
    /** The visitor's answer to a signing prompt. */
    assertSigningApproved(): void {
      core.assertAuthorised();
      if (failures.rejectSign) throw userRejected();
    },
    secretFor(address: string): Uint8Array {
      if (address === keys.payment.address) return keys.payment.secret;
      if (address === keys.ordinals.address) return keys.ordinals.secret;
      throw invalidParams(`${address} is not an address of this wallet`);
    },
    signMessage(address: string, message: string): string {
      if (typeof message !== 'string') throw invalidParams('the message must be a string');
      core.assertAuthorised();
      const secret = core.secretFor(address);
      core.assertSigningApproved();
      return signBip322Simple(secret, address, message, params());
    },
    sendTransfer(recipients: readonly Recipient[]): Promise<string> {
      core.assertSigningApproved();
      return sendFromPaymentKey(keys.payment, recipients, options.esploraUrl, params());
    },
    balance: () => fetchBalance(options.esploraUrl, keys.payment.address),
    on(listener: Listener): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    setFailure(failure: MockBitcoinWalletFailure, on: boolean): void {
      if (!Object.hasOwn(failures, failure)) throw new TypeError(`Unknown mock Bitcoin wallet failure: ${String(failure)}`);
      failures[failure] = on;
    },
    disconnectFromWallet(): void {
      authorisation.write(false);
      emit('disconnect');
    },
    switchAccount(next: { paymentKey: string; ordinalsKey?: string }): string {
      secrets = { payment: next.paymentKey, ordinals: next.ordinalsKey ?? defaultOrdinalsKey(next.paymentKey) };
      deriveKeys();
      if (authorisation.read()) emit('accounts');
      return keys.payment.address;
    },
    /** `silent` when the switch is part of a prompt the dapp is waiting on (wallet_connect's `network`). */
    switchNetwork(next: BitcoinNetworkName, { silent = false } = {}): void {
      if (!isBitcoinNetworkName(next)) throw new TypeError(`Unknown Bitcoin network: ${String(next)}`);
      if (next === network) return;
      network = next;
      deriveKeys();
      if (!silent && authorisation.read()) emit('network');
    },
  };
  return core;
}
