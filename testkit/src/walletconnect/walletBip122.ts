import { Address, Transaction } from '@scure/btc-signer';
import { base64, hex } from '@scure/base';
import { bip322MessageHash, signBip322Simple } from '../bitcoin/bip322.js';
import { bitcoinMessageHash, signBip137 } from '../bitcoin/bip137.js';
import { BITCOIN_NETWORKS, type BitcoinNetworkParams, isBitcoinNetworkName } from '../bitcoin/bitcoinNetworks.js';
import { defaultOrdinalsKey } from '../bitcoin/walletCore.js';
import { BitcoinWalletError } from '../bitcoin/walletError.js';
import { broadcastTransaction } from '../bitcoin/walletEsplora.js';
import { ordinalsKeyOf, paymentKeyOf } from '../bitcoin/walletKeys.js';
import { sendFromPaymentKey } from '../bitcoin/walletTransfer.js';
import type { WalletNamespaceFactory } from './walletNamespace.js';
import { invalidParams, unsupportedAccounts, unsupportedMethod, userRejected, WalletRequestError } from './walletRequestError.js';

/*
 * The test wallet's bip122 namespace: a static wallet (WalletConnect's term) with a real P2WPKH payment key and a
 * P2TR ordinals key, answering WalletConnect's Bitcoin RPC (docs.reown.com/advanced/multichain/rpc-reference/bitcoin-rpc)
 * with the mock extension's own code: BIP-322 (or ECDSA) message signatures, transfers built from the payment
 * address's UTXOs and broadcast through the node's Esplora API, PSBT inputs signed with @scure/btc-signer.
 */

/** The bip122 methods and events the test wallet approves. */
export const BIP122_METHODS = ['getAccountAddresses', 'signMessage', 'sendTransfer', 'signPsbt'] as const;
export const BIP122_EVENTS = ['bip122_addressesChanged'] as const;

const SATS = /^[1-9][0-9]{0,15}$/;
const MEMO = /^(?:[0-9a-f]{2}){0,80}$/i;

function objectParam(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidParams(`${what} must be an object`);
  return value as Record<string, unknown>;
}

/**
 * JSON-RPC's implementation-defined server error: a failure of the wallet's node (not enough funds, a refused broadcast).
 * Not -32603: WalletConnect replaces the message of a reserved code with the standard text, and this one must arrive.
 */
const SERVER_ERROR = -32000;

/** The shared Bitcoin wallet code's refusals as WalletConnect answers them. */
function asRequestError(error: unknown): unknown {
  if (!(error instanceof BitcoinWalletError)) return error;
  if (error.kind === 'rejected') return userRejected();
  return new WalletRequestError(error.kind === 'invalidParams' ? -32602 : SERVER_ERROR, error.message);
}

function isAddressOf(address: unknown, params: BitcoinNetworkParams): address is string {
  try {
    return typeof address === 'string' && Address(params).decode(address) !== undefined;
  } catch {
    return false;
  }
}

/** The wallet's namespace when the options give it a Bitcoin key. */
export const createBip122WalletNamespace: WalletNamespaceFactory = async (options) => {
  const config = options.bip122;
  if (!config) return undefined;
  if (typeof config.esploraUrl !== 'string' || !/^https?:\/\/[^/]/.test(config.esploraUrl)) {
    throw new Error(`WalletConnect test wallet: bip122.esploraUrl must be an http(s) URL, got ${String(config.esploraUrl)}`);
  }
  const networkName = config.network ?? 'Regtest';
  if (!isBitcoinNetworkName(networkName)) throw new Error(`WalletConnect test wallet: unknown bip122.network ${String(networkName)}`);
  const { params, caipNetworkId: chain } = BITCOIN_NETWORKS[networkName];
  const keysOf = (paymentKey: string, ordinalsKey?: string) => {
    try {
      return { payment: paymentKeyOf(paymentKey, params), ordinals: ordinalsKeyOf(ordinalsKey ?? defaultOrdinalsKey(paymentKey), params) };
    } catch (error) {
      throw new Error(`WalletConnect test wallet: bip122 keys: ${(error as Error).message}`);
    }
  };
  let { payment, ordinals } = keysOf(config.paymentKey, config.ordinalsKey);
  /** getAccountAddresses' answer (and bip122_addressesChanged's data): a static wallet's two addresses. */
  const listed = () => [
    { address: payment.address, publicKey: payment.publicKey, intention: 'payment' as const },
    { address: ordinals.address, publicKey: ordinals.publicKey, intention: 'ordinal' as const },
  ];
  const secretOf = (address: unknown) =>
    address === payment.address ? payment.secret : address === ordinals.address ? ordinals.secret : undefined;
  /** Every request names the connected account: its first external address, the payment one. */
  const checkAccount = (params: Record<string, unknown>) => {
    if (params.account !== payment.address) throw unsupportedAccounts(String(params.account));
  };

  async function run<T>(work: () => T | Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw asRequestError(error);
    }
  }

  return {
    namespace: 'bip122',
    chains: [chain],
    methods: BIP122_METHODS,
    events: BIP122_EVENTS,
    get address() {
      return payment.address;
    },
    accounts: () => [`${chain}:${payment.address}`],
    /** Another payment key (hex; its ordinals key derived from it). */
    async switchAccount(paymentKey) {
      ({ payment, ordinals } = keysOf(paymentKey));
      return payment.address;
    },
    accountEvent: () => ({ name: 'bip122_addressesChanged', data: listed() }),
    async answer({ method, params: raw }, { rejectSigning }) {
      if (!(BIP122_METHODS as readonly string[]).includes(method)) throw unsupportedMethod(method);
      const request = objectParam(raw, `${method}: params`);
      checkAccount(request);
      switch (method) {
        case 'getAccountAddresses': {
          const { intentions } = request;
          if (intentions === undefined) return listed();
          if (!Array.isArray(intentions) || !intentions.every((i) => typeof i === 'string'))
            throw invalidParams('getAccountAddresses: intentions must be an array of strings');
          return listed().filter((entry) => intentions.includes(entry.intention));
        }
        case 'signMessage': {
          const { message, address = payment.address, protocol = 'ecdsa' } = request;
          if (typeof message !== 'string') throw invalidParams('signMessage: message must be a string');
          const secret = secretOf(address);
          if (!secret) throw unsupportedAccounts(String(address));
          if (protocol !== 'ecdsa' && protocol !== 'bip322') throw invalidParams(`signMessage: unknown protocol ${String(protocol)}`);
          if (protocol === 'ecdsa' && address !== payment.address)
            throw invalidParams('signMessage: ECDSA signatures are made by the payment address; ask bip322 for the ordinals one');
          if (rejectSigning) throw userRejected();
          return run(() =>
            protocol === 'bip322'
              ? {
                  address,
                  signature: hex.encode(base64.decode(signBip322Simple(secret, address as string, message, params))),
                  messageHash: hex.encode(bip322MessageHash(message)),
                }
              : {
                  address,
                  signature: hex.encode(signBip137(secret, message, 'p2wpkh')),
                  messageHash: hex.encode(bitcoinMessageHash(message)),
                },
          );
        }
        case 'sendTransfer': {
          const { recipientAddress, amount, changeAddress, memo } = request;
          if (!isAddressOf(recipientAddress, params))
            throw invalidParams(`sendTransfer: ${String(recipientAddress)} is not a ${networkName} address`);
          if (typeof amount !== 'string' || !SATS.test(amount) || !Number.isSafeInteger(Number(amount)))
            throw invalidParams('sendTransfer: amount must be a decimal string of positive whole sats');
          // A static wallet: change goes back to the payment address, the only one it spends from.
          if (changeAddress !== undefined && changeAddress !== payment.address)
            throw invalidParams('sendTransfer: changeAddress must be the payment address of this wallet');
          // No OP_RETURN output here (the reference leaves memos to "supporting wallets"); a malformed one is still refused.
          if (memo !== undefined && (typeof memo !== 'string' || !MEMO.test(memo)))
            throw invalidParams('sendTransfer: memo must be hex, at most 80 bytes');
          if (rejectSigning) throw userRejected();
          const recipients = [{ address: recipientAddress, amount: Number(amount) }];
          return { txid: await run(() => sendFromPaymentKey(payment, recipients, config.esploraUrl, params)) };
        }
        case 'signPsbt': {
          const { psbt, signInputs, broadcast = false } = request;
          if (typeof psbt !== 'string') throw invalidParams('signPsbt: psbt must be a base64 string');
          if (!Array.isArray(signInputs) || signInputs.length === 0) throw invalidParams('signPsbt: signInputs must be a non-empty array');
          if (typeof broadcast !== 'boolean') throw invalidParams('signPsbt: broadcast must be a boolean');
          let tx: Transaction;
          try {
            tx = Transaction.fromPSBT(base64.decode(psbt));
          } catch (error) {
            throw invalidParams(`signPsbt: the PSBT does not decode: ${(error as Error).message}`);
          }
          const wanted = signInputs.map((entry: unknown) => {
            const { address, index, sighashTypes } = objectParam(entry, 'signPsbt: a signInputs entry');
            const secret = secretOf(address);
            if (!secret) throw unsupportedAccounts(String(address));
            if (!Number.isSafeInteger(index) || (index as number) < 0 || (index as number) >= tx.inputsLength)
              throw invalidParams(`signPsbt: no input ${String(index)} to sign`);
            if (sighashTypes !== undefined && (!Array.isArray(sighashTypes) || !sighashTypes.every(Number.isInteger)))
              throw invalidParams('signPsbt: sighashTypes must be integers');
            return { secret, index: index as number, sighashTypes: sighashTypes as number[] | undefined };
          });
          if (rejectSigning) throw userRejected();
          for (const { secret, index, sighashTypes } of wanted) {
            let signed: boolean;
            try {
              signed = tx.signIdx(secret, index, sighashTypes);
            } catch (error) {
              throw invalidParams(`signPsbt: input ${index}: ${(error as Error).message}`);
            }
            if (!signed) throw invalidParams(`signPsbt: input ${index} is not the key's to sign`);
          }
          if (!broadcast) return { psbt: base64.encode(tx.toPSBT()) };
          try {
            tx.finalize();
          } catch (error) {
            throw invalidParams(`signPsbt: the signed PSBT does not finalise, so it cannot be broadcast: ${(error as Error).message}`);
          }
          const txid = await run(() => broadcastTransaction(config.esploraUrl, tx.hex));
          return { psbt: base64.encode(tx.toPSBT()), txid };
        }
        default:
          throw unsupportedMethod(method);
      }
    },
  };
};
