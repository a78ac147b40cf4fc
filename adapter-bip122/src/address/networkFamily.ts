import type { CaipNetworkId } from '@latch/kernel';
import {
  BITCOIN_MAINNET_CAIP_NETWORK_ID,
  BITCOIN_REGTEST_CAIP_NETWORK_ID,
  BITCOIN_SIGNET_CAIP_NETWORK_ID,
  BITCOIN_TESTNET4_CAIP_NETWORK_ID,
  BITCOIN_TESTNET_CAIP_NETWORK_ID,
} from '../networks/chainIds.js';
import { type AddressFamily, MAINNET_FAMILY, REGTEST_FAMILY, TESTNET_FAMILY } from './bitcoinAddress.js';

const FAMILY_BY_NETWORK: ReadonlyMap<string, AddressFamily> = new Map([
  [BITCOIN_MAINNET_CAIP_NETWORK_ID, MAINNET_FAMILY],
  [BITCOIN_TESTNET_CAIP_NETWORK_ID, TESTNET_FAMILY],
  [BITCOIN_TESTNET4_CAIP_NETWORK_ID, TESTNET_FAMILY],
  [BITCOIN_SIGNET_CAIP_NETWORK_ID, TESTNET_FAMILY],
  [BITCOIN_REGTEST_CAIP_NETWORK_ID, REGTEST_FAMILY],
]);

/** The address prefixes of a known Bitcoin network; undefined for one this adapter does not know (any address then). */
export function addressFamilyOf(caipNetworkId: CaipNetworkId): AddressFamily | undefined {
  return FAMILY_BY_NETWORK.get(caipNetworkId);
}
