import { Address, OutScript, RawTx, RawWitness, Script, Transaction } from '@scure/btc-signer';
import { pubSchnorr, tagSchnorr } from '@scure/btc-signer/utils.js';
import { base64 } from '@scure/base';
import type { BitcoinNetworkParams } from './bitcoinNetworks.js';

/*
 * BIP-322 "simple" signatures on @scure/btc-signer, which has no BIP-322 API. bip322-js would do it, but it needs
 * Node's Buffer and stream in a page (a 700 kB bundle with shims); this runs in both. Tests check that it equals
 * bip322-js's Signer byte for byte and that bip322-js's Verifier accepts it.
 */

const MESSAGE_TAG = 'BIP0322-signed-message';

/** BIP-322's message hash: the tagged hash the `to_spend` transaction commits to (what wallets report as `messageHash`). */
export function bip322MessageHash(message: string): Uint8Array {
  return tagSchnorr(MESSAGE_TAG, new TextEncoder().encode(message));
}

/** The virtual `to_spend` transaction's id: it commits to the message and the signer's output script. */
function toSpendTxid(script: Uint8Array, message: string): string {
  const messageHash = bip322MessageHash(message);
  const raw = RawTx.encode({
    version: 0,
    inputs: [{ txid: new Uint8Array(32), index: 0xffffffff, finalScriptSig: Script.encode(['OP_0', messageHash]), sequence: 0 }],
    outputs: [{ amount: 0n, script }],
    lockTime: 0,
  });
  return Transaction.fromRaw(raw, { allowUnknownInputs: true }).id;
}

/** Signs `message` for `address` (P2WPKH or P2TR key path) with its secret key; resolves the base64 witness. */
export function signBip322Simple(secret: Uint8Array, address: string, message: string, network: BitcoinNetworkParams): string {
  const decoded = Address(network).decode(address);
  if (decoded.type !== 'wpkh' && decoded.type !== 'tr')
    throw new TypeError(`BIP-322 signing supports P2WPKH and P2TR, not ${decoded.type}`);
  const script = OutScript.encode(decoded);
  const toSign = new Transaction({ version: 0, allowUnknownOutputs: true });
  toSign.addInput({
    txid: toSpendTxid(script, message),
    index: 0,
    sequence: 0,
    witnessUtxo: { script, amount: 0n },
    ...(decoded.type === 'tr' ? { tapInternalKey: pubSchnorr(secret) } : {}),
  });
  toSign.addOutput({ script: Script.encode(['RETURN']), amount: 0n });
  toSign.signIdx(secret, 0);
  toSign.finalizeIdx(0);
  const witness = toSign.getInput(0).finalScriptWitness;
  if (!witness) throw new Error('BIP-322: the signature produced no witness');
  return base64.encode(RawWitness.encode(witness));
}
