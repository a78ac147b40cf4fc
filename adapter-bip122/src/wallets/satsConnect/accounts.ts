import { readUntrustedProperty, type CaipNetworkId } from '@latch/kernel';
import { bitcoinAddressType } from '../../address/bitcoinAddress.js';
import { addressFamilyOf } from '../../address/networkFamily.js';
import { readList } from '../../discovery/untrusted.js';
import { malformedAnswer } from '../../walletErrors.js';
import type { BitcoinAccount, BitcoinAccounts } from '../types.js';
import { caipNetworkIdOfSatsName } from './networkNames.js';

const PUBLIC_KEY = /^([0-9a-f]{64}|0[23][0-9a-f]{64})$/i;
const MAX_ADDRESSES = 16;

/** The network of an answer carrying sats-connect's `network: { bitcoin: { name } }`, if it names one. */
export function networkOfAnswer(answer: unknown): CaipNetworkId | undefined {
  return caipNetworkIdOfSatsName(readUntrustedProperty(readUntrustedProperty(readUntrustedProperty(answer, 'network'), 'bitcoin'), 'name'));
}

function accountOf(entry: unknown, caipNetworkId: CaipNetworkId): BitcoinAccount | undefined {
  const address = readUntrustedProperty(entry, 'address');
  const family = addressFamilyOf(caipNetworkId);
  const type = bitcoinAddressType(address, family ? [family] : undefined);
  if (typeof address !== 'string' || !type) return undefined;
  const publicKey = readUntrustedProperty(entry, 'publicKey');
  return { address, type, ...(typeof publicKey === 'string' && PUBLIC_KEY.test(publicKey) ? { publicKey: publicKey.toLowerCase() } : {}) };
}

/**
 * The payment and ordinals accounts of a sats-connect address list (`[{ address, publicKey, purpose, addressType }]`)
 * on `caipNetworkId`. An address that is not one of that network is malformed; a list without a payment address too.
 */
export function readSatsConnectAccounts(addresses: unknown, caipNetworkId: CaipNetworkId, walletName: string): BitcoinAccounts {
  let payment: BitcoinAccount | undefined;
  let ordinal: BitcoinAccount | undefined;
  for (const entry of readList(addresses, MAX_ADDRESSES)) {
    const purpose = readUntrustedProperty(entry, 'purpose');
    if (purpose !== 'payment' && purpose !== 'ordinals') continue; // stacks, starknet, spark…
    const account = accountOf(entry, caipNetworkId);
    if (!account) throw malformedAnswer(walletName, `${purpose} address`);
    if (purpose === 'payment') payment ??= account;
    else ordinal ??= account;
  }
  if (!payment) throw malformedAnswer(walletName, 'account: it has no payment address');
  return { payment, ...(ordinal ? { ordinal } : {}), caipNetworkId };
}
