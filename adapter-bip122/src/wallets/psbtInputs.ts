import { LatchError, type CaipNetwork } from '@latch/kernel';
import { Address, OutScript, p2wpkh } from '@scure/btc-signer';
import { hex } from '@scure/base';
import { REGTEST_FAMILY, TESTNET_FAMILY, type AddressFamily } from '../address/bitcoinAddress.js';
import { readTransactionHex, type Utxo } from '../esplora/queries.js';
import type { BitcoinAccount } from './types.js';

/* What a PSBT spending the payment account needs: shared by coin selection (quotes, Max) and the Wallet Standard send. */

/** @scure/btc-signer's network shape for an address family (regtest's for a network this adapter does not know). */
export function signerNetwork(known: AddressFamily | undefined) {
  const family: AddressFamily = known ?? REGTEST_FAMILY;
  return {
    bech32: family.hrp,
    pubKeyHash: family.pubKeyHash,
    scriptHash: family.scriptHash,
    wif: family === TESTNET_FAMILY || family === REGTEST_FAMILY ? 0xef : 0x80,
  };
}

const xOnly = (publicKey: string) => hex.decode(publicKey.length === 66 ? publicKey.slice(2) : publicKey);

/** What a PSBT input of the payment account needs to be signed, by its address type. */
export async function inputFor(utxo: Utxo, payment: BitcoinAccount, network: CaipNetwork, params: ReturnType<typeof signerNetwork>) {
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
