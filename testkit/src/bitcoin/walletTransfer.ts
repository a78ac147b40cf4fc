import { Address, selectUTXO, Transaction } from '@scure/btc-signer';
import type { BitcoinNetworkParams } from './bitcoinNetworks.js';
import { broadcastTransaction, fetchFeeRate, fetchUtxos } from './walletEsplora.js';
import { BitcoinWalletError, invalidParams } from './walletError.js';
import type { PaymentKey } from './walletKeys.js';

export interface Recipient {
  address: string;
  amount: number;
}

/** sats-connect's `sendTransfer` params: `{ recipients: [{ address, amount (sats, a number) }] }`. */
export function readRecipients(params: unknown, network: BitcoinNetworkParams): Recipient[] {
  const recipients = (params as { recipients?: unknown } | null)?.recipients;
  if (!Array.isArray(recipients) || recipients.length === 0) throw invalidParams('recipients must be a non-empty array');
  return recipients.map((recipient: unknown) => {
    const { address, amount } = (recipient ?? {}) as { address?: unknown; amount?: unknown };
    if (typeof address !== 'string') throw invalidParams('a recipient address must be a string');
    try {
      Address(network).decode(address);
    } catch {
      throw invalidParams(`${address} is not an address of the wallet's network`);
    }
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) throw invalidParams('amounts are positive whole sats');
    return { address, amount };
  });
}

/**
 * Spends the payment address's UTXOs (P2WPKH) to the recipients, change back to it, at the node's fee rate; signs
 * and broadcasts through Esplora. Resolves the txid.
 */
export async function sendFromPaymentKey(
  key: PaymentKey,
  recipients: readonly Recipient[],
  esploraUrl: string,
  network: BitcoinNetworkParams,
): Promise<string> {
  const [utxos, feePerByte] = await Promise.all([fetchUtxos(esploraUrl, key.address), fetchFeeRate(esploraUrl)]);
  const inputs = utxos.map((utxo) => ({
    txid: utxo.txid,
    index: utxo.vout,
    witnessUtxo: { script: key.script, amount: BigInt(utxo.value) },
  }));
  const outputs = recipients.map(({ address, amount }) => ({ address, amount: BigInt(amount) }));
  const selected = selectUTXO(inputs, outputs, 'default', {
    changeAddress: key.address,
    feePerByte,
    bip69: false,
    createTx: true,
    network,
  });
  if (!selected?.tx) {
    const held = utxos.reduce((sum, utxo) => sum + BigInt(utxo.value), 0n);
    const wanted = outputs.reduce((sum, output) => sum + output.amount, 0n);
    throw new BitcoinWalletError(
      'internal',
      `Insufficient balance: the payment address holds ${held} sats, the transfer needs ${wanted} sats plus fees`,
    );
  }
  selected.tx.sign(key.secret);
  selected.tx.finalize();
  return broadcastTransaction(esploraUrl, selected.tx.hex);
}

/** Signs the listed inputs of a PSBT with `secret` (left unfinalised, as Wallet Standard wallets answer). */
export function signPsbtInputs(psbt: Uint8Array, secret: Uint8Array, indexes: readonly number[]): Uint8Array {
  let tx: Transaction;
  try {
    tx = Transaction.fromPSBT(psbt);
  } catch (error) {
    throw invalidParams(`the PSBT does not decode: ${(error as Error).message}`);
  }
  for (const index of indexes) {
    if (!Number.isInteger(index) || index < 0 || index >= tx.inputsLength) throw invalidParams(`no input ${index} to sign`);
    if (!tx.signIdx(secret, index)) throw invalidParams(`input ${index} is not the account's to sign`);
  }
  return tx.toPSBT();
}
