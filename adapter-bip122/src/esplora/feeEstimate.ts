import { LatchError, type CaipNetwork } from '@latch/kernel';
import { bitcoinAddressType, type AddressType } from '../address/bitcoinAddress.js';
import { INSUFFICIENT_FUNDS_MESSAGE } from '../walletErrors.js';
import { readFeeRate, readUtxos } from './queries.js';

/** Virtual bytes an input spending each address type adds (signature sizes at their usual maximum). */
const INPUT_VBYTES: Readonly<Record<AddressType, number>> = { p2pkh: 148, p2sh: 91, p2wpkh: 68, p2wsh: 105, p2tr: 57.5, witness: 68 };
/** Virtual bytes of an output paying each address type. */
const OUTPUT_VBYTES: Readonly<Record<AddressType, number>> = { p2pkh: 34, p2sh: 32, p2wpkh: 31, p2wsh: 43, p2tr: 43, witness: 43 };
/** Version, locktime, counts, and the SegWit marker and flag. */
const OVERHEAD_VBYTES = 10.5;
/** Change smaller than this is left to the fee rather than kept as an output nobody can spend at a profit. */
const DUST_SATS = 546n;

/**
 * The network fee of sending `amount` sats from `from` to `to`: the fewest largest UTXOs that cover the amount and
 * the fee, at the Esplora fee rate for ~3 blocks. What the wallet charges may differ slightly: it picks its own coins.
 */
export async function estimateTransferFee(network: CaipNetwork, from: string, to: string, amount: bigint): Promise<bigint> {
  const fromType = bitcoinAddressType(from) ?? 'p2wpkh';
  const toType = bitcoinAddressType(to) ?? 'p2wpkh';
  const [utxos, rate] = await Promise.all([readUtxos(network, from), readFeeRate(network)]);
  const coins = [...utxos].sort((a, b) => (a.value > b.value ? -1 : a.value < b.value ? 1 : 0));
  const feeOf = (inputs: number, outputs: AddressType[]) =>
    BigInt(
      Math.ceil((OVERHEAD_VBYTES + inputs * INPUT_VBYTES[fromType] + outputs.reduce((sum, type) => sum + OUTPUT_VBYTES[type], 0)) * rate),
    );
  let held = 0n;
  for (let used = 1; used <= coins.length; used++) {
    held += coins[used - 1]!.value;
    const withChange = feeOf(used, [toType, fromType]);
    if (held >= amount + withChange + DUST_SATS) return withChange;
    const withoutChange = feeOf(used, [toType]);
    if (held >= amount + withoutChange) return held - amount; // the remainder is too small to keep: all of it goes to fees
  }
  throw new LatchError(INSUFFICIENT_FUNDS_MESSAGE, { category: 'VALIDATION_ERROR' });
}
