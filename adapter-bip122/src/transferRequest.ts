import { parseCaipNetworkId, type TransferRequest } from '@latch/kernel';
import { isBitcoinAddress } from './address/bitcoinAddress.js';
import { addressFamilyOf } from './address/networkFamily.js';
import { MAX_SATS } from './constants.js';
import { invalid } from './walletErrors.js';

/** Checked before anything reaches the wallet or the network: a malformed address would be paid as given. */
export function assertValidTransfer({ from, to, amount, token, network }: TransferRequest): void {
  if (token !== undefined) throw invalid('Only BTC can be sent: Bitcoin has no tokens here');
  if (parseCaipNetworkId(network.caipNetworkId)?.namespace !== 'bip122') throw invalid(`Not a Bitcoin network: ${network.caipNetworkId}`);
  const family = addressFamilyOf(network.caipNetworkId);
  if (!isBitcoinAddress(from, family)) throw invalid('Invalid transfer sender');
  if (!isBitcoinAddress(to, family)) throw invalid(`Invalid transfer receiver: not a ${network.name} address`);
  if (typeof amount !== 'bigint' || amount <= 0n) throw invalid('Invalid transfer amount: it must be a positive number of sats');
  if (amount > MAX_SATS) throw invalid('Invalid transfer amount: it is more than 21 million BTC');
}
