import { LatchError, readUntrustedProperty, type CaipNetwork } from '@latch/kernel';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { Address, OutScript, p2wpkh, selectUTXO, Transaction } from '@scure/btc-signer';
import { hex } from '@scure/base';
import { REGTEST_FAMILY, TESTNET_FAMILY, type AddressFamily } from '../../address/bitcoinAddress.js';
import { addressFamilyOf } from '../../address/networkFamily.js';
import { broadcastTransaction, readFeeRate, readTransactionHex, readUtxos, type Utxo } from '../../esplora/queries.js';
import { INSUFFICIENT_FUNDS_MESSAGE, malformedAnswer, toTransferError, toWalletError, unsupportedFeature } from '../../walletErrors.js';
import type { BitcoinAccount, TransferOrder } from '../types.js';

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

/** @scure/btc-signer's network shape for an address family. */
function signerNetwork(network: CaipNetwork) {
  const family: AddressFamily = addressFamilyOf(network.caipNetworkId) ?? REGTEST_FAMILY;
  return {
    bech32: family.hrp,
    pubKeyHash: family.pubKeyHash,
    scriptHash: family.scriptHash,
    wif: family === TESTNET_FAMILY || family === REGTEST_FAMILY ? 0xef : 0x80,
  };
}

const xOnly = (publicKey: string) => hex.decode(publicKey.length === 66 ? publicKey.slice(2) : publicKey);

/** What a PSBT input of the payment account needs to be signed, by its address type. */
async function inputFor(utxo: Utxo, payment: BitcoinAccount, network: CaipNetwork, params: ReturnType<typeof signerNetwork>) {
  const base = { txid: utxo.txid, index: utxo.vout };
  const witnessUtxo = { script: OutScript.encode(Address(params).decode(payment.address)), amount: utxo.value };
  const needsKey = () => {
    if (!payment.publicKey)
      throw new LatchError(`Sending from ${payment.address} needs its public key, which the wallet did not give`, {
        category: 'CONNECTOR_ERROR',
      });
    return payment.publicKey;
  };
  switch (payment.type) {
    case 'p2wpkh':
      return { ...base, witnessUtxo };
    case 'p2tr':
      return { ...base, witnessUtxo, tapInternalKey: xOnly(needsKey()) };
    case 'p2sh': // nested SegWit, the only P2SH a single-key wallet pays to
      return { ...base, witnessUtxo, redeemScript: p2wpkh(hex.decode(needsKey()), params).script };
    case 'p2pkh':
      return { ...base, nonWitnessUtxo: hex.decode(await readTransactionHex(network, utxo.txid)) };
    default:
      throw new LatchError(`Sending from a ${payment.type} address is not supported`, { category: 'VALIDATION_ERROR' });
  }
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
  const params = signerNetwork(network);
  try {
    const [utxos, feeRate] = await Promise.all([readUtxos(network, accounts.payment.address), readFeeRate(network)]);
    const inputs = await Promise.all(utxos.map((utxo) => inputFor(utxo, accounts.payment, network, params)));
    const selected = selectUTXO(inputs, [{ address: to, amount }], 'default', {
      changeAddress: accounts.payment.address,
      feePerByte: BigInt(feeRate),
      bip69: false,
      createTx: true,
      network: params,
    });
    if (!selected?.tx) throw new LatchError(INSUFFICIENT_FUNDS_MESSAGE, { category: 'CONNECTOR_ERROR' });
    const unsigned = selected.tx;
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
