import { LatchError, readUntrustedProperty } from '@latch/kernel';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { Transaction } from '@scure/btc-signer';
import { hex } from '@scure/base';
import { addressFamilyOf } from '../../address/networkFamily.js';
import { broadcastTransaction } from '../../esplora/queries.js';
import { malformedAnswer, toTransferError, toWalletError, unsupportedFeature } from '../../walletErrors.js';
import { planPayment } from '../coinSelection.js';
import type { TransferOrder } from '../types.js';

type Feature = Record<string, (...args: unknown[]) => Promise<unknown>>;

export interface StandardTransfer {
  wallet: Wallet;
  walletName: string;
  order: TransferOrder;
  /** `bitcoin:mainnet|testnet|regtest`, when the network has one. */
  chain: string | undefined;
  paymentAccount: WalletAccount;
  feature(name: string, method: string): Feature | undefined;
}

/** Whether the wallet signed the transaction it was given: same outputs (scripts and amounts), in order. */
function sameOutputs(a: Transaction, b: Transaction): boolean {
  if (a.outputsLength !== b.outputsLength) return false;
  for (let i = 0; i < a.outputsLength; i++) {
    const [x, y] = [a.getOutput(i), b.getOutput(i)];
    if (x.amount !== y.amount || !x.script || !y.script || hex.encode(x.script) !== hex.encode(y.script)) return false;
  }
  return true;
}

/**
 * A native transfer through a Wallet Standard wallet: the payment account's UTXOs from Esplora, a PSBT paying `to`
 * with change back, signed by the wallet (`bitcoin:signAndSendTransaction`, or `bitcoin:signTransaction` then
 * finalised here and broadcast through Esplora). Resolves the txid.
 */
export async function sendWithStandardWallet({ walletName, order, chain, paymentAccount, feature }: StandardTransfer): Promise<string> {
  const { network, accounts, to, amount } = order;
  try {
    // At the reviewed fee rate: the fee the visitor saw is the fee of the transaction the wallet signs.
    const known = { ...network, family: addressFamilyOf(network.caipNetworkId) };
    const unsigned = (await planPayment(known, accounts.payment, to, amount, order.feeRate)).tx;
    const inputsToSign = [{ account: paymentAccount, signingIndexes: Array.from({ length: unsigned.inputsLength }, (_, i) => i) }];
    const psbt = unsigned.toPSBT();
    const signAndSend = chain ? feature('bitcoin:signAndSendTransaction', 'signAndSendTransaction') : undefined;
    if (signAndSend) {
      const [output] = (await signAndSend.signAndSendTransaction!({ psbt, inputsToSign, chain }).catch((err: unknown) =>
        Promise.reject(toWalletError(err)),
      )) as unknown[];
      const txId = readUntrustedProperty(output, 'txId');
      if (typeof txId !== 'string' || !/^[0-9a-f]{64}$/i.test(txId)) throw malformedAnswer(walletName, 'transaction id');
      return txId.toLowerCase();
    }
    const sign = feature('bitcoin:signTransaction', 'signTransaction');
    if (!sign) throw unsupportedFeature(walletName, 'bitcoin:signTransaction');
    const [output] = (await sign.signTransaction!({ psbt, inputsToSign, ...(chain ? { chain } : {}) }).catch((err: unknown) =>
      Promise.reject(toWalletError(err)),
    )) as unknown[];
    const signedPsbt = readUntrustedProperty(output, 'signedPsbt');
    if (!(signedPsbt instanceof Uint8Array)) throw malformedAnswer(walletName, 'signed transaction');
    let signed: Transaction;
    try {
      signed = Transaction.fromPSBT(signedPsbt);
      signed.finalize();
    } catch (err) {
      throw new LatchError(`${walletName} answered a transaction that does not finalise`, { category: 'CONNECTOR_ERROR', cause: err });
    }
    if (!sameOutputs(unsigned, signed)) throw malformedAnswer(walletName, 'transaction: its outputs differ from the transfer asked');
    return await broadcastTransaction(network, signed.hex);
  } catch (err) {
    throw toTransferError(err);
  }
}
